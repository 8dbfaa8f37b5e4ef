import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { objectKey, s3Client, s3Sdk } from '../s3-client.js';
import { DatabaseFiles } from './database.js';
import type { FileStore, StoredBytes } from './index.js';

/**
 * Files' bytes in an S3-compatible bucket (FILES_S3_*), one object a file at
 * `<prefix>/<school schema>/<key>`, so every server of a group serves every file. Rows stored
 * before the bucket was set keep their bytes in the database and are read from there.
 */
export class S3Files implements FileStore {
  readonly name = 's3';
  private client: Promise<S3Client> | undefined;
  private readonly rows = new DatabaseFiles();

  constructor(private readonly s: S3Settings) {}

  private s3() {
    this.client ??= s3Client(this.s);
    return this.client;
  }

  async put(file: { schema: string; key: string; bytes: Buffer; contentType: string }): Promise<StoredBytes> {
    const { PutObjectCommand } = await s3Sdk();
    const key = objectKey(this.s.prefix, file.schema, file.key);
    await (await this.s3()).send(new PutObjectCommand({
      Bucket: this.s.bucket, Key: key, Body: file.bytes, ContentType: file.contentType, ContentLength: file.bytes.length,
    }));
    return { bytes: null, location: `s3://${this.s.bucket}/${key}` };
  }

  async open(row: StoredBytes) {
    if (!row.location) return this.rows.open(row);
    const got = await this.get(row.location);
    return { body: got.Body as Readable, size: Number(got.ContentLength) };
  }

  async read(row: StoredBytes): Promise<Buffer> {
    if (!row.location) return this.rows.read(row);
    const got = await this.get(row.location);
    return Buffer.from(await got.Body!.transformToByteArray());
  }

  async remove(location: string): Promise<void> {
    const { DeleteObjectCommand } = await s3Sdk();
    await (await this.s3()).send(new DeleteObjectCommand(parseLocation(location)));
  }

  private async get(location: string) {
    const { GetObjectCommand } = await s3Sdk();
    return (await this.s3()).send(new GetObjectCommand(parseLocation(location)));
  }
}

/** s3://<bucket>/<key> as the SDK's Bucket and Key. */
export function parseLocation(location: string): { Bucket: string; Key: string } {
  const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(location);
  if (!m) throw new Error(`"${location}" is not an s3://<bucket>/<key> location`);
  return { Bucket: m[1]!, Key: m[2]! };
}

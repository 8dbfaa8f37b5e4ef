import fs from 'node:fs';
import path from 'node:path';
import { s3Settings, type S3Settings } from '../config.js';
import { objectKey, s3Client } from '../integrations/s3-client.js';
import type { RemoteStore } from './remote.js';

/**
 * An S3-compatible store (AWS S3, MinIO, Backblaze B2, Cloudflare R2, Wasabi) that each backup
 * is copied to through the AWS SDK, streamed from the file in parts (a multipart upload, so a
 * backup may pass S3's 5 GB limit of one PUT). Chosen by BACKUP_S3_BUCKET; BACKUP_S3_ENDPOINT
 * (https://s3.ap-south-1.amazonaws.com by default), BACKUP_S3_REGION (ap-south-1),
 * BACKUP_S3_PREFIX, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY.
 */
export function remoteFromEnv(env: NodeJS.ProcessEnv = process.env): RemoteStore | null {
  const settings = s3Settings(env, 'BACKUP_S3');
  return settings ? new S3Store(settings) : null;
}

/** S3's smallest part but the last (5 MiB). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's most parts in one upload. */
const MAX_PARTS = 10_000;

export class S3Store implements RemoteStore {
  /** `partBytes`: the size of each part (16 MiB unless given), grown when a file would need more than S3's 10,000 parts. */
  constructor(private readonly s: S3Settings, private readonly partBytes = 16 * 1024 * 1024) {
    if (partBytes < MIN_PART_BYTES) throw new Error(`A part of an S3 upload is at least ${MIN_PART_BYTES} bytes`);
  }

  async upload(file: string): Promise<string> {
    const { Upload } = await import('@aws-sdk/lib-storage');
    const key = objectKey(this.s.prefix, path.basename(file));
    const size = fs.statSync(file).size;
    const client = await s3Client(this.s);
    const upload = new Upload({
      client,
      params: { Bucket: this.s.bucket, Key: key, Body: fs.createReadStream(file), ContentType: 'application/gzip', ContentLength: size },
      partSize: Math.max(this.partBytes, Math.ceil(size / MAX_PARTS)),
      // Two parts in flight: a steady copy without holding much of a large backup in memory.
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (e) {
      throw new Error(`the copy to s3://${this.s.bucket}/${key} was refused (${(e as Error).message.slice(0, 200)})`, { cause: e });
    } finally {
      client.destroy();
    }
    return `s3://${this.s.bucket}/${key}`;
  }
}

/**
 * A local S3-compatible store for tests: s3rver (npm) in the test's own process, on a free port,
 * keeping its objects in a temporary directory, with one bucket made. It knows one access key
 * (S3RVER) and does not check signatures, so it stands in for the protocol, not for AWS's
 * refusals of bad keys. Server processes the test starts reach it at `endpoint` too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/config.js';
import { s3Client } from '../../src/server/integrations/s3-client.js';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Settings for the app's stores, their keys under `prefix`. */
  settings(prefix?: string): S3Settings;
  /** The same as `<name>_*` environment variables, for a server process or loadConfig. */
  env(name: 'FILES_S3' | 'BACKUP_S3', prefix?: string): Record<string, string>;
  /** An SDK client of the store, to look at what the app put there. */
  client: S3Client;
  /** Each request the store got, as `METHOD /path?query`, oldest first. */
  requests: string[];
  /** An object's bytes; null when there is none. */
  object(key: string): Promise<Buffer | null>;
  /** The keys of the bucket's objects under a prefix. */
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

const KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startLocalS3(opts: { bucket?: string } = {}): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'school-files-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer.on('request', (req) => requests.push(`${req.method} ${req.url}`));
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (prefix = '') => ({ endpoint, region: 'ap-south-1', bucket, prefix, ...KEY });
  const client = await s3Client(settings());
  return {
    endpoint, bucket, settings, client, requests,
    env: (name, prefix = '') => ({
      [`${name}_BUCKET`]: bucket, [`${name}_ENDPOINT`]: endpoint, [`${name}_REGION`]: 'ap-south-1', [`${name}_PREFIX`]: prefix,
      [`${name}_ACCESS_KEY_ID`]: KEY.accessKeyId, [`${name}_SECRET_ACCESS_KEY`]: KEY.secretAccessKey,
    }),
    async object(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await got.Body!.transformToByteArray());
      } catch (e) {
        if (e instanceof NoSuchKey) return null;
        throw e;
      }
    },
    async keys(prefix = '') {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        out.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return out;
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

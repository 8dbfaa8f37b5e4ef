import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { DatabaseFiles } from './database.js';
import { S3Files } from './s3.js';

/**
 * Where an uploaded file's bytes are, as its `file` row says: in the row itself (`bytes`), or in
 * an object store at `location` (`s3://<bucket>/<key>`). Each row has one of the two, and is read
 * from where it says, whatever the store new files go to now.
 */
export interface StoredBytes {
  bytes: Uint8Array | null;
  location: string | null;
}

/** Keeps uploaded files' bytes; the `file` row (name, type, size, kind, who) stays in the school's database either way. */
export interface FileStore {
  readonly name: 'database' | 's3';
  /** Keeps a new file's bytes, before its row is inserted (so no row ever names bytes that were not kept); answers what the row holds. */
  put(file: { schema: string; key: string; bytes: Buffer; contentType: string }): Promise<StoredBytes>;
  /** A stored file's bytes to send, and how many there are. */
  open(row: StoredBytes): Promise<{ body: Readable | Buffer; size: number }>;
  /** A stored file's bytes whole, for a reader that parses them (an import, the letterhead's logo). */
  read(row: StoredBytes): Promise<Buffer>;
  /** Removes the bytes at a removed row's location. */
  remove(location: string): Promise<void>;
}

/** S3 when FILES_S3_BUCKET is set, else the database. */
export const createFileStore = (config: Pick<Config, 'filesS3'>): FileStore =>
  config.filesS3 ? new S3Files(config.filesS3) : new DatabaseFiles();

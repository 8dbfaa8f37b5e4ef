import type { FileStore, StoredBytes } from './index.js';

/** The default: the bytes in the `file` row itself, so they live, and are backed up, with the records that point at them. */
export class DatabaseFiles implements FileStore {
  readonly name = 'database';

  async put(file: { bytes: Buffer }): Promise<StoredBytes> {
    return { bytes: file.bytes, location: null };
  }

  async open(row: StoredBytes) {
    const bytes = await this.read(row);
    return { body: bytes, size: bytes.length };
  }

  async read(row: StoredBytes): Promise<Buffer> {
    if (row.bytes) return Buffer.from(row.bytes);
    throw elsewhere(row.location);
  }

  async remove(location: string): Promise<void> {
    throw elsewhere(location);
  }
}

const elsewhere = (location: string | null) =>
  new Error(`the file's bytes are kept at ${location ?? 'no location'}, but FILES_S3_BUCKET is not set: set FILES_S3_* as when it was stored`);

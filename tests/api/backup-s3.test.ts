/**
 * The copy of each backup to an S3-compatible store (BACKUP_S3_*), through the AWS SDK, against
 * a real local one (s3rver, in this process): the school's backup lands at <prefix>/<file name>
 * byte for byte and the run says where; a file larger than one part goes up in several parts
 * (a multipart upload, as a backup past S3's 5 GB limit of one PUT must); a refused copy fails
 * the run with the reason.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackup } from '../../src/server/backup/run.js';
import { MIN_PART_BYTES, remoteFromEnv, S3Store } from '../../src/server/backup/s3.js';
import { testApp, type TestApp, type TestSchool } from '../support/app.js';
import { startLocalS3, type LocalS3 } from '../support/s3.js';

let s3: LocalS3;
let t: TestApp;
let s: TestSchool;
let dir: string;

beforeAll(async () => {
  s3 = await startLocalS3({ bucket: 'school-backups-test' });
  t = await testApp();
  s = await t.school();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-s3-'));
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup copied to S3', () => {
  it("lands under the prefix byte for byte, and the run answers s3://bucket/key", async () => {
    const remote = remoteFromEnv(s3.env('BACKUP_S3', '/nightly/'));
    const r = await runBackup(t.database.db, { dir, engine: t.database.kind, reason: 'command', code: s.code, remote });
    expect(r.message).not.toMatch(/failed/);
    expect(r.ok).toBe(true);
    const name = path.basename(r.file!);
    expect(r.uploaded).toBe(`s3://${s3.bucket}/nightly/${name}`);
    expect((await s3.object(`nightly/${name}`))!.equals(fs.readFileSync(r.file!))).toBe(true);
  });

  it('goes up in parts when it is larger than one', async () => {
    // Random bytes: a backup's compressed data does not shrink either.
    const file = path.join(dir, 'backup-20260301T023000Z.jsonl.gz');
    const bytes = crypto.randomBytes(2 * MIN_PART_BYTES + 123_456);
    fs.writeFileSync(file, bytes);
    const seen = s3.requests.length;
    const uploaded = await new S3Store(s3.settings('big'), MIN_PART_BYTES).upload(file);
    expect(uploaded).toBe(`s3://${s3.bucket}/big/backup-20260301T023000Z.jsonl.gz`);
    const parts = s3.requests.slice(seen).filter((r) => /^PUT .*[?&]partNumber=\d+/.test(r));
    expect(parts).toHaveLength(3);
    // Compared as buffers: a deep equality of 10 MB, element by element, would take minutes.
    expect((await s3.object('big/backup-20260301T023000Z.jsonl.gz'))!.equals(bytes)).toBe(true);
  });

  it('fails the run with the reason when the store refuses it, the file kept on the machine', async () => {
    const remote = new S3Store({ ...s3.settings(), bucket: 'no-such-bucket' });
    const r = await runBackup(t.database.db, { dir, engine: t.database.kind, reason: 'command', code: s.code, remote, at: new Date('2026-03-02T02:30:00Z') });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/^Backup failed: the copy to s3:\/\/no-such-bucket\/backup-20260302T023000Z-[A-Z0-9]{6}\.jsonl\.gz was refused \(.*bucket/i);
    expect(fs.existsSync(path.join(dir, `backup-20260302T023000Z-${s.code}.jsonl.gz`))).toBe(true);
  });

  it('needs its keys once a bucket is named', () => {
    expect(remoteFromEnv({})).toBeNull();
    expect(() => remoteFromEnv({ BACKUP_S3_BUCKET: 'school-backups' })).toThrow('BACKUP_S3_BUCKET is set but BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY are not');
  });
});

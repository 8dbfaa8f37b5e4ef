/**
 * Uploaded files in an S3-compatible store (FILES_S3_*), against a real local one (s3rver, in
 * this process): an upload's bytes go to the bucket under <prefix>/<school schema>/<key> and its
 * row keeps the rest; the download through the app answers the same bytes and headers as a file
 * kept in the database; a second app on the same database serves it; files stored in the
 * database before the bucket was set still download and read; a failed put stores no row; a
 * removed note's object goes after the commit; a bucket without keys stops the start.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Ctx } from '../../src/server/framework/context.js';
import { readStoredFile } from '../../src/server/framework/files.js';
import { createIntegrations } from '../../src/server/integrations/index.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { cleanTempDirs, spawnServer, tempDir } from '../support/process.js';
import { startLocalS3, type LocalS3 } from '../support/s3.js';
import { createRecord } from '../support/samples.js';
import { multipart } from '../support/upload.js';

let s3: LocalS3;
let t: TestApp;
let s: TestSchool;
/** The same database with no bucket set: files kept as before. */
let plain: FastifyInstance;

const PREFIX = 'uploads';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(40_000, 'x'), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 9)]);

beforeAll(async () => {
  s3 = await startLocalS3();
  ({ t, s } = await openTestSchool({ filesS3: s3.settings(PREFIX) }));
  plain = await buildApp({ config: { ...t.config, filesS3: undefined }, database: t.database });
});
afterAll(async () => {
  await plain?.close();
  await t?.close();
  await s3?.stop();
  cleanTempDirs();
});

async function upload(app: FastifyInstance, kind: string, filename: string, bytes: Buffer, token = s.tokens['3']!) {
  const { payload, headers } = multipart(filename, bytes);
  const res = await app.inject({ method: 'POST', url: `/api/${s.code}/upload/?file_path=${kind}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}
const keyOf = (path: string) => path.split('/')[4]!;
const fileRow = (key: string) => schoolDb(t, s).selectFrom('file').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
/** What a download answers that a browser acts on. */
const served = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => ({
  status: res.statusCode,
  ...Object.fromEntries(['content-type', 'content-length', 'content-disposition', 'x-content-type-options', 'content-security-policy', 'cache-control']
    .map((h) => [h, res.headers[h]])),
});

describe('with FILES_S3_BUCKET set', () => {
  it("puts an upload's bytes in the bucket under <prefix>/<school schema>/<key>, and only its details in the table", async () => {
    const up = await upload(t.app, 'documents', 'fee structure.pdf', PDF);
    expect(up.body).toMatchObject({ success: true, data: { name: 'fee_structure.pdf', size: PDF.length } });
    const key = keyOf(up.body.data.path);
    const objectKey = `${PREFIX}/${s.schema}/${key}`;
    expect(await s3.object(objectKey)).toEqual(PDF);
    expect(await fileRow(key)).toMatchObject({
      name: 'fee_structure.pdf', content_type: 'application/pdf', size: PDF.length, kind: 'documents', created_by: s.users['3'],
      bytes: null, location: `s3://${s3.bucket}/${objectKey}`,
    });
  });

  it('serves the same bytes with the same headers as a file kept in the database', async () => {
    for (const [name, bytes, disposition] of [['timetable.pdf', PDF, 'attachment'], ['logo.png', PNG, 'inline']] as const) {
      const inBucket = (await upload(t.app, 'documents', name, bytes)).body.data.path;
      const inTable = (await upload(plain, 'documents', name, bytes)).body.data.path;
      expect((await fileRow(keyOf(inBucket))).bytes).toBeNull();
      expect((await fileRow(keyOf(inTable))).location).toBeNull();
      const fromBucket = await t.app.inject({ method: 'GET', url: inBucket });
      const fromTable = await t.app.inject({ method: 'GET', url: inTable });
      expect(fromBucket.rawPayload.equals(bytes)).toBe(true);
      expect(fromTable.rawPayload.equals(bytes)).toBe(true);
      expect(served(fromBucket)).toEqual(served(fromTable));
      expect(served(fromBucket)).toMatchObject({
        status: 200, 'content-length': String(bytes.length), 'content-disposition': `${disposition}; filename="${name}"`,
        'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox",
      });
    }
  });

  it('serves through a second app on the same database a file uploaded through the first', async () => {
    const path = (await upload(t.app, 'documents', 'circular.pdf', PDF)).body.data.path;
    expect(await s3.object(`${PREFIX}/${s.schema}/${keyOf(path)}`)).toEqual(PDF);
    const second = await buildApp({ config: t.config, database: t.database });
    try {
      const got = await second.inject({ method: 'GET', url: path });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('answers 404 for a key it does not hold, a malformed key, a wrong name and another school', async () => {
    const path = (await upload(t.app, 'documents', 'notice.pdf', PDF)).body.data.path as string;
    const key = keyOf(path);
    const other = await t.school();
    for (const url of [
      `/api/${s.code}/files/${'Q'.repeat(32)}/notice.pdf`,
      `/api/${s.code}/files/${key.slice(1)}/notice.pdf`,
      `/api/${s.code}/files/${key}/other.pdf`,
      `/api/${other.code}/files/${key}/notice.pdf`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json().error]).toEqual([url, 404, 'File not found']);
    }
  });

  it('still serves and reads the files stored in the database before the bucket was set', async () => {
    const csv = Buffer.from('fullname,mobile\nAsha Rao,9811111111\n');
    const before = (await upload(plain, 'documents', 'students.csv', csv)).body.data.path as string;
    const row = await fileRow(keyOf(before));
    expect(row.bytes && Buffer.from(row.bytes).equals(csv)).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: before });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe(csv.toString());
    // The readers that parse a file (imports, the letterhead's logo) read both kinds through the store.
    const ctx = { db: schoolDb(t, s), school: { code: s.code, name: '', schema: s.schema }, integrations: createIntegrations(t.config) } as unknown as Ctx;
    expect((await readStoredFile(ctx, before))!.bytes.equals(csv)).toBe(true);
    const after = (await upload(t.app, 'documents', 'students.csv', csv)).body.data.path as string;
    expect(await readStoredFile(ctx, after)).toMatchObject({ name: 'students.csv', contentType: 'text/csv', bytes: csv });
  });

  it('stores no row when the bucket refuses the bytes', async () => {
    const broken = await buildApp({ config: { ...t.config, filesS3: { ...s3.settings(PREFIX), bucket: 'no-such-bucket' } }, database: t.database });
    try {
      const count = async () => Number((await schoolDb(t, s).selectFrom('file').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await count();
      const res = await upload(broken, 'documents', 'lost.pdf', PDF);
      expect(res.status).toBe(500);
      expect(res.body.success).toBe(false);
      expect(await count()).toBe(rows);
    } finally {
      await broken.close();
    }
  });

  it("removes a deleted note's object from the bucket", async () => {
    const klass = await createRecord(t, s, 'classes', { class: '6', section: 'A' });
    const teacher = s.tokens['2']!;
    const path = (await upload(t.app, 'notes', 'plants.pdf', PDF, teacher)).body.data.path as string;
    const objectKey = `${PREFIX}/${s.schema}/${keyOf(path)}`;
    const note = await t.call(s.code, 'PUT /notes/', { class_id: klass.id, subject_id: null, name: 'Plants', description: '', url: path }, teacher);
    expect(note.body.success).toBe(true);
    expect(await s3.object(objectKey)).toEqual(PDF);
    expect((await t.call(s.code, `DELETE /notes/${note.body.data.id}/`, undefined, teacher)).body.success).toBe(true);
    expect(await schoolDb(t, s).selectFrom('file').select('id').where('key', '=', keyOf(path)).executeTakeFirst()).toBeUndefined();
    expect(await s3.object(objectKey)).toBeNull();
  });
});

describe('a bucket without its keys', () => {
  it('is refused with a message naming what is missing', () => {
    expect(() => loadConfig({ FILES_S3_BUCKET: 'school-files' })).toThrow('FILES_S3_BUCKET is set but FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY are not');
    expect(() => loadConfig({ FILES_S3_BUCKET: 'school-files', FILES_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow('FILES_S3_BUCKET is set but FILES_S3_SECRET_ACCESS_KEY is not');
    expect(loadConfig({}).filesS3).toBeUndefined();
    expect(loadConfig({ FILES_S3_BUCKET: 'school-files', FILES_S3_ACCESS_KEY_ID: 'AKIA', FILES_S3_SECRET_ACCESS_KEY: 'secret', FILES_S3_PREFIX: '/school/' }).filesS3)
      .toEqual({ endpoint: 'https://s3.ap-south-1.amazonaws.com', region: 'ap-south-1', bucket: 'school-files', prefix: 'school', accessKeyId: 'AKIA', secretAccessKey: 'secret' });
  });

  it('stops a server at its start, with the message', async () => {
    const server = await spawnServer({ dataDir: tempDir(), embedded: true, seedDemo: false, env: { FILES_S3_BUCKET: 'school-files', FILES_S3_ACCESS_KEY_ID: 'AKIA' } });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.output()).toContain('Could not start: FILES_S3_BUCKET is set but FILES_S3_SECRET_ACCESS_KEY is not');
  });
});

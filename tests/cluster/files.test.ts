/**
 * Two servers of a group with their files in one S3-compatible bucket (FILES_S3_*, a local
 * s3rver in this process): a file uploaded through one server downloads through the other, byte
 * for byte with the same headers, and its bytes are in the bucket, not in the database.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCluster, type Cluster } from '../support/cluster.js';
import { startLocalS3, type LocalS3 } from '../support/s3.js';

let s3: LocalS3;
let c: Cluster;
beforeAll(async () => {
  s3 = await startLocalS3();
  c = await startCluster({ env: s3.env('FILES_S3', 'cluster') });
});
afterAll(async () => {
  await c?.stop();
  await s3?.stop();
});

test('a file uploaded through server A downloads through server B', async () => {
  const [a, b] = c.servers as [typeof c.servers[0], typeof c.servers[0]];
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(200_000), Buffer.from('\n%%EOF\n')]);
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'term 1 timetable.pdf');
  const up = await fetch(`${a.base}/api/${c.school.code}/upload/?file_path=documents`, {
    method: 'POST', body: form, headers: { authorization: `Bearer ${c.school.tokens['3']}` },
  });
  const body = await up.json();
  expect(body).toMatchObject({ success: true, data: { name: 'term_1_timetable.pdf', size: pdf.length } });
  const key = (body.data.path as string).split('/')[4]!;

  const got = await fetch(`${b.base}${body.data.path}`);
  expect(got.status).toBe(200);
  expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
  expect(Object.fromEntries(['content-type', 'content-length', 'content-disposition', 'x-content-type-options'].map((h) => [h, got.headers.get(h)]))).toEqual({
    'content-type': 'application/pdf', 'content-length': String(pdf.length),
    'content-disposition': 'attachment; filename="term_1_timetable.pdf"', 'x-content-type-options': 'nosniff',
  });

  const { schema } = c.school;
  expect((await s3.object(`cluster/${schema}/${key}`))!.equals(pdf)).toBe(true);
  const row = await c.database.db.withSchema(schema).selectFrom('file').select(['bytes', 'location']).where('key', '=', key).executeTakeFirstOrThrow();
  expect(row).toEqual({ bytes: null, location: `s3://${s3.bucket}/cluster/${schema}/${key}` });
  // A wrong name is refused on B as on A.
  expect((await fetch(`${b.base}/api/${c.school.code}/files/${key}/other.pdf`)).status).toBe(404);
});

/**
 * The files browser (spec 4 §2.5, §3 File listing, §7 Files): GET /files/{folder or root}/ answers
 * { type: 'dir' | 'files', list } with sizes, a file downloads from /files/{folder}/{name} as an
 * attachment in a safe type, only admins with the module read it, and hostile folders and names
 * (.., encoded dots and slashes, backslashes, absolute paths, NUL bytes, a symbolic link on the
 * server's disk) reach nothing, with files in the database and in an S3-compatible bucket.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { startLocalS3, type LocalS3 } from '../support/s3.js';
import { multipart } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let s3: LocalS3;
let inBucket: FastifyInstance;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(3000), Buffer.from('\n%%EOF\n')]);
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

async function upload(app: FastifyInstance, kind: string, filename: string, bytes: Buffer) {
  const { payload, headers } = multipart(filename, bytes);
  const res = await app.inject({ method: 'POST', url: `/api/${s.code}/upload/?file_path=${kind}`, payload, headers: { ...headers, authorization: `Bearer ${s.tokens['3']}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { path: string; name: string };
}
const get = (app: FastifyInstance, url: string, token: string | null = s.tokens['3']!) =>
  app.inject({ method: 'GET', url: `/api/${s.code}${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  s3 = await startLocalS3();
  inBucket = await buildApp({ config: { ...t.config, filesS3: s3.settings('browser') }, database: t.database });
  await upload(t.app, 'documents', 'fee structure.pdf', PDF);
  await upload(t.app, 'documents', 'fee structure.pdf', Buffer.concat([PDF, Buffer.from('second')]));
  await upload(inBucket, 'announcement-files', 'sports day.pdf', PDF);
  // A web page and a drawing with a script, as a file the store might hold (kept by a past version or an import).
  const db = schoolDb(t, s);
  for (const [name, type, bytes] of [['page.html', 'text/html', HTML], ['logo.svg', 'image/svg+xml', SVG]] as const) {
    await db.insertInto('file').values({ key: crypto.randomBytes(24).toString('base64url'), name, content_type: type, size: bytes.length, bytes, kind: 'documents' }).execute();
  }
});
afterAll(async () => {
  await inBucket?.close();
  await t?.close();
  await s3?.stop();
});

describe('listing', () => {
  it('answers the folders at the top, with their files, sizes and the whole store\'s size', async () => {
    for (const url of ['/files/', '/files/root/']) {
      const body = (await get(t.app, url)).json();
      expect(body.success).toBe(true);
      expect(body.data.type).toBe('dir');
      const names = body.data.list.map((f: { name: string }) => f.name);
      expect(names).toEqual(expect.arrayContaining(['documents', 'announcement-files']));
      const docs = body.data.list.find((f: { name: string }) => f.name === 'documents');
      expect(docs.files).toBe(4);
      expect(docs.size).toBe(PDF.length * 2 + 6 + HTML.length + SVG.length);
      expect(body.data.size).toBe(body.data.list.reduce((a: number, f: { size: number }) => a + f.size, 0));
    }
  });

  it('answers a folder\'s files, a second file of the same name listed apart, each with its download address', async () => {
    const body = (await get(t.app, '/files/documents/')).json();
    expect(body.data.type).toBe('files');
    expect(body.data.list.map((f: { name: string }) => f.name)).toEqual(['fee_structure.pdf', 'fee_structure~2.pdf', 'page.html', 'logo.svg']);
    expect(body.data.list[1]).toMatchObject({ size: PDF.length + 6, type: 'application/pdf', url: `/api/${s.code}/files/documents/fee_structure~2.pdf` });
    const second = await t.app.inject({ method: 'GET', url: body.data.list[1].url, headers: { authorization: `Bearer ${s.tokens['3']}` } });
    expect(second.rawPayload.equals(Buffer.concat([PDF, Buffer.from('second')]))).toBe(true);
    expect((await get(t.app, '/files/no-such-folder/')).statusCode).toBe(404);
  });
});

describe('downloading', () => {
  it('sends a file as an attachment, and a web page or a drawing as bytes that cannot run', async () => {
    const pdf = await get(t.app, '/files/documents/fee_structure.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expect(pdf.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="fee_structure.pdf"', 'x-content-type-options': 'nosniff' });
    for (const name of ['page.html', 'logo.svg']) {
      const res = await get(t.app, `/files/documents/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('lets only admins with the module list or download, by their module permission', async () => {
    for (const key of ['1', '2', '5', '6', '7', 'admin-none']) {
      expect((await get(t.app, '/files/', s.tokens[key]!)).statusCode, key).toBe(403);
      expect((await get(t.app, '/files/documents/', s.tokens[key]!)).statusCode, key).toBe(403);
      expect((await get(t.app, '/files/documents/fee_structure.pdf', s.tokens[key]!)).statusCode, key).toBe(403);
    }
    expect((await get(t.app, '/files/documents/fee_structure.pdf', null)).statusCode).toBe(401);
    expect((await get(t.app, '/files/documents/fee_structure.pdf', s.tokens['4'])).statusCode).toBe(200);
    expect((await get(t.app, '/files/documents/', s.tokens['admin-read'])).statusCode).toBe(200);
    // Another school's token is no key to this school's files.
    const other = await t.school();
    expect((await get(t.app, '/files/documents/fee_structure.pdf', other.tokens['3'])).statusCode).toBe(401);
  });
});

describe('hostile folders and names reach nothing', () => {
  // The URL standard reads ., .., %2e and %2e%2e as dot segments and resolves them away.
  const bareDots = (segment: string) => /^(\.|%2e){1,2}$/i.test(segment);
  const dataDir = () => t.config.dataDir;
  const HOSTILE_FOLDERS = [
    '..', '%2e%2e', '%2E%2E', '.', '..%2f..', '..%2F..%2Fetc', '%2fetc', '%5c..%5c', '..%5c..', 'documents%00', '%00',
    'C:%5cWindows', 'backups', 'data', 'pg_wal', '.hidden', 'Documents', 'docu%2fments',
  ];
  const HOSTILE_NAMES = [
    '..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fpackage.json', '..%5c..%5cpackage.json', '%2fetc%2fpasswd',
    'fee_structure.pdf%00.png', 'fee_structure.pdf%00', 'C:%5cboot.ini', '.env', 'PG_VERSION', 'postmaster.pid', 'store.lock',
    'fee_structure~0.pdf', 'fee_structure~9.pdf', '..fee_structure.pdf', 'fee%2fstructure.pdf',
  ];

  it('refuses each hostile folder on the listing and the download, for the database and the bucket', async () => {
    for (const app of [t.app, inBucket]) {
      for (const folder of HOSTILE_FOLDERS) {
        for (const url of [`/files/${folder}/`, `/files/${folder}/fee_structure.pdf`]) {
          const res = await get(app, url);
          expect(res.headers['content-disposition'], url).toBeUndefined();
          // A bare . or .. segment is resolved by the URL itself before any route (/files/./ is /files/): never a file.
          if (bareDots(folder)) expect(res.headers['content-type']).toContain('application/json');
          else expect([400, 404], `${url}: ${res.statusCode} ${res.body.slice(0, 80)}`).toContain(res.statusCode);
        }
      }
    }
  });

  it('refuses each hostile name, for the database and the bucket', async () => {
    for (const app of [t.app, inBucket]) {
      for (const folder of ['documents', 'announcement-files']) {
        for (const name of HOSTILE_NAMES) {
          const res = await get(app, `/files/${folder}/${name}`);
          expect(res.headers['content-disposition'], name).toBeUndefined();
          if (bareDots(name)) expect(res.headers['content-type']).toContain('application/json');
          else expect([400, 404], `${folder}/${name}: ${res.statusCode}`).toContain(res.statusCode);
        }
      }
    }
    // The names the listings give download, from either store.
    const fromBucket = await get(inBucket, '/files/announcement-files/sports_day.pdf');
    expect(fromBucket.statusCode, fromBucket.body.slice(0, 200)).toBe(200);
    expect(fromBucket.rawPayload.equals(PDF)).toBe(true);
    const fromDatabase = await get(inBucket, '/files/documents/fee_structure.pdf');
    expect(fromDatabase.rawPayload.equals(PDF)).toBe(true);
  });

  it('never follows a symbolic link on the server\'s disk, nor names the store\'s own files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-link-'));
    // Beside the embedded store's own files when there is one, else in a folder of its own.
    const home = dataDir() && fs.existsSync(dataDir()) ? dataDir() : dir;
    const link = path.join(home, 'documents-link.pdf');
    fs.symlinkSync('/etc/passwd', link);
    try {
      for (const url of ['/files/documents/documents-link.pdf', `/files/documents/${encodeURIComponent(link)}`]) {
        const res = await get(t.app, url);
        expect([400, 404]).toContain(res.statusCode);
        expect(res.body).not.toContain('root:');
      }
      const listed = JSON.stringify((await get(t.app, '/files/')).json());
      for (const own of ['PG_VERSION', 'store.lock', 'backups', 'base', 'pg_wal']) expect(listed).not.toContain(own);
    } finally {
      fs.rmSync(link, { force: true });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a quota per school', () => {
  it('refuses an upload past the school\'s quota, saying how full its store is, and lists the quota', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-quota-'));
    fs.mkdirSync(path.join(dir, 'schools'));
    fs.writeFileSync(path.join(dir, 'schools', `${s.code}.json`), JSON.stringify({ code: s.code, files: { quota_mb: 1 } }));
    const limited = await buildApp({ config: { ...t.config, configDir: dir }, database: t.database });
    try {
      const root = (await get(limited, '/files/')).json().data;
      expect(root.quota).toBe(1024 * 1024);
      const used = root.size;
      const room = 1024 * 1024 - used;
      const fits = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(room - 9)]);
      expect((await upload(limited, 'documents', 'fills it.pdf', fits)).name).toBe('fills_it.pdf');
      const { payload, headers } = multipart('one more.pdf', PDF);
      const res = await limited.inject({ method: 'POST', url: `/api/${s.code}/upload/?file_path=documents`, payload, headers: { ...headers, authorization: `Bearer ${s.tokens['3']}` } });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe("The school's file space is full: 1.0 MB of 1 MB used. Remove old files or ask for more space.");
      // Without a quota the same upload goes in.
      expect((await upload(t.app, 'documents', 'one more.pdf', PDF)).name).toBe('one_more.pdf');
    } finally {
      await limited.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

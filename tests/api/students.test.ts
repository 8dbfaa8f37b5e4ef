import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;
let admin: string;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
});
afterAll(() => t?.close());

/** A multipart body with one part named `field`. */
function multipart(filename: string, bytes: Buffer, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_HEADER, Buffer.alloc(size - PNG_HEADER.length, 7)]);
const jpg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 1)]);

async function upload(kind: string, filename: string, bytes: Buffer, token = admin, code = s.code) {
  const { payload, headers } = multipart(filename, bytes);
  const res = await t.app.inject({ method: 'POST', url: `/api/${code}/upload/?file_path=${kind}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}

describe('files', () => {
  it('stores a profile photo and serves it by an unguessable address without a token', async () => {
    const bytes = png(2000);
    const res = await upload('profile', 'my photo.png', bytes);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'my_photo.png', size: 2000 });
    expect(res.body.data.path).toMatch(new RegExp(`^/api/${s.code}/files/[A-Za-z0-9_-]{32}/my_photo\\.png$`));
    const got = await t.app.inject({ method: 'GET', url: res.body.data.path });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-disposition'])).toMatch(/^inline/);
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });
});

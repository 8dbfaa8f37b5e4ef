import type { TestApp, TestSchool } from './app.js';

/** A multipart body with one file in the field `field` (the upload's own is "file"). */
export function multipart(filename: string, bytes: Buffer, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----up${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * POST /upload/?file_path=<kind> as a screen sends it: status and envelope. A `kind` holding '='
 * is the whole query (`file_type=uploads`); null sends none (a plain POST /upload/); no token, no login.
 */
export async function uploadAs(t: TestApp, s: TestSchool, token: string | null, kind: string | null, filename: string, bytes: Buffer | string) {
  const { payload, headers } = multipart(filename, typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
  const query = kind === null ? '' : kind.includes('=') ? `?${kind}` : `?file_path=${kind}`;
  const res = await t.app.inject({ method: 'POST', url: `/api/${s.code}/upload/${query}`, payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: res.statusCode, body: res.json() };
}

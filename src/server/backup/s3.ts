import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteStore } from './remote.js';

/**
 * An S3-compatible store (AWS S3, MinIO, Backblaze B2, Cloudflare R2, Wasabi) reached with one
 * signed PUT per backup (AWS Signature Version 4, path-style addresses, which every one of
 * them takes). Chosen by BACKUP_S3_BUCKET; BACKUP_S3_ENDPOINT (https://s3.ap-south-1.amazonaws.com
 * by default), BACKUP_S3_REGION (ap-south-1), BACKUP_S3_PREFIX, BACKUP_S3_ACCESS_KEY_ID and
 * BACKUP_S3_SECRET_ACCESS_KEY. A single PUT takes files up to 5 GB.
 */
export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function remoteFromEnv(env: NodeJS.ProcessEnv = process.env): RemoteStore | null {
  if (!env.BACKUP_S3_BUCKET) return null;
  const missing = ['BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`BACKUP_S3_BUCKET is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  return new S3Store({
    endpoint: (env.BACKUP_S3_ENDPOINT ?? `https://s3.${env.BACKUP_S3_REGION ?? 'ap-south-1'}.amazonaws.com`).replace(/\/$/, ''),
    region: env.BACKUP_S3_REGION ?? 'ap-south-1',
    bucket: env.BACKUP_S3_BUCKET,
    prefix: (env.BACKUP_S3_PREFIX ?? '').replace(/^\/|\/$/g, ''),
    accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY!,
  });
}

const sha256hex = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, s: string) => crypto.createHmac('sha256', key).update(s).digest();
/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers of a SigV4-signed request (exported so a test can check it against AWS's published example). */
export function signRequest(s: Pick<S3Settings, 'region' | 'accessKeyId' | 'secretAccessKey'>, req: { method: string; url: URL; headers: Record<string, string>; payloadHash: string; at: Date; service?: string }): Record<string, string> {
  const service = req.service ?? 's3';
  const amzDate = req.at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...req.headers, host: req.url.host, 'x-amz-content-sha256': req.payloadHash, 'x-amz-date': amzDate };
  const names = Object.keys(headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  const query = [...req.url.searchParams.entries()].map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).sort().join('&');
  const canonical = [req.method, req.url.pathname, query, ...names.map((h) => `${h}:${lower[h]}`), '', names.join(';'), req.payloadHash].join('\n');
  const scope = `${day}/${s.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${s.secretAccessKey}`, day), s.region), service), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${s.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

export class S3Store implements RemoteStore {
  constructor(private readonly s: S3Settings) {}

  async upload(file: string): Promise<string> {
    const body = fs.readFileSync(file);
    const key = [this.s.prefix, path.basename(file)].filter(Boolean).join('/');
    const url = new URL(`${this.s.endpoint}/${encodeSegment(this.s.bucket)}/${key.split('/').map(encodeSegment).join('/')}`);
    const headers = signRequest(this.s, { method: 'PUT', url, headers: { 'content-type': 'application/gzip', 'content-length': String(body.length) }, payloadHash: sha256hex(body), at: new Date() });
    const { host: _host, 'content-length': _len, ...sent } = headers;
    const res = await fetch(url, { method: 'PUT', headers: sent, body, signal: AbortSignal.timeout(10 * 60_000) });
    if (!res.ok) throw new Error(`the copy to s3://${this.s.bucket}/${key} was refused (${res.status} ${(await res.text()).slice(0, 200)})`);
    return `s3://${this.s.bucket}/${key}`;
  }
}

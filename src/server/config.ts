import net from 'node:net';
import path from 'node:path';

/** Runtime settings, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Public address used in links sent by e-mail. */
  publicUrl: string;
  /** Directory of the built browser app, served as static files. */
  clientDir: string;
  /** Requests per minute allowed on login, forgot-password and guest-token calls per client and account. */
  authRateLimit: number;
  seedDemo: boolean;
  /** Which proxies' X-Forwarded-For to believe for the client address (Fastify's `trustProxy`); none by default. */
  trustProxy: TrustProxy;
  smtpUrl?: string;
  mailFrom: string;
  /** Where schools' configuration files live (schools/<CODE>.json), CONFIG_DIR; default ./config. */
  configDir: string;
  /** REDIS_URL: what several servers share (sockets, logged-out tokens, rate limits, jobs); none on one server. */
  redisUrl?: string;
  /** REDIS_PREFIX: the start of every key and channel this app uses in Redis (default 'school'), so apps can share one Redis. */
  redisPrefix: string;
  /** FILES_S3_*: uploaded files' bytes go to this S3-compatible bucket; unset, they stay in the school's own `file` table. */
  filesS3?: S3Settings;
  /** JOB_EVERY: periods that replace scheduled jobs' own, in ms by job name (tests, and an operator trying a job out). */
  jobEvery: Record<string, number>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    seedDemo: env.SEED_DEMO !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@school.local',
    configDir: path.resolve(env.CONFIG_DIR ?? './config'),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: (env.REDIS_PREFIX || 'school').replace(/:$/, ''),
    filesS3: s3Settings(env, 'FILES_S3'),
    jobEvery: parseJobEvery(env.JOB_EVERY),
  };
}

/** Where an S3-compatible store (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Wasabi) is, and the keys to it. */
export interface S3Settings {
  /** Reached with path-style addresses (`<endpoint>/<bucket>/<key>`), which every one of them takes. */
  endpoint: string;
  region: string;
  bucket: string;
  /** The start of every object key, without slashes at its ends; may be empty. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `<NAME>_BUCKET` turns the store on, and then `<NAME>_ACCESS_KEY_ID` and `<NAME>_SECRET_ACCESS_KEY`
 * must be set too (a start without them stops with a message rather than failing at the first
 * file); `<NAME>_ENDPOINT` is AWS's regional address unless given, `<NAME>_REGION` ap-south-1,
 * `<NAME>_PREFIX` none. Undefined when the bucket is not set.
 */
export function s3Settings(env: NodeJS.ProcessEnv, name: 'FILES_S3' | 'BACKUP_S3'): S3Settings | undefined {
  const bucket = env[`${name}_BUCKET`]?.trim();
  if (!bucket) return undefined;
  const missing = [`${name}_ACCESS_KEY_ID`, `${name}_SECRET_ACCESS_KEY`].filter((k) => !env[k]);
  if (missing.length) throw new Error(`${name}_BUCKET is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  const region = env[`${name}_REGION`] || 'ap-south-1';
  const endpoint = env[`${name}_ENDPOINT`] || `https://s3.${region}.amazonaws.com`;
  if (!/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`${name}_ENDPOINT: "${endpoint}" is not an http:// or https:// address`);
  return {
    endpoint: endpoint.replace(/\/+$/, ''), region, bucket,
    prefix: (env[`${name}_PREFIX`] ?? '').replace(/^\/+|\/+$/g, ''),
    accessKeyId: env[`${name}_ACCESS_KEY_ID`]!, secretAccessKey: env[`${name}_SECRET_ACCESS_KEY`]!,
  };
}

/** The shortest period JOB_EVERY may set: shorter ones would keep the store busy with nothing else. */
export const MIN_JOB_EVERY_MS = 100;

/**
 * JOB_EVERY: `name:ms` pairs separated by commas (`statistics:2000,backup:5000`), each job's period
 * in milliseconds; the job's first run comes no later than one such period. Unset or empty: every
 * job keeps its own. Anything else stops the start with a message; a name that is no job of the
 * server is refused when the jobs start.
 */
export function parseJobEvery(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of (raw ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const m = /^([\w.-]+):(\d+)$/.exec(item);
    if (!m) throw new Error(`JOB_EVERY: "${item}" is not name:milliseconds (e.g. statistics:2000)`);
    const [, name, ms] = m as unknown as [string, string, string];
    if (Number(ms) < MIN_JOB_EVERY_MS) throw new Error(`JOB_EVERY: ${name} every ${ms} ms is too often; at least ${MIN_JOB_EVERY_MS} ms`);
    if (name in out) throw new Error(`JOB_EVERY names ${name} twice`);
    out[name] = Number(ms);
  }
  return out;
}

/** false: the connection's address is the client's; a number: proxies in front; a list: proxies' addresses or CIDR ranges. */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset, empty, `0` or `false`: believe no X-Forwarded-For (anyone could send one,
 * and the login limiter counts per client address); a whole number n: n proxies stand in front
 * of the server; otherwise a comma-separated list of the proxies' addresses or CIDR ranges
 * (`127.0.0.1`, `10.0.0.0/8`, `::1`). Anything else stops the start with a message.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((x) => x.trim()).filter(Boolean);
  const bad = list.filter((x) => !isAddressOrRange(x));
  if (bad.length) {
    throw new Error(`TRUST_PROXY: "${bad.join('", "')}" is not an IP address or CIDR range; give the proxies' addresses (e.g. 127.0.0.1,10.0.0.0/8) or their number`);
  }
  return list;
}

function isAddressOrRange(x: string): boolean {
  const [addr, bits, ...rest] = x.split('/');
  const family = net.isIP(addr ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

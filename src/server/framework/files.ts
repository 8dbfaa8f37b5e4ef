import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from './context.js';
import { ok } from './envelope.js';
import { AppError, badRequest, notFound } from './errors.js';
import { addRoute, type RouteEnv } from './route.js';
import { audit, inTransaction } from './service.js';
import { defaultUpload, findUpload, uploadProblem } from '../../shared/uploads.js';
import { ACCESS_MESSAGES, decide, switchedModule } from '../../shared/access.js';
import { RESOURCES } from '../../shared/registry.js';
import { requireDecision } from './access.js';
import { GUEST_USER, requireGuestPass } from './guests.js';
import { afterCommitOrNow } from '../db/index.js';
import { checkQuota, isFolderName, sendFolderFile } from './file-folders.js';
import { configOf } from './school-config.js';

/**
 * Uploaded files: each has a row in the school's own `file` table (name, type, size, kind, who),
 * and its bytes are where the file store keeps them (`ctx.integrations.files`): in that row by
 * default, so they live beside the records that point at them and never cross schools, or in an
 * S3-compatible bucket (FILES_S3_BUCKET) that every server of a group reaches.
 * Each file is served at /api/{CODE}/files/{key}/{name}: the key is 32 random characters,
 * so the address itself is the permission (profile photos load in <img> without a token).
 */

export interface StoredFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** 24 random bytes in base64url: 32 characters from [A-Za-z0-9_-]. */
export const newFileKey = () => crypto.randomBytes(24).toString('base64url');
const KEY = /^[A-Za-z0-9_-]{32}$/;

/** A file name safe in a URL path and a Content-Disposition header. */
export function safeFileName(name: string): string {
  const base = String(name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-100);
  return cleaned || 'file';
}

/** What the first bytes say the content is; null when it is none of the kinds we recognise. */
export function sniffType(bytes: Buffer): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  // Media: an ISO base media box 'ftyp' (mp4), an EBML header (webm), an ID3 tag or an MPEG audio frame (mp3).
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return 'video/webm';
  if (starts(0x49, 0x44, 0x33) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  return null;
}

/** Document types we name from the extension when the content has no signature. */
const BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv', txt: 'text/plain',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Content type stored for an upload: the sniffed type wins; never anything a browser would run. */
export function contentTypeFor(name: string, bytes: Buffer): string {
  const sniffed = sniffType(bytes);
  if (sniffed) return sniffed;
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return BY_EXTENSION[ext] ?? 'application/octet-stream';
}

const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function filePath(code: string, key: string, name: string) {
  return `/api/${code}/files/${key}/${encodeURIComponent(name)}`;
}

/** Stores the bytes and returns the address they are served at and their key. */
export async function saveFile(
  ctx: Ctx,
  file: { name: string; contentType: string; bytes: Buffer | Uint8Array; kind?: string },
): Promise<{ path: string; key: string }> {
  const name = safeFileName(file.name);
  const key = newFileKey();
  const bytes = Buffer.from(file.bytes);
  const contentType = file.contentType || 'application/octet-stream';
  // The bytes are kept before the row goes in: a rollback may leave an object no row names, never a row without its bytes.
  const stored = await ctx.integrations.files.put({ schema: ctx.school.schema, key, bytes, contentType });
  await ctx.db.insertInto('file').values({
    key, name, content_type: contentType, size: bytes.length, ...stored,
    kind: file.kind ?? 'documents', created_by: ctx.user?.id || null,
  }).execute();
  return { path: filePath(ctx.school.code, key, name), key };
}

/** The key inside a path (or full URL) this school's saveFile returned; null when it is not one. */
export function keyOfPath(ctx: Ctx, path: string): string | null {
  if (typeof path !== 'string') return null;
  const m = /\/api\/([^/]+)\/files\/([A-Za-z0-9_-]{32})\/[^/?#]+$/.exec(path.split(/[?#]/)[0]!);
  if (!m || m[1] !== ctx.school.code) return null;
  return m[2]!;
}

/** The file behind a path returned by saveFile, if it is one of this school's files. */
export async function readStoredFile(ctx: Ctx, path: string): Promise<StoredFile | null> {
  const key = keyOfPath(ctx, path);
  if (!key) return null;
  const row = await ctx.db.selectFrom('file').select(['name', 'content_type', 'bytes', 'location']).where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  return { name: row.name, contentType: row.content_type, bytes: await ctx.integrations.files.read(row) };
}

/**
 * Removes one of this school's files of `kind` by key; bytes kept in an object store go once the
 * caller's transaction has committed (a rollback keeps the row, and so must keep its bytes).
 */
export async function removeStoredFile(ctx: Ctx, key: string, kind: string): Promise<void> {
  const row = await ctx.db.deleteFrom('file').where('key', '=', key).where('kind', '=', kind).returning('location').executeTakeFirst();
  const location = row?.location;
  if (!location) return;
  await afterCommitOrNow(ctx.db, async () => {
    try {
      await ctx.integrations.files.remove(location);
    } catch (e) {
      // The row is gone for good; an object left behind costs only its space.
      console.error(`Could not remove ${location}: ${(e as Error).message}`);
    }
  });
}

/** The stored record behind a path (for checks such as "is this a profile photo"). */
export async function storedFileInfo(ctx: Ctx, path: string): Promise<{ key: string; name: string; contentType: string; kind: string; size: number } | null> {
  const key = keyOfPath(ctx, path);
  if (!key) return null;
  const row = await ctx.db.selectFrom('file').select(['key', 'name', 'content_type', 'kind', 'size']).where('key', '=', key).executeTakeFirst();
  return row ? { key: row.key, name: row.name, contentType: row.content_type, kind: row.kind, size: Number(row.size) } : null;
}

/** An attachment as a record keeps it: name, size, type and address are the store's, never the sender's. */
export interface Attachment { name: string; size: number; type: string; path: string; url: string; uid: string }

/**
 * The files a payload names, as they are stored: each must be this school's upload of `kind`
 * (a path cannot be swapped for another school's or kind's file), else `refuse()` is thrown.
 */
export async function storedUploads(ctx: Ctx, files: ReadonlyArray<{ path: string }>, kind: string, refuse: () => Error): Promise<Attachment[]> {
  const out: Attachment[] = [];
  for (const f of files) {
    const info = await storedFileInfo(ctx, f.path);
    if (!info || info.kind !== kind) throw refuse();
    const path = filePath(ctx.school.code, info.key, info.name);
    out.push({ name: info.name, size: info.size, type: info.contentType, path, url: path, uid: info.key });
  }
  return out;
}

/** Reads the one `file` field of a multipart request, with the size limit; 413 beyond it. */
async function readUpload(req: FastifyRequest, limit: number): Promise<{ name: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"');
  let part;
  try {
    part = await req.file({ limits: { fileSize: limit, files: 1, fields: 5 } });
  } catch (e: any) {
    throw badRequest(e?.message ? 'The upload could not be read' : 'No file received');
  }
  if (!part) throw badRequest('No file received');
  if (part.fieldname !== 'file') throw badRequest('Send the file in the field "file"');
  try {
    const bytes = await part.toBuffer();
    return { name: part.filename, bytes };
  } catch (e: any) {
    if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, `The file must be at most ${Math.round(limit / 1024 / 1024)} MB`);
    throw badRequest('The upload could not be read');
  }
}

export function registerFileRoutes(app: FastifyInstance, env: RouteEnv) {
  // The kind decides who may upload: the declaring resource's rule, asked once the kind is known.
  addRoute(app, env, {
    call: 'POST /upload/',
    public: true,
    handler: async (ctx, req) => {
      // The kind named (file_path, or file_type as spec 2 and 4 also write it); without one, the person's default kind.
      const query = (req.query ?? {}) as Record<string, unknown>;
      const named = String(query.file_path || query.file_type || '');
      const found = named ? findUpload(RESOURCES, named) : defaultUpload(RESOURCES, req.user?.role);
      if (!req.user && !found?.def.guest) throw new AppError(401, ACCESS_MESSAGES.signedOut);
      if (!found) throw badRequest('Unknown kind of upload (file_path)');
      const { kind, resource, def } = found;
      // A guest pass of the kind's own guest kind, or a signed-in person the resource's rule admits.
      if (!req.user) await requireGuestPass(req, def.guest!);
      else await requireDecision(req, switchedModule(resource), (f) => decide(f, resource, def.permission, def.roles));
      const actor = req.user ? ctx : { ...ctx, user: GUEST_USER };
      // Read a little past the limit so "too big" is told apart from "unreadable".
      const { name, bytes } = await readUpload(req, Math.max(def.maxBytes, MAX_DOCUMENT_BYTES));
      const problem = uploadProblem(def, { name, size: bytes.length }, sniffType(bytes));
      if (problem) throw badRequest(problem);
      await checkQuota(req.sdb, configOf(ctx).config?.files?.quota_mb, bytes.length);
      return inTransaction(actor, async (tx) => {
        const saved = await saveFile(tx, { name, contentType: contentTypeFor(name, bytes), bytes, kind });
        await audit(tx, 'files', 'upload', saved.key, { kind, name: safeFileName(name), size: bytes.length });
        return ok({ path: saved.path, name: safeFileName(name), size: bytes.length });
      });
    },
  });

  // Served without a token: the 32-character random key is the permission. Any other first part
  // is a folder of the files browser (/files/{folder}/{name}), for those who may read it.
  app.get('/files/:key/:name', async (req, reply) => {
    const { key, name } = req.params as { key: string; name: string };
    if (!KEY.test(key)) {
      if (isFolderName(key)) return sendFolderFile(req, reply, env.integrations.files);
      throw notFound('File not found');
    }
    const row = await req.sdb.selectFrom('file').select(['name', 'content_type', 'bytes', 'location']).where('key', '=', key).executeTakeFirst();
    if (!row || row.name !== name) throw notFound('File not found');
    // Opened before any header is set: a store that cannot give the bytes answers an error, not half a file.
    const { body, size } = await env.integrations.files.open(row);
    const type: string = row.content_type;
    reply.header('Content-Type', type);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    reply.header('Cache-Control', 'private, max-age=86400');
    reply.header('Content-Disposition', `${INLINE.has(type) ? 'inline' : 'attachment'}; filename="${row.name}"`);
    reply.header('Content-Length', size);
    return reply.send(body);
  });
}

/** A CSV made for download (an export), kept in the file store like an upload. */
export const saveCsvExport = (ctx: Ctx, name: string, csv: string) =>
  saveFile(ctx, { name, contentType: 'text/csv; charset=utf-8', bytes: Buffer.from(csv, 'utf8'), kind: 'export' });

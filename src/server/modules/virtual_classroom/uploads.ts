/**
 * A class video's bytes: sent in parts by HTTP PUT to the address PUT /upload/ answered, each
 * part with its Content-Range, so that a dropped connection resumes where the server's count
 * stands (GET on the same address says how much has arrived); served back with Range requests,
 * so a player can seek. The 32 random characters of the address are the permission, as for
 * every stored file; a video's address is handed out only by the calls that check who asks.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import type { Ctx } from '../../framework/context.js';
import { ok } from '../../framework/envelope.js';
import { AppError, badRequest, notFound } from '../../framework/errors.js';
import { newFileKey, safeFileName, saveFile } from '../../framework/files.js';
import type { RouteEnv } from '../../framework/route.js';

/** The largest part one PUT may carry; the browser sends 8 MB parts. */
export const MAX_PART_BYTES = 16 * 1024 * 1024;
/** Spec 4 §5: the class video's types. */
export const VIDEO_TYPES = ['mp4', 'webm', 'mkv', 'avi'];
const ID = /^[A-Za-z0-9_-]{32}$/;
export const PART_KIND = 'vc-video-part';

export interface Part { key: string; size: number }

export const uploadPath = (code: string, id: string) => `/api/${code}/vc-upload/${id}`;
export const videoPath = (code: string, id: string, name: string) => `/api/${code}/vc-video/${id}/${encodeURIComponent(safeFileName(name))}`;

/** A new upload's row and its address. */
export async function openUpload(ctx: Ctx, v: { vc_class_id: number | null; name: string; content_type: string; size: number }) {
  const id = newFileKey();
  // raw write: a table no resource declares (the upload's bookkeeping)
  await ctx.db.insertInto('vc_upload').values({
    id, vc_class_id: v.vc_class_id, user_id: ctx.user.id, name: safeFileName(v.name), content_type: v.content_type.split(';')[0]!, size: v.size,
  }).execute();
  return { id, url: uploadPath(ctx.school.code, id), part_size: 8 * 1024 * 1024 };
}

/** "bytes start-end/total" → numbers; null when absent or malformed. */
function contentRange(h: unknown) {
  const m = typeof h === 'string' ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(h.trim()) : null;
  return m ? { start: Number(m[1]), end: Number(m[2]), total: Number(m[3]) } : null;
}

/** The parts' bytes from `start` to `end` (inclusive), in order, without holding the whole video. */
function streamRange(env: RouteEnv, db: Ctx['db'], parts: Part[], start: number, end: number): Readable {
  async function* chunks() {
    let at = 0;
    for (const p of parts) {
      const from = at, to = at + p.size - 1;
      at += p.size;
      if (to < start || from > end) continue;
      const row = await db.selectFrom('file').select(['bytes', 'location']).where('key', '=', p.key).executeTakeFirst();
      if (!row) throw new Error('A part of this video is missing');
      const bytes = await env.integrations.files.read(row);
      yield bytes.subarray(Math.max(0, start - from), Math.min(p.size, end - from + 1));
    }
  }
  return Readable.from(chunks());
}

export function registerUploadRoutes(app: FastifyInstance, env: RouteEnv) {
  app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PART_BYTES }, (_req, body, done) => done(null, body));

    // How much of an upload has arrived: where a resumed upload goes on from.
    scope.get('/vc-upload/:id', async (req) => {
      const { id } = req.params as { id: string };
      if (!ID.test(id)) throw notFound('Upload not found');
      const row = await req.sdb.selectFrom('vc_upload').select(['received', 'size', 'completed_at']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Upload not found');
      return ok({ received: Number(row.received), size: Number(row.size), complete: !!row.completed_at });
    });

    // One part: its bytes must start where the arrived ones end (409 with the count otherwise, to resume from).
    scope.put('/vc-upload/:id', { bodyLimit: MAX_PART_BYTES }, async (req, reply) => {
      const { id } = req.params as { id: string };
      if (!ID.test(id)) throw notFound('Upload not found');
      const bytes = req.body;
      if (!Buffer.isBuffer(bytes) || !bytes.length) throw badRequest('No bytes received');
      const db = req.sdb;
      return db.transaction().execute(async (tx) => {
        // The row's lock keeps two parts of one upload in order.
        const row = await tx.selectFrom('vc_upload').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw notFound('Upload not found');
        if (row.completed_at) throw new AppError(409, 'This video has already been uploaded');
        const received = Number(row.received), size = Number(row.size);
        const range = contentRange(req.headers['content-range']) ?? { start: 0, end: bytes.length - 1, total: bytes.length };
        if (range.total !== size) throw badRequest(`The video is ${size} bytes, not ${range.total}`);
        if (range.end - range.start + 1 !== bytes.length) throw badRequest('Content-Range does not match the bytes sent');
        if (range.start !== received) {
          reply.code(409);
          return { success: false, data: { received, size }, error: `The upload goes on from byte ${received}` };
        }
        if (received + bytes.length > size) throw badRequest('More bytes than the video has');
        const owner = await tx.selectFrom('user').select(['id', 'name', 'email', 'username', 'mobile', 'role']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
        const ctx: Ctx = { db: tx, school: req.school, user: owner, config: env.config, integrations: env.integrations };
        const saved = await saveFile(ctx, { name: `${row.name}.part${(row.parts as unknown as Part[]).length}`, contentType: 'application/octet-stream', bytes, kind: PART_KIND });
        const parts = [...(row.parts as unknown as Part[]), { key: saved.key, size: bytes.length }];
        const now = received + bytes.length;
        // raw write: a table no resource declares (the upload's bookkeeping)
        await tx.updateTable('vc_upload').set({
          received: now, parts: sql`${JSON.stringify(parts)}::jsonb`, completed_at: now === size ? new Date() : null,
        }).where('id', '=', id).execute();
        return ok({ received: now, size, complete: now === size });
      });
    });

    // A finished video, whole or a Range of it.
    scope.get('/vc-video/:id/:name', async (req, reply) => {
      const { id } = req.params as { id: string };
      if (!ID.test(id)) throw notFound('Video not found');
      const row = await req.sdb.selectFrom('vc_upload').select(['name', 'content_type', 'size', 'parts', 'completed_at']).where('id', '=', id).executeTakeFirst();
      if (!row?.completed_at) throw notFound('Video not found');
      const size = Number(row.size);
      const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      let start = 0, end = size - 1;
      if (m && (m[1] || m[2])) {
        start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
        end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
        if (start > end || start >= size) {
          reply.code(416).header('Content-Range', `bytes */${size}`);
          return reply.send();
        }
        reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
      }
      reply.header('Accept-Ranges', 'bytes');
      reply.header('Content-Type', row.content_type);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'private, max-age=86400');
      reply.header('Content-Length', end - start + 1);
      return reply.send(streamRange(env, req.sdb, row.parts as unknown as Part[], start, end));
    });
  });
}

/** Removes an upload and its parts (a replaced video), once the caller's transaction commits. */
export async function removeUpload(ctx: Ctx, id: string) {
  const row = await ctx.db.selectFrom('vc_upload').select('parts').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const { removeStoredFile } = await import('../../framework/files.js');
  for (const p of row.parts as unknown as Part[]) await removeStoredFile(ctx, p.key, PART_KIND);
  // raw write: a table no resource declares (the upload's bookkeeping)
  await ctx.db.deleteFrom('vc_upload').where('id', '=', id).execute();
}

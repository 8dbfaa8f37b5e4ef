/**
 * The school's file store seen as folders (spec 4 §2.5 files browser): one folder per kind of
 * file (`file.kind`), each holding its files by name. Nothing here touches a disk path: a folder
 * or a name is checked against a strict pattern and then only compared with the `file` table's
 * values, so `..`, an encoded slash, a backslash, an absolute path or a NUL byte is refused before
 * any lookup, and the database's own files, the backups and other schools' files (other schemas)
 * cannot be named at all. The bytes come from the file store (the row, or the S3 bucket), whatever
 * the store holds them in.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../generated/db.js';
import { decide, switchedModule } from '../../shared/access.js';
import { resourceByName } from '../../shared/registry.js';
import { requireDecision } from './access.js';
import { AppError, badRequest, notFound } from './errors.js';
import type { FileStore } from '../integrations/files/index.js';

/** A folder is a kind's name: lower-case letters, digits and hyphens. */
const FOLDER = /^[a-z][a-z0-9-]{0,59}$/;
/**
 * A stored name is made by safeFileName ([A-Za-z0-9._-], never starting with . or _); a second file
 * of the same name in a folder is listed as `<stem>~<n><ext>` (~ is never in a stored name).
 */
const NAME = /^[A-Za-z0-9-][A-Za-z0-9._-]{0,99}(~[1-9][0-9]{0,5}(\.[A-Za-z0-9_-]{1,20})?)?$/;

/** Content types a browser shows without running anything; any other is sent as plain bytes. */
const SAFE_TYPES = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'video/mp4', 'video/webm', 'audio/mpeg',
  'text/csv', 'text/plain', 'application/msword', 'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);
/** The type a download is sent as: the stored one when it is safe, else bytes to save. */
export const safeDownloadType = (stored: string) => {
  const base = stored.split(';')[0]!.trim().toLowerCase();
  return SAFE_TYPES.has(base) ? stored : 'application/octet-stream';
};

export const isFolderName = (s: string) => FOLDER.test(s) && !s.includes('..');
export const isListedName = (s: string) => NAME.test(s) && !s.includes('..');

export interface FolderEntry { name: string; files: number; size: number; timestamp: string | null }
export interface FileEntry { name: string; size: number; type: string; timestamp: string; url: string }

/** The folders (kinds) holding files, with how many and how big; and the store's whole size. */
export async function listFolders(db: Kysely<DB>): Promise<{ list: FolderEntry[]; size: number }> {
  const rows = await db.selectFrom('file')
    .select((eb) => ['kind', eb.fn.countAll<string>().as('files'), eb.fn.sum<string>('size').as('size'), eb.fn.max('created_at').as('last')])
    .groupBy('kind').orderBy('kind').execute();
  const list = rows.filter((r) => isFolderName(r.kind)).map((r) => ({
    name: r.kind, files: Number(r.files), size: Number(r.size ?? 0), timestamp: r.last ? new Date(r.last).toISOString() : null,
  }));
  return { list, size: list.reduce((a, f) => a + f.size, 0) };
}

/** The names a folder lists: each stored name once, the second and later of a name as `<stem>~<n><ext>`. */
function listedNames(rows: ReadonlyArray<{ name: string }>): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const n = (seen.get(r.name) ?? 0) + 1;
    seen.set(r.name, n);
    if (n === 1) return r.name;
    const dot = r.name.lastIndexOf('.');
    return dot > 0 ? `${r.name.slice(0, dot)}~${n}${r.name.slice(dot)}` : `${r.name}~${n}`;
  });
}

/** A folder's files, oldest first, each with the address it downloads from. */
export async function listFolder(db: Kysely<DB>, code: string, folder: string): Promise<{ list: FileEntry[]; size: number } | null> {
  const rows = await db.selectFrom('file').select(['id', 'name', 'size', 'content_type', 'created_at'])
    .where('kind', '=', folder).orderBy('id').execute();
  if (!rows.length) return null;
  const names = listedNames(rows);
  const list = rows.map((r, i) => ({
    name: names[i]!, size: Number(r.size), type: r.content_type, timestamp: new Date(r.created_at).toISOString(),
    url: `/api/${code}/files/${folder}/${encodeURIComponent(names[i]!)}`,
  }));
  return { list, size: list.reduce((a, f) => a + f.size, 0) };
}

/** Serves /files/{folder}/{name} to those who may read the files browser: always an attachment, in a safe type. */
export async function sendFolderFile(req: FastifyRequest, reply: FastifyReply, store: FileStore) {
  const files = resourceByName('files');
  await requireDecision(req, switchedModule(files), (f) => decide(f, files, 'read'));
  const { key: folder, name } = req.params as { key: string; name: string };
  if (!isFolderName(folder)) throw badRequest('Invalid folder name');
  if (!isListedName(name)) throw badRequest('Invalid file name');
  const m = /^(.*)~([1-9][0-9]*)(\.[^.]*)?$/.exec(name);
  const stored = m ? `${m[1]}${m[3] ?? ''}` : name;
  const nth = m ? Number(m[2]) : 1;
  const row = await req.sdb.selectFrom('file').select(['name', 'content_type', 'bytes', 'location'])
    .where('kind', '=', folder).where('name', '=', stored).orderBy('id').offset(nth - 1).limit(1).executeTakeFirst();
  if (!row) throw notFound('File not found');
  const { body, size } = await store.open(row);
  reply.header('Content-Type', safeDownloadType(row.content_type));
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Content-Disposition', `attachment; filename="${name}"`);
  reply.header('Content-Length', size);
  return reply.send(body);
}

/** The school's quota in bytes (school configuration files.quota_mb), null when it has none. */
export const quotaBytes = (quotaMb: number | undefined) => (quotaMb ? quotaMb * 1024 * 1024 : null);

/** Bytes every file of the school takes. */
export async function storeSize(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('file').select((eb) => eb.fn.sum<string>('size').as('size')).executeTakeFirst();
  return Number(row?.size ?? 0);
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

/** Refuses an upload that would take the school past its quota, saying how full the store is. */
export async function checkQuota(db: Kysely<DB>, quotaMb: number | undefined, adding: number) {
  const quota = quotaBytes(quotaMb);
  if (quota === null) return;
  const used = await storeSize(db);
  if (used + adding > quota) {
    throw new AppError(413, `The school's file space is full: ${mb(used)} MB of ${quotaMb} MB used. Remove old files or ask for more space.`);
  }
}

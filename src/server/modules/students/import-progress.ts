/**
 * How far a running student import is, for the import screen to poll while its
 * PUT /import/students/ is still answering. Kept in this process's memory: the import and the
 * poll reach the same server (one process, or a sticky session behind a balancer); an entry is
 * forgotten a while after its last change.
 */
export interface ImportProgress { total: number; done: number; added: number; skipped: number; not_added: number; finished: boolean }

const KEEP_MS = 10 * 60 * 1000;
const entries = new Map<string, ImportProgress & { at: number }>();

/** An import id the browser chose: short and plain, so it can sit in a path. */
export const IMPORT_ID = /^[A-Za-z0-9_-]{8,64}$/;

const key = (schema: string, userId: number, importId: string) => `${schema}|${userId}|${importId}`;

export function setProgress(schema: string, userId: number, importId: string | undefined, p: ImportProgress): void {
  if (!importId) return;
  const now = Date.now();
  for (const [k, v] of entries) if (now - v.at > KEEP_MS) entries.delete(k);
  entries.set(key(schema, userId, importId), { ...p, at: now });
}

/** The progress of one of this user's imports; all zero before it has started. */
export function getProgress(schema: string, userId: number, importId: string): ImportProgress {
  const p = entries.get(key(schema, userId, importId));
  if (!p) return { total: 0, done: 0, added: 0, skipped: 0, not_added: 0, finished: false };
  const { at: _, ...out } = p;
  return out;
}

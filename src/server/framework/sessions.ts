import { sql, type Kysely } from 'kysely';
import { sharedState } from '../cluster/redis.js';
import { closeSockets } from '../realtime/hub.js';
import { afterCommitOrNow } from '../db/index.js';
import type { AuthUser } from './context.js';
import { PASSWORD_IS_USERNAME, randomToken, sha256 } from './passwords.js';

const DAY_MS = 24 * 3600 * 1000;
/** "Remember me" keeps a session for 30 days; otherwise it ends after 12 hours. */
export const sessionLifetime = (remember: boolean) => (remember ? 30 * DAY_MS : DAY_MS / 2);

export async function startSession(db: Kysely<any>, userId: number, remember: boolean): Promise<string> {
  const token = randomToken();
  await db.insertInto('session').values({
    token_hash: sha256(token), user_id: userId, expires_at: new Date(Date.now() + sessionLifetime(remember)),
  }).execute();
  return token;
}

/** A valid session: its person and when it expires. */
export interface SessionInfo { user: AuthUser; expiresAt: Date }

/**
 * Every request looks its token up; a few seconds of memory saves that round trip. An ended
 * session is forgotten at once in this process; other servers learn it through the shared Redis:
 * ending a session (or all of a person's) changes a mark there, and a remembered session whose
 * marks changed is read again from the database. Without Redis there is one server.
 */
const CACHE_MS = 5000;
const REVOKED_MARK_MS = 2 * CACHE_MS;
interface Entry { at: number; info: SessionInfo; schema: string; marks: Array<string | null> }
const cache = new Map<string, Entry>();

const tokenMark = (tokenHash: string) => `session:ended:t:${tokenHash}`;
const userMark = (schema: string, userId: number) => `session:ended:u:${schema}:${userId}`;

/** The revocation marks of a token and its person, from the shared Redis; none on one server. */
async function readMarks(tokenHash: string, schema: string, userId: number): Promise<Array<string | null>> {
  const shared = sharedState();
  if (!shared) return [];
  return shared.redis.mget(shared.key(tokenMark(tokenHash)), shared.key(userMark(schema, userId)));
}

export async function sessionForToken(db: Kysely<any>, tokenHash: string, schema: string): Promise<SessionInfo | null> {
  const key = `${schema}|${tokenHash}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) {
    const marks = await readMarks(tokenHash, schema, hit.info.user.id);
    if (marks.every((m, i) => m === hit.marks[i])) return hit.info;
    cache.delete(key);
  }
  const row = await db.selectFrom('session as s').innerJoin('user as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.username', 'u.mobile', 'u.role', 'u.is_disabled', 's.expires_at'])
    .select(sql<boolean>`u.password_hash = ${PASSWORD_IS_USERNAME}`.as('password_is_username'))
    .where('s.token_hash', '=', tokenHash).where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.is_disabled) return null;
  const { is_disabled: _, expires_at: expires, password_is_username: same, ...rest } = row;
  const info: SessionInfo = {
    user: { ...rest, ...(same ? { password_is_username: true as const } : {}) } as AuthUser,
    expiresAt: new Date(expires),
  };
  if (cache.size > 50_000) cache.clear();
  // Only valid sessions are remembered, and never past their expiry.
  if (info.expiresAt.getTime() > Date.now() + CACHE_MS) {
    const marks = await readMarks(tokenHash, schema, info.user.id);
    cache.set(key, { at: Date.now(), info, schema, marks });
  }
  return info;
}

export async function userForToken(db: Kysely<any>, tokenHash: string, schema: string): Promise<AuthUser | null> {
  return (await sessionForToken(db, tokenHash, schema))?.user ?? null;
}

/**
 * Tells every server that sessions ended, once the transaction that ended them has committed:
 * forgets them here, marks them in the shared Redis, and closes their sockets everywhere.
 */
function sessionsEnded(db: Kysely<any>, schema: string, match: { userId?: number; tokenHash?: string; keepTokenHash?: string }) {
  const tell = async () => {
    for (const [key, v] of cache) {
      if (v.schema !== schema) continue;
      if ((match.tokenHash && key.endsWith(`|${match.tokenHash}`)) || (match.userId !== undefined && v.info.user.id === match.userId)) cache.delete(key);
    }
    const shared = sharedState();
    if (shared) {
      const mark = `${Date.now()}-${randomToken().slice(0, 8)}`;
      const key = match.tokenHash ? tokenMark(match.tokenHash) : userMark(schema, match.userId!);
      await shared.redis.set(shared.key(key), mark, 'PX', REVOKED_MARK_MS);
    }
    closeSockets(db, match.tokenHash ? { tokenHash: match.tokenHash } : { schema, userId: match.userId!, keepTokenHash: match.keepTokenHash });
  };
  return afterCommitOrNow(db, tell);
}

export async function endSession(db: Kysely<any>, schema: string, tokenHash: string) {
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
  await sessionsEnded(db, schema, { tokenHash });
}

/** Ends every session of a user, or all but the one to keep (the device that changed the password). */
export async function endAllSessions(db: Kysely<any>, schema: string, userId: number, keepTokenHash?: string) {
  let q = db.deleteFrom('session').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
  await sessionsEnded(db, schema, { userId, keepTokenHash });
}

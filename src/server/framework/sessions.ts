import { sql, type Kysely } from 'kysely';
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

/**
 * Every request looks its token up; a few seconds of memory saves that round trip.
 * Logout, password changes and disabling clear the entries at once in this process;
 * another server behind the same database sees it within CACHE_MS.
 */
const CACHE_MS = 5000;
const cache = new Map<string, { at: number; user: AuthUser | null; schema: string }>();

export async function userForToken(db: Kysely<any>, tokenHash: string, schema: string): Promise<AuthUser | null> {
  const key = `${schema}|${tokenHash}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.user;
  const row = await db.selectFrom('session as s').innerJoin('user as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.username', 'u.mobile', 'u.role', 'u.is_disabled', 's.expires_at'])
    .select(sql<boolean>`u.password_hash = ${PASSWORD_IS_USERNAME}`.as('password_is_username'))
    .where('s.token_hash', '=', tokenHash).where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  let user: AuthUser | null = null;
  if (row && !row.is_disabled) {
    const { is_disabled: _, expires_at: __, password_is_username: same, ...rest } = row;
    user = { ...rest, ...(same ? { password_is_username: true as const } : {}) } as AuthUser;
  }
  if (cache.size > 50_000) cache.clear();
  // Only valid sessions are remembered, and never past their expiry.
  if (user && row && new Date(row.expires_at).getTime() > Date.now() + CACHE_MS) cache.set(key, { at: Date.now(), user, schema });
  return user;
}

/** Forgets cached sessions of a user (or of one token) in a school. */
function forgetSessions(schema: string, match: { userId?: number; tokenHash?: string }) {
  for (const [key, v] of cache) {
    if (v.schema !== schema) continue;
    if ((match.tokenHash && key.endsWith(`|${match.tokenHash}`)) || (match.userId !== undefined && v.user?.id === match.userId)) cache.delete(key);
  }
}

export async function endSession(db: Kysely<any>, schema: string, tokenHash: string) {
  forgetSessions(schema, { tokenHash });
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user, or all but the one to keep (the device that changed the password). */
export async function endAllSessions(db: Kysely<any>, schema: string, userId: number, keepTokenHash?: string) {
  forgetSessions(schema, { userId });
  let q = db.deleteFrom('session').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}

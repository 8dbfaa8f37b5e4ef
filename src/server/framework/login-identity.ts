import type { Ctx } from './context.js';

/**
 * The account a login names, as the login looks it up: surrounding spaces dropped, case
 * ignored (e-mails and usernames are matched case-blind, mobiles are digits). The login
 * limiter keys its per-account count on the same value, so " Rahul@…" is not a fresh key.
 */
export function loginIdentity(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toLowerCase() : '';
}

/**
 * Whether a login name is taken: any user, of any role, has it as username or e-mail (case
 * ignored). Usernames and e-mails are one namespace, since either signs in.
 */
export async function usernameTaken(ctx: Pick<Ctx, 'db'>, username: string, exceptUserId?: number): Promise<boolean> {
  const u = loginIdentity(username);
  let qb = ctx.db.selectFrom('user').select('id')
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', u), eb(eb.fn('lower', ['email']), '=', u)]));
  if (exceptUserId !== undefined) qb = qb.where('id', '!=', exceptUserId);
  return !!(await qb.executeTakeFirst());
}

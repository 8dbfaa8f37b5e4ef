/**
 * The account a login names, as the login looks it up: surrounding spaces dropped, case
 * ignored (e-mails and usernames are matched case-blind, mobiles are digits). The login
 * limiter keys its per-account count on the same value, so " Rahul@…" is not a fresh key.
 */
export function loginIdentity(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toLowerCase() : '';
}

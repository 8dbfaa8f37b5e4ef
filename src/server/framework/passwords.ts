import { hash, verify } from '@node-rs/argon2';
import crypto from 'node:crypto';

// argon2id with the library's defaults (19 MiB, 2 passes): the OWASP minimum, fast enough for login bursts.
export const hashPassword = (plain: string) => hash(plain);

/**
 * Stored instead of a hash while a login's password is its own username (the family login an
 * import or admission makes from the mobile). The username is stored in clear, so a hash of it
 * protects nothing and would only cost the import ~50 ms a login. It always means the *current*
 * username: renaming such a login renames its password too, and the old username stops working.
 * No argon2 hash can equal it (they start with `$argon2`).
 */
export const PASSWORD_IS_USERNAME = '=username';

export const passwordIsUsername = (stored: string | null | undefined) => stored === PASSWORD_IS_USERNAME;

/** What to store for a new password of a login with this username: the marker when they are equal, else a hash. */
export async function storedPassword(plain: string, username: string | null | undefined): Promise<string> {
  return username && plain === username ? PASSWORD_IS_USERNAME : hashPassword(plain);
}

/** Equal strings, in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** Whether `plain` is the password of a login: its argon2 hash, or the marker and its username. */
export async function verifyPassword(stored: string, plain: string, username?: string | null): Promise<boolean> {
  if (passwordIsUsername(stored)) return !!username && sameText(username, plain);
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password of `n` characters from an alphabet without look-alikes. */
export function randomPassword(n = 8): string {
  const bytes = crypto.randomBytes(n);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const randomToken = () => crypto.randomBytes(32).toString('base64url');
export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * The login session kept in the browser: token, API base, school code and user.
 * "Remember me" keeps it in localStorage, otherwise in sessionStorage (spec 4, 4 "Login and start-up").
 * No React and no UI library here: the login screen imports this file.
 */
import type { CallTypes } from '../generated/calls.js';

/** The signed-in person as the server answers them (`account.me`, and the login's `user`). */
export type SessionUser = CallTypes['account.me']['data'];

export interface Session {
  token: string;
  api: string;
  school_code: string;
  user: SessionUser;
}

const KEY = 'session';

function storages(): Storage[] {
  const out: Storage[] = [];
  try { out.push(window.localStorage); } catch { /* storage blocked */ }
  try { out.push(window.sessionStorage); } catch { /* storage blocked */ }
  return out;
}

export function readSession(): Session | null {
  for (const s of storages()) {
    const raw = s.getItem(KEY);
    if (!raw) continue;
    try {
      const v = JSON.parse(raw) as Session;
      if (v && typeof v.token === 'string' && typeof v.api === 'string') return v;
    } catch { /* corrupted entry: ignore */ }
  }
  return null;
}

/** The user a login in this page has just answered with: start-up needs no auth call to trust it. */
let justLoggedIn: SessionUser | null = null;

export function saveSession(session: Session, remember: boolean): void {
  clearSession();
  (remember ? window.localStorage : window.sessionStorage).setItem(KEY, JSON.stringify(session));
  justLoggedIn = session.user;
}

/** The user of the login just made in this page, once; null after a reload or a second call. */
export function takeJustLoggedIn(): SessionUser | null {
  const user = justLoggedIn;
  justLoggedIn = null;
  return user;
}

/** Updates the stored user (start-up refreshes it from /auth/) wherever the session lives. */
export function updateSessionUser(user: SessionUser): void {
  for (const s of storages()) {
    const raw = s.getItem(KEY);
    if (!raw) continue;
    try { s.setItem(KEY, JSON.stringify({ ...JSON.parse(raw), user })); } catch { /* ignore */ }
  }
}

/** Logout and a dead token clear both storages entirely, as the spec's /logout route does. */
export function clearSession(): void {
  justLoggedIn = null;
  for (const s of storages()) s.clear();
}

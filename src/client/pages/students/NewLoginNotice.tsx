/**
 * The family login just made for a new student, kept above the screens that follow (the bill,
 * the receipt) until the clerk has handed it over and closes it. It sits in the page, so it
 * covers nothing, and a printed receipt leaves it out (print hides banners). Held in memory
 * only: a reload or another person at the counter an hour later does not see the password.
 */
import { useSyncExternalStore } from 'react';
import { Alert, Typography } from 'antd';

export interface NewLogin { student: string; username: string; password: string }

/** How long the password stays on screen when nobody closes it. */
const SHOWN_FOR_MS = 15 * 60_000;

let current: NewLogin | null = null;
let expiry: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function showNewLogin(login: NewLogin | null) {
  current = login;
  clearTimeout(expiry);
  if (login) expiry = setTimeout(() => showNewLogin(null), SHOWN_FOR_MS);
  changed();
}

const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };

export function NewLoginNotice() {
  const login = useSyncExternalStore(subscribe, () => current);
  if (!login) return null;
  return (
    <Alert
      banner type="success" closable onClose={() => showNewLogin(null)} data-testid="new-login-notice"
      message={<>Parent login for {login.student}: <Typography.Text strong copyable>{login.username}</Typography.Text>, password <Typography.Text strong code copyable>{login.password}</Typography.Text></>}
      description="Share it with the parent; it can be reset from the student's page."
    />
  );
}

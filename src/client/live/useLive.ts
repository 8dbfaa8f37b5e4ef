import { useSyncExternalStore } from 'react';
import { request } from '../api.js';
import { readSession } from '../session.js';
import { openLive, type Live, type LiveStatus } from './connection.js';

let current: { token: string; live: Live } | null = null;

/** The tab's socket for the signed-in session, opened on first use; null when signed out. */
export function liveConnection(): Live | null {
  const session = readSession();
  if (!session) return null;
  if (current?.token !== session.token) {
    current?.live.close();
    current = {
      token: session.token,
      live: openLive({
        base: '', school: session.school_code, token: session.token,
        // The server says the session ended: the API agrees with a 401, which signs this tab out.
        onEnded: () => { void request('GET', '/auth/').catch(() => {}); },
      }),
    };
  }
  return current.live;
}

/** The socket's state, for the header's "Reconnecting" sign. */
export function useLiveStatus(): LiveStatus {
  const live = liveConnection();
  return useSyncExternalStore(
    (fn) => (live ? live.onStatus(fn) : () => {}),
    () => live?.status() ?? 'ended',
  );
}

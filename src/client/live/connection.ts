/**
 * The tab's one socket to the server (src/server/realtime/): it authenticates with the session's
 * token, reconnects with back-off after a drop, and after each reconnect tells the features
 * listening so that they fetch what they missed. No React and no DOM here: the tests of several
 * servers drive this same code from Node.
 */
import { io, type Socket } from 'socket.io-client';

/** connecting: the first connection; live: authenticated; reconnecting: down after being live; ended: the session ended. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface LiveOptions {
  /** The server's address ('' for this page's). */
  base: string;
  school: string;
  token: string;
  /** The server refused the token (the session has ended): the browser signs out. */
  onEnded?: () => void;
}

export interface Live {
  status(): LiveStatus;
  onStatus(fn: (s: LiveStatus) => void): () => void;
  /** Listens to an event the server pushes. */
  on(event: string, fn: (data: any) => void): () => void;
  /** Runs after every authentication but the first: the moment to fetch what was missed. */
  onResume(fn: () => void): () => void;
  /** Sends a declared event; answers its acknowledgement ({ success, data } or { success: false, error }). */
  send<T = unknown>(event: string, payload: unknown, timeoutMs?: number): Promise<{ success: boolean; data?: T; error?: string }>;
  close(): void;
}

export function openLive(opts: LiveOptions): Live {
  const socket: Socket = io(opts.base || undefined, {
    path: '/socket.io/',
    auth: { school: opts.school },
    // WebSocket first (no sticky sessions needed behind a balancer), long polling if it is blocked.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 0.5,
  });
  let status: LiveStatus = 'connecting';
  let authenticated = 0;
  const statusFns = new Set<(s: LiveStatus) => void>();
  const resumeFns = new Set<() => void>();
  const setStatus = (s: LiveStatus) => {
    if (s === status) return;
    status = s;
    for (const fn of statusFns) fn(s);
  };
  socket.on('connect', () => socket.emit('authenticate', { token: opts.token }));
  socket.on('authenticate', (answer: { success?: boolean }) => {
    if (!answer?.success) {
      setStatus('ended');
      socket.disconnect();
      opts.onEnded?.();
      return;
    }
    setStatus('live');
    if (authenticated++ > 0) for (const fn of resumeFns) fn();
  });
  socket.on('disconnect', (reason) => {
    if (status === 'ended') return;
    // The server closed it on purpose: the session ended (a logout elsewhere, a new password).
    if (reason === 'io server disconnect') {
      setStatus('ended');
      opts.onEnded?.();
      return;
    }
    setStatus(authenticated ? 'reconnecting' : 'connecting');
  });
  return {
    status: () => status,
    onStatus(fn) { statusFns.add(fn); return () => statusFns.delete(fn); },
    on(event, fn) { socket.on(event, fn); return () => { socket.off(event, fn); }; },
    onResume(fn) { resumeFns.add(fn); return () => resumeFns.delete(fn); },
    async send(event, payload, timeoutMs = 10_000) {
      try {
        return await socket.timeout(timeoutMs).emitWithAck(event, payload);
      } catch {
        return { success: false, error: 'No answer from the server' };
      }
    },
    close() {
      setStatus('ended');
      socket.disconnect();
    },
  };
}

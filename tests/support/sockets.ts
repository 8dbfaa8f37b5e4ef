/** A browser's socket, for tests: connects to a server's /socket.io/, records what arrives, and waits for events. */
import { io, type Socket } from 'socket.io-client';

export interface TestSocket {
  socket: Socket;
  /** Every event received, in order. */
  received: Array<{ event: string; data: any }>;
  /** The next `event` after those already taken (or one already received and not yet taken). */
  next<T = any>(event: string, timeoutMs?: number): Promise<T>;
  /** Sends `authenticate` with the token and waits for the answer. */
  authenticate(token: string): Promise<{ success: boolean; data?: any; error?: string }>;
  /** Resolves with the reason once the server has closed the socket. */
  closed: Promise<string>;
  close(): void;
}

export async function connectSocket(base: string, school: string, opts: { token?: string; reconnection?: boolean } = {}): Promise<TestSocket> {
  const socket = io(base, { path: '/socket.io/', transports: ['websocket'], auth: { school }, reconnection: opts.reconnection ?? false, forceNew: true });
  const received: TestSocket['received'] = [];
  const taken = new Set<number>();
  const waiters: Array<() => void> = [];
  socket.onAny((event: string, data: unknown) => {
    received.push({ event, data });
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const next = <T>(event: string, timeoutMs = 5000) => new Promise<T>((resolve, reject) => {
    const look = () => {
      const i = received.findIndex((r, k) => r.event === event && !taken.has(k));
      if (i < 0) return false;
      taken.add(i);
      resolve(received[i]!.data as T);
      return true;
    };
    if (look()) return;
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${timeoutMs} ms; received ${JSON.stringify(received.map((r) => r.event))}`)), timeoutMs);
    const wait = () => { if (look()) clearTimeout(timer); else waiters.push(wait); };
    waiters.push(wait);
  });
  const t: TestSocket = {
    socket, received, next, closed,
    async authenticate(token) {
      socket.emit('authenticate', { token });
      return next('authenticate');
    },
    close: () => { socket.disconnect(); },
  };
  if (opts.token) {
    const answer = await t.authenticate(opts.token);
    if (!answer.success) throw new Error(`authenticate: ${answer.error}`);
  }
  return t;
}

/** Resolves true when the promise settles within `ms`, false otherwise. */
export const within = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

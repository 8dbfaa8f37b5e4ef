/**
 * The one fetch wrapper for school API calls: JSON bodies, bearer token, the
 * `{success, data, error}` envelope. Used by the login screens (no Refine there)
 * and by the Refine data provider.
 */
import { clearSession, readSession } from './session.js';

export const GENERIC_ERROR = 'Something went wrong';

export class ApiError extends Error {
  statusCode: number;
  /** Every problem the server listed beside its message (the envelope's `errors`), when it listed several. */
  details?: string[];
  constructor(message: string, statusCode: number, details?: string[]) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    if (details) this.details = details;
  }
}

/**
 * Unwraps the envelope: success gives `data`, success:false throws the server's own text.
 * A body that is not an envelope (proxy error page, network) gives the generic message.
 */
export function unwrapEnvelope<T = any>(status: number, body: unknown): T {
  if (body && typeof body === 'object' && 'success' in body) {
    const env = body as { success: boolean; data: T; error: string | null; errors?: unknown };
    if (env.success) return env.data;
    const details = Array.isArray(env.errors) ? env.errors.filter((e): e is string => typeof e === 'string') : undefined;
    throw new ApiError(env.error || GENERIC_ERROR, status, details);
  }
  throw new ApiError(GENERIC_ERROR, status);
}

/** What to tell the person about a failure: the server's words, or the generic text. */
export function errorText(e: unknown): string {
  const m = e && typeof e === 'object' && 'message' in e ? (e as { message?: unknown }).message : undefined;
  return typeof m === 'string' && m ? m : GENERIC_ERROR;
}

/** Sends one file as multipart to an upload address and reads the envelope (staff and guest uploads alike). */
export async function postFile<T>(action: string, headers: Record<string, string>, file: Blob, filename: string): Promise<T> {
  const body = new FormData();
  body.append('file', file, filename);
  let res: Response;
  try {
    res = await fetch(action, { method: 'POST', headers: { Accept: 'application/json', ...headers }, body });
  } catch {
    throw new ApiError(GENERIC_ERROR, 0);
  }
  let json: unknown = null;
  try { json = await res.json(); } catch { /* not JSON */ }
  return unwrapEnvelope<T>(res.status, json);
}

export interface RequestOptions {
  /** API base such as /api/DEMO01; defaults to the stored session's. */
  api?: string;
  token?: string | null;
  /** When false a 401 is thrown like any error instead of ending the session (login screen). */
  endSessionOn401?: boolean;
}

/** What happens when the token is dead: forget it and show the login screen. */
export function endSession(): void {
  clearSession();
  window.location.assign('/login');
}

export async function request<T = any>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  return (await requestWithMessage<T>(method, path, body, opts)).data;
}

/** Like `request`, also giving what some answers carry beside `data`: the success text (`message`) and a page's `meta.total`. */
export async function requestWithMessage<T = any>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<{ data: T; message?: string; total?: number }> {
  const session = readSession();
  const api = opts.api ?? session?.api ?? '';
  const token = opts.token === undefined ? session?.token : opts.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(api + path, { method: method.toUpperCase(), headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(GENERIC_ERROR, 0);
  }
  if (res.status === 401 && opts.endSessionOn401 !== false && token) {
    endSession();
  }
  let json: unknown = null;
  try { json = await res.json(); } catch { /* not JSON */ }
  const data = unwrapEnvelope<T>(res.status, json);
  const { message, meta } = json as { message?: unknown; meta?: { total?: unknown } };
  return { data, message: typeof message === 'string' ? message : undefined, total: typeof meta?.total === 'number' ? meta.total : undefined };
}

export interface SchoolEntry { code: string; name: string; api: string }

/** The school directory the login screens match institution codes against. */
export async function fetchDirectory(): Promise<SchoolEntry[]> {
  return request<SchoolEntry[]>('GET', '/schools/', undefined, { api: '', token: null, endSessionOn401: false });
}

export function findSchool(list: SchoolEntry[], code: string): SchoolEntry | undefined {
  const c = code.trim().toUpperCase();
  return list.find((s) => s.code.toUpperCase() === c);
}

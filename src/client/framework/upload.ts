/**
 * File uploads (POST /upload/?file_path=documents|profile): multipart with the session's token,
 * answered in the usual envelope with { path, name, size }. The checks the server makes on a
 * profile photo are made here first so the user reads the same message without a round trip.
 */
import { ApiError, GENERIC_ERROR, unwrapEnvelope } from '../api.js';
import { readSession } from '../session.js';

export type UploadKind = 'documents' | 'profile';

export interface UploadedFile { path: string; name: string; size: number }

/** The address and the token header of an upload, for components that send the file themselves. */
export function uploadTarget(kind: UploadKind): { action: string; headers: Record<string, string> } {
  const session = readSession();
  const headers: Record<string, string> = {};
  if (session?.token) headers.Authorization = `Bearer ${session.token}`;
  return { action: `${session?.api ?? ''}/upload/?file_path=${kind}`, headers };
}

export async function uploadFile(file: Blob, kind: UploadKind, filename?: string): Promise<UploadedFile> {
  const { action, headers } = uploadTarget(kind);
  const body = new FormData();
  body.append('file', file, filename ?? (file as File).name ?? 'file');
  let res: Response;
  try {
    res = await fetch(action, { method: 'POST', headers: { Accept: 'application/json', ...headers }, body });
  } catch {
    throw new ApiError(GENERIC_ERROR, 0);
  }
  let json: unknown = null;
  try { json = await res.json(); } catch { /* not JSON */ }
  return unwrapEnvelope<UploadedFile>(res.status, json);
}

export { photoProblem } from '../../shared/uploads.js';

/** Whether a chosen file is a CSV by its name (the import accepts .csv only). */
export const isCsvName = (name: string): boolean => /\.csv$/i.test(name.trim());

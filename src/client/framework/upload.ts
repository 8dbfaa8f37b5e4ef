/**
 * File uploads (POST /upload/?file_path=<kind>): multipart with the session's token, answered in
 * the usual envelope with { path, name, size }. A kind is declared by a resource (`uploads`);
 * its rule is checked here first so the person reads the server's message without a round trip.
 */
import { postFile } from '../api.js';
import { readSession } from '../session.js';
import { RESOURCES } from '../../shared/registry.js';
import { acceptOf, findUpload, uploadProblem } from '../../shared/uploads.js';

/** A kind of upload some resource declares. */
export type UploadKind = string;

/** What a file picker of a kind accepts, and why a chosen file would be refused (null: fine). */
export function uploadRule(kind: UploadKind): { accept: string; problem: (file: { name: string; size: number }) => string | null } {
  const found = findUpload(RESOURCES, kind);
  if (!found) throw new Error(`No resource declares the upload kind ${kind}`);
  return { accept: acceptOf(found.def), problem: (file) => uploadProblem(found.def, file) };
}

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
  return postFile<UploadedFile>(action, headers, file, filename ?? (file as File).name ?? 'file');
}

/** Whether a chosen file is a CSV by its name (the import accepts .csv only). */
export const isCsvName = (name: string): boolean => /\.csv$/i.test(name.trim());

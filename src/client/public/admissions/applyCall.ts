/**
 * The public application's calls (resources/admissions/apply.ts and the settings' public read):
 * read from those declarations alone, not the staff app's registry, so the parent's phone loads
 * only these pages. The guest pass and the flow's state live in this tab's session storage.
 */
import apply from '../../../../resources/admissions/apply.js';
import settings from '../../../../resources/admissions/settings.js';
import type { CallTypes } from '../../../generated/calls.js';
import { acceptOf, uploadProblem } from '../../../shared/uploads.js';
import { fillCall } from '../../../shared/resource.js';
import { postFile, requestWithMessage } from '../../api.js';

export const applyCalls = apply.calls;
export const LINK_ERRORS = apply.calls.guestToken.errors;
/** Spec 4 §8 "Admissions: no guest token" and "Application submission network failure". */
export const NO_PASS = 'Something went wrong. Please try again later';
export const CHECK_NETWORK = 'Check network';

type ApplyKey = keyof typeof apply.calls & string;
type Id<K extends ApplyKey> = `admission-apply.${K}`;

export interface Flow {
  code: string;
  /** The guest pass, once the link gave one. */
  pass?: string;
  school?: { name: string; logo: string | null; address: string | null; classes: string[]; fee: number | null; modes: Array<{ value: string; name: string }> };
  /** The form as typed, for the preview. */
  form?: Record<string, any>;
  application?: { id: number; no: string; fee: number };
  /** Set once the application is submitted: the preview is then expired (spec 4 §2.7). */
  done?: boolean;
  result?: { status: number; order_id?: string; amount?: number; application_no: string; message?: string; payment_id?: string | null };
}

const KEY = 'admissions.apply';
export function readFlow(): Flow | null {
  try { return JSON.parse(sessionStorage.getItem(KEY) ?? 'null'); } catch { return null; }
}
export function saveFlow(f: Flow) {
  sessionStorage.setItem(KEY, JSON.stringify(f));
}
export const updateFlow = (patch: Partial<Flow>) => { const f = { ...(readFlow() ?? { code: '' }), ...patch }; saveFlow(f); return f; };

const apiOf = (code: string) => `/api/${code.toUpperCase()}`;

/** Makes `admission-apply.<key>` with the flow's pass: its data and the envelope's message. */
export function applyCall<K extends ApplyKey>(
  key: K,
  input: { body?: CallTypes[Id<K>]['body']; params?: Record<string, string | number>; query?: Record<string, string> } = {},
  flow: Flow | null = readFlow(),
): Promise<{ data: CallTypes[Id<K>]['data']; message?: string }> {
  const { method, path } = fillCall(apply.calls[key].call, input.params ?? {}, input.query ?? {});
  return requestWithMessage(method, path, input.body, { api: apiOf(flow?.code ?? ''), token: flow?.pass ?? null, endSessionOn401: false });
}

/** The public part of the admission settings, on the flow's pass. */
export async function publicSettings(flow: Flow) {
  const { method, path } = fillCall(settings.calls.get.call, {});
  return (await requestWithMessage<CallTypes['admission-settings.get']['data']>(method, path, undefined, { api: apiOf(flow.code), token: flow.pass ?? null, endSessionOn401: false })).data;
}

export type UploadKind = keyof NonNullable<typeof apply.uploads> & string;
export const uploadAccept = (kind: UploadKind) => acceptOf(apply.uploads[kind]);
/** Why a chosen file would be refused (the server checks the same, and its bytes). */
export const uploadCheck = (kind: UploadKind, file: { name: string; size: number }) => uploadProblem(apply.uploads[kind], file);

/** Sends one file of the form with the pass: its stored name and address. */
export async function uploadWithPass(kind: UploadKind, file: File): Promise<{ path: string; name: string; size: number }> {
  const flow = readFlow();
  return postFile(`${apiOf(flow?.code ?? '')}/upload/?file_path=${kind}`, flow?.pass ? { Authorization: `Bearer ${flow.pass}` } : {}, file, file.name);
}

export { errorText } from '../../api.js';

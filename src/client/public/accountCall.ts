/**
 * The account's declared calls (resources/auth/account.ts) for the screens before sign-in: they
 * read that one declaration, not the registry of every module, so the login page stays small.
 */
import account from '../../../resources/auth/account.js';
import type { CallTypes } from '../../generated/calls.js';
import { fillCall } from '../../shared/resource.js';
import { requestWithMessage, type RequestOptions } from '../api.js';

type Key = keyof typeof account.calls & string;

export const accountCalls = account.calls;

/** Makes `account.<key>`: its data and the envelope's message. */
export function accountCall<K extends Key>(key: K, body: CallTypes[`account.${K}`]['body'], opts?: RequestOptions): Promise<{ data: CallTypes[`account.${K}`]['data']; message?: string }> {
  const { method, path } = fillCall(account.calls[key].call);
  return requestWithMessage(method, path, body, opts);
}

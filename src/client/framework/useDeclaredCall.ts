/**
 * Declared calls from a hand-written screen, by id: the path is filled from the given values,
 * the payload and the answer are typed from the declaration and the handler (src/generated/
 * calls.ts), and the envelope's message is the success toast. A screen holds no API path and
 * no success text of its own.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import { useCustom } from '@refinedev/core';
import type { CallId, CallTypes } from '../../generated/calls.js';
import { callRequest } from '../../shared/calls.js';
import { resourceByName } from '../../shared/registry.js';
import { fillPath, parseCall } from '../../shared/resource.js';
import { requestWithMessage, type RequestOptions } from '../api.js';
import { errorNotification } from './notify.js';
import { errorText } from './useCall.js';

type Params<I extends CallId> = CallTypes[I]['params'];
type Body<I extends CallId> = CallTypes[I]['body'];
type Query<I extends CallId> = CallTypes[I]['query'];
export type CallData<I extends CallId> = CallTypes[I]['data'];

/** What a call is made with: its path values, its payload, its query (each only when it has one). */
export type CallInput<I extends CallId> =
  // A call without path values takes none (its params type has no keys).
  & (Record<never, never> extends Params<I> ? { params?: Params<I> } : { params: Params<I> })
  & (Body<I> extends undefined ? { body?: undefined } : { body: Body<I> })
  & { query?: Partial<Query<I>> };

export interface CallOptions {
  /** Show the envelope's message as a success toast (default true). */
  toast?: boolean;
  /** Show the server's refusal as an error toast (default true); the promise rejects either way. */
  errorToast?: boolean;
}

/** Method and path of a declared call filled from its input (for links and downloads). */
export function declaredRequest<I extends CallId>(id: I, input: { params?: Params<I>; query?: Partial<Query<I>> } = {}) {
  return callRequest(id, input.params as Record<string, unknown>, input.query as Record<string, unknown>);
}

/** Makes a declared call and gives its data with the envelope's message (for a screen that adds to the toast). */
export async function callDeclared<I extends CallId>(id: I, input: CallInput<I>, opts?: RequestOptions): Promise<{ data: CallData<I>; message?: string; total?: number }> {
  const { method, path } = declaredRequest(id, input);
  return requestWithMessage<CallData<I>>(method, path, input.body, opts);
}

/**
 * A generated resource's own create, update or remove, at its declared path (for a screen that
 * chains it with declared calls, as the add-student wizard does): data and the server's message.
 */
export async function resourceCall<T = Record<string, any>>(name: string, op: 'create' | 'update' | 'remove', body?: unknown, values: Record<string, unknown> = {}): Promise<{ data: T; message?: string }> {
  const call = resourceByName(name).api[op];
  if (!call) throw new Error(`${name} declares no ${op} call`);
  const { method, path } = parseCall(call);
  return requestWithMessage<T>(method, fillPath(path, values), body);
}

/** A function making the declared call `id`: resolves with the handler's data, rejects with the server's refusal. */
export function useDeclaredCall<I extends CallId>(id: I, opts: CallOptions = {}) {
  const { notification } = App.useApp();
  const { toast = true, errorToast = true } = opts;
  return useCallback(async (input: CallInput<I>): Promise<CallData<I>> => {
    try {
      const res = await callDeclared(id, input);
      if (toast && res.message) notification.success({ message: res.message });
      return res.data;
    } catch (e) {
      if (errorToast) notification.error({ message: errorText(e) });
      throw e;
    }
  }, [id, toast, errorToast, notification]);
}

export interface QueryOptions<T> {
  /** False until the call's values are known. */
  enabled?: boolean;
  errorToast?: boolean;
  /** An answer already in hand (loaded at start-up), shown without asking again for `staleTime` ms. */
  initial?: T | null;
  staleTime?: number;
  /** Asks again every so many ms while the screen is open (a status that changes by itself). */
  refetchInterval?: number;
}

/** A declared read as a Refine query (cached, refetchable). */
export function useDeclaredQuery<I extends CallId>(id: I, input: { params?: Params<I>; query?: Partial<Query<I>> } = {}, opts: QueryOptions<CallData<I>> = {}) {
  const { path } = declaredRequest(id, input);
  return useCustom<CallData<I> & {}>({
    url: path, method: 'get',
    errorNotification: opts.errorToast === false ? false : errorNotification,
    queryOptions: {
      enabled: opts.enabled ?? true,
      ...(opts.refetchInterval ? { refetchInterval: opts.refetchInterval } : {}),
      ...(opts.initial ? { initialData: { data: opts.initial as CallData<I> & {} }, staleTime: opts.staleTime } : {}),
    },
  });
}

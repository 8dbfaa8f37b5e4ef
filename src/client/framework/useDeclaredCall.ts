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
import { requestWithMessage } from '../api.js';
import { errorNotification } from './notify.js';
import { errorText } from './useCall.js';

type Params<I extends CallId> = CallTypes[I]['params'];
type Body<I extends CallId> = CallTypes[I]['body'];
type Query<I extends CallId> = CallTypes[I]['query'];
export type CallData<I extends CallId> = CallTypes[I]['data'];

/** What a call is made with: its path values, its payload, its query (each only when it has one). */
export type CallInput<I extends CallId> =
  & ({} extends Params<I> ? { params?: Params<I> } : { params: Params<I> })
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

/** A function making the declared call `id`: resolves with the handler's data, rejects with the server's refusal. */
export function useDeclaredCall<I extends CallId>(id: I, opts: CallOptions = {}) {
  const { notification } = App.useApp();
  const { toast = true, errorToast = true } = opts;
  return useCallback(async (input: CallInput<I>): Promise<CallData<I>> => {
    const { method, path } = declaredRequest(id, input);
    try {
      const res = await requestWithMessage<CallData<I>>(method, path, input.body);
      if (toast && res.message) notification.success({ message: res.message });
      return res.data;
    } catch (e) {
      if (errorToast) notification.error({ message: errorText(e) });
      throw e;
    }
  }, [id, toast, errorToast, notification]);
}

/** A declared read as a Refine query (cached, refetchable); `enabled: false` until its values are known. */
export function useDeclaredQuery<I extends CallId>(id: I, input: { params?: Params<I>; query?: Partial<Query<I>> }, opts: { enabled?: boolean; errorToast?: boolean } = {}) {
  const { path } = declaredRequest(id, input);
  return useCustom<CallData<I> & {}>({
    url: path, method: 'get',
    errorNotification: opts.errorToast === false ? false : errorNotification,
    queryOptions: { enabled: opts.enabled ?? true },
  });
}

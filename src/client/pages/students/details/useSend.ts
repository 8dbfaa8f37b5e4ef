/**
 * One declared call of the details page, by id: the envelope's data back, the server's message
 * as the success toast, and a failure toast with the server's text, or a fixed fallback when
 * there was no answer at all (network).
 */
import { useCallback } from 'react';
import { useNotification } from '@refinedev/core';
import type { CallId } from '../../../../generated/calls.js';
import { ApiError, GENERIC_ERROR, requestWithMessage } from '../../../api.js';
import { declaredRequest, type CallData, type CallInput } from '../../../framework/useDeclaredCall.js';

export interface SendOptions {
  /** Failure toast when the server did not answer (network). */
  offline?: string;
}

export function useSend() {
  const { open } = useNotification();
  const notify = useCallback((type: 'success' | 'error', message: string) => open?.({ type, message }), [open]);
  const send = useCallback(async <I extends CallId>(id: I, input: CallInput<I>, opts: SendOptions = {}): Promise<CallData<I>> => {
    const { method, path } = declaredRequest(id, input);
    try {
      const res = await requestWithMessage<CallData<I>>(method, path, input.body);
      if (res.message) notify('success', res.message);
      return res.data;
    } catch (e) {
      const offline = !(e instanceof ApiError) || e.statusCode === 0;
      notify('error', offline ? opts.offline ?? GENERIC_ERROR : e.message || GENERIC_ERROR);
      throw e;
    }
  }, [notify]);
  return { send, notify };
}

/**
 * One action call of the details page: the envelope's data back, a success toast with the
 * server's own text (or the spec's), and a failure toast with the server's text, or a fixed
 * fallback when there was no answer at all (network).
 */
import { useCallback } from 'react';
import { useNotification } from '@refinedev/core';
import { ApiError, GENERIC_ERROR, requestWithMessage } from '../../../api.js';

export interface SendOptions {
  /** Success toast when the server sends no message of its own. */
  success?: string;
  /** Failure toast when the server did not answer (network). */
  offline?: string;
}

export function useSend() {
  const { open } = useNotification();
  const notify = useCallback((type: 'success' | 'error', message: string) => open?.({ type, message }), [open]);
  const send = useCallback(async <T = any>(method: string, path: string, body?: unknown, opts: SendOptions = {}): Promise<T> => {
    try {
      const res = await requestWithMessage<T>(method, path, body);
      if (opts.success !== undefined) notify('success', res.message ?? opts.success);
      return res.data;
    } catch (e) {
      const offline = !(e instanceof ApiError) || e.statusCode === 0;
      notify('error', offline ? opts.offline ?? GENERIC_ERROR : e.message || GENERIC_ERROR);
      throw e;
    }
  }, [notify]);
  return { send, notify };
}

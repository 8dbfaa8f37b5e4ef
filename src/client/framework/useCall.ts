/**
 * One documented call from a hand-written screen, through Refine's data provider (the same
 * fetcher, token and envelope as every other call): resolves with the envelope's data, rejects
 * with an HttpError carrying the server's own text. For flows of several calls in a row
 * (the add-student wizard) and calls made on an event (a search box, a check on change).
 */
import { useCallback } from 'react';
import { useDataProvider } from '@refinedev/core';

export type CallMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

export function useCall() {
  const dataProvider = useDataProvider();
  return useCallback(async <T = any>(method: CallMethod, url: string, payload?: unknown): Promise<T> => {
    const res = await dataProvider().custom!({ url, method, payload: payload as any });
    return res.data as T;
  }, [dataProvider]);
}

/** The text of a failed call (the server's message), else the generic one. */
export { errorText } from '../api.js';

/** The HTTP status of a failed call (0 when there was no answer). */
export const errorStatus = (e: unknown): number =>
  Number((e as { statusCode?: unknown } | null)?.statusCode ?? 0) || 0;

/**
 * Searching as the person types: the text counts once they pause and have given at least two
 * characters. `useSearchCall` runs a declared search call (`api.search`, rows matching `?q=`).
 */
import { useEffect, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { parseCall, type Call } from '../../../src/shared/resource.js';
import { queryString } from './calls.js';
import { errorNotification } from './notify.js';

export const MIN_SEARCH = 2;
const PAUSE_MS = 250;

/** The text to search for once typing pauses; `active` when it is long enough to search. */
export function usePausedText(text: string) {
  const [needle, setNeedle] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setNeedle(text.trim()), PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  return { needle, active: needle.length >= MIN_SEARCH, typing: text.trim() !== needle, long: text.trim().length >= MIN_SEARCH };
}

/** What a search hook answers: the rows found for the paused text, and whether it is still looking. */
export function searchState<T>(t: ReturnType<typeof usePausedText>, data: unknown, fetching: boolean, refetch: () => unknown) {
  return {
    active: t.long,
    rows: t.active && Array.isArray(data) ? (data as T[]) : [],
    loading: (t.active && fetching) || t.typing,
    refetch: () => { if (t.active) void refetch(); },
  };
}

export function useSearchCall<T>(call: Call, text: string) {
  const t = usePausedText(text);
  const { result, query } = useCustom<T[]>({
    url: `${parseCall(call).path}${queryString({ q: t.needle })}`, method: 'get', errorNotification,
    queryOptions: { enabled: t.active },
  });
  return searchState<T>(t, result?.data, query.isFetching, query.refetch);
}

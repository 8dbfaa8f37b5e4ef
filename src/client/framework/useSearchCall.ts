/**
 * A declared search call (`api.search`, answering rows matching `?q=`) as the person types:
 * waits until they pause and have given at least two characters.
 */
import { useEffect, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { parseCall, type Call } from '../../../src/shared/resource.js';
import { queryString } from './calls.js';
import { errorNotification } from './notify.js';

export const MIN_SEARCH = 2;
const PAUSE_MS = 250;

export function useSearchCall<T>(call: Call, text: string) {
  const [needle, setNeedle] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setNeedle(text.trim()), PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const active = needle.length >= MIN_SEARCH;
  const { path } = parseCall(call);
  const { result, query } = useCustom<T[]>({
    url: `${path}${queryString({ q: needle })}`, method: 'get', errorNotification,
    queryOptions: { enabled: active },
  });
  const rows = active && Array.isArray(result?.data) ? (result.data as T[]) : [];
  return {
    active: text.trim().length >= MIN_SEARCH, rows,
    loading: (active && query.isFetching) || text.trim() !== needle,
    refetch: () => { if (active) void query.refetch(); },
  };
}

/**
 * The whole-school student search (GET /search/students/?q=): by name, admission number, mobile
 * or father's name, whatever class the student is in. Waits until the person pauses typing and
 * has given at least two characters.
 */
import { useEffect, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { queryString } from '../../../framework/calls.js';
import { errorNotification } from '../../../framework/notify.js';
import type { StudentRow } from '../studentModel.js';

export const MIN_SEARCH = 2;
const PAUSE_MS = 250;

export interface FoundStudent extends StudentRow { father_name?: string | null }

export function useStudentSearch(text: string) {
  const [needle, setNeedle] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setNeedle(text.trim()), PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const active = needle.length >= MIN_SEARCH;
  const { result, query } = useCustom<FoundStudent[]>({
    url: `/search/students/${queryString({ q: needle })}`, method: 'get', errorNotification,
    queryOptions: { enabled: active },
  });
  const rows = active && Array.isArray(result?.data) ? (result.data as FoundStudent[]) : [];
  return {
    active: text.trim().length >= MIN_SEARCH, rows,
    loading: (active && query.isFetching) || text.trim() !== needle,
    refetch: () => { if (active) void query.refetch(); },
  };
}

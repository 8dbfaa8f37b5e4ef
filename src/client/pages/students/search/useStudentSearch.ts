/**
 * The whole-school student search (students.searchBy with q): by name, admission number, mobile
 * or father's name, whatever class the student is in. Waits until the person pauses typing and
 * has given at least two characters.
 */
import { useEffect, useState } from 'react';
import { useDeclaredQuery, type CallData } from '../../../framework/useDeclaredCall.js';

export const MIN_SEARCH = 2;
const PAUSE_MS = 250;

export type FoundStudent = CallData<'students.searchBy'>[number];

export function useStudentSearch(text: string) {
  const [needle, setNeedle] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setNeedle(text.trim()), PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const active = needle.length >= MIN_SEARCH;
  const { result, query } = useDeclaredQuery('students.searchBy', { query: { q: needle } }, { enabled: active });
  const rows = active && Array.isArray(result?.data) ? (result.data as FoundStudent[]) : [];
  return {
    active: text.trim().length >= MIN_SEARCH, rows,
    loading: (active && query.isFetching) || text.trim() !== needle,
    refetch: () => { if (active) void query.refetch(); },
  };
}

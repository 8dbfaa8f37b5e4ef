/**
 * The whole-school student search (students.searchBy with q): by name, admission number, mobile
 * or father's name, whatever class the student is in, as the person types.
 */
import { searchState, usePausedText } from '../../../framework/useSearchCall.js';
import { useDeclaredQuery, type CallData } from '../../../framework/useDeclaredCall.js';

export { MIN_SEARCH } from '../../../framework/useSearchCall.js';

export type FoundStudent = CallData<'students.searchBy'>[number];

export function useStudentSearch(text: string) {
  const t = usePausedText(text);
  const { result, query } = useDeclaredQuery('students.searchBy', { query: { q: t.needle } }, { enabled: t.active });
  return searchState<FoundStudent>(t, result?.data, query.isFetching, query.refetch);
}

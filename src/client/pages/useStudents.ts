import { useSession } from '../app/SessionContext.js';
import { useDeclaredQuery, type CallData } from '../framework/useDeclaredCall.js';

/** A parent's student as the parent shell lists them (`students.mine`). */
export type ParentStudent = CallData<'students.mine'>[number];

/** How long the list loaded at start-up is shown without asking again. */
const STARTUP_LIST_FRESH_MS = 60_000;

export function useParentStudents() {
  const { parentStudents } = useSession();
  const { result, query } = useDeclaredQuery('students.mine', {}, { initial: parentStudents, staleTime: STARTUP_LIST_FRESH_MS });
  const students = Array.isArray(result?.data) ? result.data : [];
  return { students, loading: query.isLoading, failed: query.isError };
}

const KEY = 'selected_student';
export const rememberStudent = (id: number) => { try { localStorage.setItem(KEY, String(id)); } catch { /* ignore */ } };
export const rememberedStudent = (): number | undefined => {
  try { const v = localStorage.getItem(KEY); return v ? Number(v) : undefined; } catch { return undefined; }
};

export const NO_STUDENTS = 'Your students are no longer part of this school.';

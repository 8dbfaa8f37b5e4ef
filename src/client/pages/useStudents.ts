import { useCustom } from '@refinedev/core';
import { useSession } from '../app/SessionContext.js';
import { errorNotification } from '../framework/notify.js';

/** A parent's students as GET /students-list/ answers them. */
export interface ParentStudent {
  id: number;
  fullname: string;
  admission_no?: string;
  mobile?: string;
  class?: string;
  section?: string;
  roll_no?: number | null;
  dob?: string;
  admission_date?: string;
}

/** How long the list loaded at start-up is shown without asking again. */
const STARTUP_LIST_FRESH_MS = 60_000;

export function useParentStudents() {
  const { parentStudents } = useSession();
  const { result, query } = useCustom<ParentStudent[]>({
    url: '/students-list/', method: 'get', errorNotification,
    queryOptions: parentStudents ? { initialData: { data: parentStudents }, staleTime: STARTUP_LIST_FRESH_MS } : undefined,
  });
  const students = Array.isArray(result?.data) ? (result.data as ParentStudent[]) : [];
  return { students, loading: query.isLoading, failed: query.isError };
}

const KEY = 'selected_student';
export const rememberStudent = (id: number) => { try { localStorage.setItem(KEY, String(id)); } catch { /* ignore */ } };
export const rememberedStudent = (): number | undefined => {
  try { const v = localStorage.getItem(KEY); return v ? Number(v) : undefined; } catch { return undefined; }
};

export const NO_STUDENTS = 'Your students are no longer part of this school.';

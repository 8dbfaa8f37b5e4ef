/** The question paper screens' picks (class, academic year, subject), kept in the address. */
import { useSearchParams } from 'react-router';

export interface QpPicks { class_id?: number; ac_year_id?: number; subject_id?: number }
const KEYS = ['class_id', 'ac_year_id', 'subject_id'] as const;
const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export const LIST_NEEDS = 'Please select class, ac year and subject';
export const SAVE_NEEDS = 'Please select Class, AC Year, Subject and also enter Name';

export function useQpPicks(): [QpPicks, (p: QpPicks) => void] {
  const [search, setSearch] = useSearchParams();
  const picks: QpPicks = Object.fromEntries(KEYS.map((k) => [k, num(search.get(k))]));
  const set = (p: QpPicks) => {
    const q = new URLSearchParams();
    for (const k of KEYS) if (p[k] !== undefined) q.set(k, String(p[k]));
    setSearch(q, { replace: true });
  };
  return [picks, set];
}

export const picksQuery = (p: QpPicks) => new URLSearchParams(Object.entries(p).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();

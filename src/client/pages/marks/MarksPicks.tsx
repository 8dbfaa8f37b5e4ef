/**
 * The marks screens' pickers: class, academic year (the enabled one preselected), the year's
 * tests and, for the editor, the class's subjects. Each choice stays in the address, so a
 * reload or a shared link opens the same sheet.
 */
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useList } from '@refinedev/core';
import { Form, Select } from 'antd';
import { optionLabel } from '../../framework/labels.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import type { EntityRow } from '../../../shared/wire.js';
import type { Subject, Test } from '../../../generated/entities/academics.js';
import { PICKER } from '../../framework/pickers.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

export interface Picks { class_id?: number; year?: number; test?: number; subject_id?: number }

const KEYS = ['class_id', 'year', 'test', 'subject_id'] as const;
const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** The picks in the address; choosing a class or year clears what depends on it. */
export function usePicks(): [Picks, (p: Partial<Picks>) => void] {
  const [search, setSearch] = useSearchParams();
  const picks: Picks = Object.fromEntries(KEYS.map((k) => [k, num(search.get(k))]));
  const set = (p: Partial<Picks>) => {
    const next: Picks = { ...picks, ...p };
    if ('year' in p && p.year !== picks.year) next.test = undefined;
    if ('class_id' in p && p.class_id !== picks.class_id) next.subject_id = undefined;
    const q = new URLSearchParams();
    for (const k of KEYS) if (next[k] !== undefined) q.set(k, String(next[k]));
    setSearch(q, { replace: true });
  };
  return [picks, set];
}

export function MarksPicks({ picks, set, withSubject }: { picks: Picks; set: (p: Partial<Picks>) => void; withSubject?: boolean }) {
  const { classes, years, classesLoading, yearsLoading } = useClassesAndYears();
  useEffect(() => {
    if (picks.year !== undefined || !years.length) return;
    const enabled = years.find((y) => Number(y.status) === ACYEAR_STATUS.ENABLED);
    if (enabled) set({ year: enabled.id });
  }, [years, picks.year]); // eslint-disable-line react-hooks/exhaustive-deps
  const tests = useList<EntityRow<Test>>({
    resource: 'tests', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'ac_year', operator: 'eq', value: picks.year }], queryOptions: { enabled: picks.year !== undefined },
  });
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: picks.class_id }], queryOptions: { enabled: !!withSubject && picks.class_id !== undefined },
  });
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]);
  const select = { ...PICKER, style: { minWidth: 150 } } as const;
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item label="Class" htmlFor="marks-class" required>
        <Select id="marks-class" {...select} placeholder="Please select class" loading={classesLoading} options={classOptions}
          value={picks.class_id ?? null} onChange={(v: number) => set({ class_id: v })} />
      </Form.Item>
      <Form.Item label="Academic Year" htmlFor="marks-year" required>
        <Select id="marks-year" {...select} placeholder="Please select academic year" loading={yearsLoading}
          options={years.map((y) => ({ value: y.id, label: y.name }))} value={picks.year ?? null} onChange={(v: number) => set({ year: v })} />
      </Form.Item>
      <Form.Item label="Test" htmlFor="marks-test" required>
        <Select id="marks-test" {...select} placeholder="Please select test" loading={tests.query.isLoading && picks.year !== undefined}
          options={(tests.result?.data ?? []).map((x) => ({ value: x.id, label: x.name }))} value={picks.test ?? null} onChange={(v: number) => set({ test: v })} />
      </Form.Item>
      {withSubject && (
        <Form.Item label="Subject" htmlFor="marks-subject" required>
          <Select id="marks-subject" {...select} placeholder="Please select subject" loading={subjects.query.isLoading && picks.class_id !== undefined}
            options={(subjects.result?.data ?? []).map((x) => ({ value: x.id, label: x.name }))} value={picks.subject_id ?? null} onChange={(v: number) => set({ subject_id: v })} />
        </Form.Item>
      )}
    </Form>
  );
}

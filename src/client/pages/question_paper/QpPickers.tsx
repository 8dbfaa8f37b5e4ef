/** Class, academic year (the enabled one first) and the class's subjects, as the question paper screens pick them. */
import { useMemo } from 'react';
import { useList } from '@refinedev/core';
import { Form, Select } from 'antd';
import { optionLabel } from '../../framework/labels.js';
import type { EntityRow } from '../../../shared/wire.js';
import type { Subject } from '../../../generated/entities/academics.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import type { QpPicks } from './qpPicks.js';
import { PICKER } from '../../framework/pickers.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

/** The enabled academic year, which the pickers offer until another is chosen. */
export function useEnabledYear(): number | undefined {
  const { years } = useClassesAndYears();
  return years.find((y) => Number(y.status) === ACYEAR_STATUS.ENABLED)?.id;
}

/**
 * The pickers. `picks` should already carry the enabled year when none is chosen (useEnabledYear):
 * it is not written back by an effect, which could fire after the person has left the screen.
 */
export function QpPickers({ picks, set, idPrefix }: { picks: QpPicks; set: (p: QpPicks) => void; idPrefix: string }) {
  const { classes, years, classesLoading, yearsLoading } = useClassesAndYears();
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: picks.class_id }], queryOptions: { enabled: picks.class_id !== undefined },
  });
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]);
  const select = { ...PICKER, style: { minWidth: 160 } } as const;
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item label="Class" htmlFor={`${idPrefix}-class`} required>
        <Select id={`${idPrefix}-class`} {...select} placeholder="Select class" loading={classesLoading} options={classOptions}
          value={picks.class_id ?? null} onChange={(v: number) => set({ ...picks, class_id: v, subject_id: undefined })} />
      </Form.Item>
      <Form.Item label="Academic Year" htmlFor={`${idPrefix}-year`} required>
        <Select id={`${idPrefix}-year`} {...select} placeholder="Select academic year" loading={yearsLoading}
          options={years.map((y) => ({ value: y.id, label: y.name }))} value={picks.ac_year_id ?? null} onChange={(v: number) => set({ ...picks, ac_year_id: v })} />
      </Form.Item>
      <Form.Item label="Subject" htmlFor={`${idPrefix}-subject`} required>
        <Select id={`${idPrefix}-subject`} {...select} placeholder="Select subject" loading={subjects.query.isFetching}
          options={(subjects.result?.data ?? []).map((s) => ({ value: s.id, label: s.name }))} value={picks.subject_id ?? null}
          onChange={(v: number) => set({ ...picks, subject_id: v })} />
      </Form.Item>
    </Form>
  );
}

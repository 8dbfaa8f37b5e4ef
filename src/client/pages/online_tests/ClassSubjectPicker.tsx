/** Class and one of its subjects, as the question bank and the test's question picker choose them. */
import { useMemo } from 'react';
import { useList } from '@refinedev/core';
import { Form, Select } from 'antd';
import { optionLabel } from '../../framework/labels.js';
import { PICKER } from '../../framework/pickers.js';
import type { EntityRow } from '../../../shared/wire.js';
import type { Subject } from '../../../generated/entities/academics.js';
import { useClassesAndYears } from '../useClassesAndYears.js';

export interface ClassSubject { class_id?: number; subject_id?: number }

export function useSubjects(classId: number | undefined) {
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: classId }], queryOptions: { enabled: classId !== undefined },
  });
  return { subjects: classId === undefined ? [] : subjects.result?.data ?? [], loading: subjects.query.isFetching };
}

export function useClassOptions() {
  const { classes, classesLoading } = useClassesAndYears();
  return { options: useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]), loading: classesLoading };
}

export function ClassSubjectPicker({ value, onChange, idPrefix }: { value: ClassSubject; onChange: (v: ClassSubject) => void; idPrefix: string }) {
  const classes = useClassOptions();
  const { subjects, loading } = useSubjects(value.class_id);
  const select = { ...PICKER, style: { minWidth: 180 } } as const;
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item label="Class" htmlFor={`${idPrefix}-class`}>
        <Select id={`${idPrefix}-class`} {...select} placeholder="Select class" loading={classes.loading} options={classes.options}
          value={value.class_id ?? null} onChange={(v: number) => onChange({ class_id: v, subject_id: undefined })} />
      </Form.Item>
      <Form.Item label="Subject" htmlFor={`${idPrefix}-subject`}>
        <Select id={`${idPrefix}-subject`} {...select} placeholder="Select subject" loading={loading}
          options={subjects.map((s) => ({ value: s.id, label: s.name }))} value={value.subject_id ?? null}
          onChange={(v: number) => onChange({ ...value, subject_id: v })} />
      </Form.Item>
    </Form>
  );
}

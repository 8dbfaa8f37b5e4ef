/**
 * What the report forms that choose classes and an academic year share: the class and year
 * pickers: the enabled year preselected, at least one class for the multi-class reports.
 */
import { useEffect, useMemo } from 'react';
import { Form, Select, type FormInstance } from 'antd';
import { optionLabel } from '../../framework/labels.js';
import { sameValue } from '../../framework/calls.js';
import { useClassesAndYears, type ClassRow } from '../useClassesAndYears.js';
import { PICKER } from '../../framework/pickers.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

export type { ClassRow } from '../useClassesAndYears.js';

export const AT_LEAST_ONE_CLASS = 'Atlease one class must be selected!';
export const YEAR_REQUIRED = 'Please select academic year!';
export const CLASS_REQUIRED = 'Please select class!';

/** The classes and academic years, with the enabled year put into the form's `ac_year_id` once they load. */
export function useClassYearChoices(form: FormInstance) {
  const { classes: classRows, years: yearRows, classesLoading, yearsLoading } = useClassesAndYears();

  useEffect(() => {
    if (form.getFieldValue('ac_year_id') || yearRows.length === 0) return;
    const enabled = yearRows.find((y) => Number(y.status) === ACYEAR_STATUS.ENABLED);
    if (enabled) form.setFieldValue('ac_year_id', enabled.id);
  }, [yearRows, form]);

  const classOptions = useMemo(() => classRows.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classRows]);
  const yearOptions = useMemo(() => yearRows.map((y) => ({ value: y.id, label: optionLabel(y, 'name') })), [yearRows]);
  // A class the list has not brought (yet) is known by its id alone.
  const classById = (id: unknown): Pick<ClassRow, 'id'> & Partial<ClassRow> => classRows.find((c) => sameValue(c.id, id)) ?? { id: Number(id) };
  return { classOptions, yearOptions, classById, classesLoading, yearsLoading };
}

/** The class picker: several classes ('Atlease one class must be selected!') or one. */
export function ClassesItem({ choices, multiple }: { choices: ReturnType<typeof useClassYearChoices>; multiple?: boolean }) {
  return multiple ? (
    <Form.Item label="Classes" name="class_ids" rules={[{ required: true, type: 'array', min: 1, message: AT_LEAST_ONE_CLASS }]}>
      <Select
        mode="multiple" style={{ minWidth: 320 }} allowClear {...PICKER} placeholder="Select classes"
        loading={choices.classesLoading} options={choices.classOptions}
      />
    </Form.Item>
  ) : (
    <Form.Item label="Class" name="class_id" rules={[{ required: true, message: CLASS_REQUIRED }]}>
      <Select style={{ minWidth: 160 }} {...PICKER} placeholder="Select class" loading={choices.classesLoading} options={choices.classOptions} />
    </Form.Item>
  );
}

/** The academic year picker. */
export function YearItem({ choices }: { choices: ReturnType<typeof useClassYearChoices> }) {
  return (
    <Form.Item label="Academic Year" name="ac_year_id" rules={[{ required: true, message: YEAR_REQUIRED }]}>
      <Select style={{ minWidth: 160 }} loading={choices.yearsLoading} options={choices.yearOptions} placeholder="Select year" />
    </Form.Item>
  );
}

import { useState, type ReactNode } from 'react';
import { Alert, Card, Select, Space, Spin } from 'antd';
import { classSectionLabel } from '../framework/labels.js';
import { NO_STUDENTS, rememberStudent, rememberedStudent, useParentStudents, type ParentStudent } from './useStudents.js';

/**
 * A parent's pick of one of their students above that student's page (the dashboard, the fee
 * records). One piece so both say the same while loading, on failure and with no students, and
 * share the remembered choice: the child picked on one is the child the other opens on.
 */
export function ParentStudentPicker({ selectId, initial, title, size, children }: {
  /** The Select's id, which its label points at. */
  selectId: string;
  /** The student to open on (from the address); else the one picked last; else the first. */
  initial?: number;
  title?: ReactNode;
  size?: 'small';
  children: (student: ParentStudent) => ReactNode;
}) {
  const { students, loading, failed } = useParentStudents();
  const [chosen, setChosen] = useState<number | undefined>(() => initial ?? rememberedStudent());
  if (loading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (failed) return <Alert type="error" showIcon message="Could not load your students." />;
  if (students.length === 0) return <Alert type="warning" showIcon message={NO_STUDENTS} />;
  const current = students.find((s) => s.id === chosen) ?? students[0]!;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={title} size={size}>
        <Space>
          <label htmlFor={selectId}>Student</label>
          <Select
            id={selectId}
            value={current.id}
            style={{ minWidth: 240 }}
            options={students.map((s) => ({ value: s.id, label: `${s.fullname}${s.class ? ` (${classSectionLabel(s)})` : ''}` }))}
            onChange={(v: number) => { rememberStudent(v); setChosen(v); }}
          />
        </Space>
      </Card>
      {children(current)}
    </Space>
  );
}

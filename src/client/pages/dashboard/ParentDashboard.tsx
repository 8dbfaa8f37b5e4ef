import { useState } from 'react';
import { Alert, Card, Select, Space, Spin } from 'antd';
import { NO_STUDENTS, rememberStudent, rememberedStudent, useParentStudents } from '../useStudents.js';
import { StudentCard } from '../StudentCard.js';

/** Role 1 home: a selector of the parent's students and the chosen student's details. */
export default function ParentDashboard() {
  const { students, loading, failed } = useParentStudents();
  const [chosen, setChosen] = useState<number | undefined>(rememberedStudent);
  if (loading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (failed) return <Alert type="error" showIcon message="Could not load your students." />;
  if (students.length === 0) return <Alert type="warning" showIcon message={NO_STUDENTS} />;
  const current = students.find((s) => s.id === chosen) ?? students[0]!;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Dashboard">
        <Space>
          <label htmlFor="student-selector">Student</label>
          <Select
            id="student-selector"
            value={current.id}
            style={{ minWidth: 240 }}
            options={students.map((s) => ({ value: s.id, label: `${s.fullname}${s.class ? ` (${[s.class, s.section].filter(Boolean).join(' - ')})` : ''}` }))}
            onChange={(v: number) => { rememberStudent(v); setChosen(v); }}
          />
        </Space>
      </Card>
      <StudentCard student={current} />
    </Space>
  );
}

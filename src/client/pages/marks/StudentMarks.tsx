/**
 * A parent's (or student's) marks (spec 4 §3): pick one of their children, then each approved
 * test as a card of subjects with marks out of max and grade. Made for a phone first.
 */
import { readState } from '../../framework/readState.js';
import { useMemo } from 'react';
import { Alert, Card, List, Space, Tag, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { formatDate } from '../../framework/format.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';

type MarkRow = CallData<'marks.student'>[number];

export default function StudentMarks(_props: PageProps) {
  return (
    <ParentStudentPicker selectId="marks-student" size="small" title="Marks">
      {(student) => <ChildMarks key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

function ChildMarks({ studentId }: { studentId: number }) {
  const { result, query } = useDeclaredQuery('marks.student', { params: { student_id: studentId } });
  const tests = useMemo(() => {
    const byTest = new Map<number, { name: string; date: string | null; rows: MarkRow[] }>();
    for (const r of query.isSuccess ? result?.data ?? [] : []) {
      const t = byTest.get(r.test_id) ?? { name: r.test_name, date: r.start_date ? String(r.start_date) : null, rows: [] };
      t.rows.push(r);
      byTest.set(r.test_id, t);
    }
    return [...byTest.values()];
  }, [result, query.isSuccess]);
  const pending = readState(query, 'Could not load the marks.');
  if (pending) return pending;
  if (!tests.length) return <Alert type="info" showIcon message="No marks have been published yet." />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {tests.map((t) => {
        const marked = t.rows.filter((r) => r.marks_type !== 2);
        const total = marked.reduce((n, r) => n + (r.marks_obtained ?? 0), 0);
        const max = marked.reduce((n, r) => n + r.max_marks, 0);
        return (
          <Card key={t.name} size="small" title={t.name} extra={t.date ? formatDate(t.date) : null}>
            <List
              size="small"
              dataSource={t.rows}
              renderItem={(r) => (
                <List.Item style={{ paddingInline: 0 }}>
                  <Typography.Text>{r.subject_name}</Typography.Text>
                  <Space size={6}>
                    {r.absent ? <Tag>AB</Tag> : r.marks_type === 2 ? null : <Typography.Text strong>{r.marks_obtained ?? '-'}<Typography.Text type="secondary"> / {r.max_marks}</Typography.Text></Typography.Text>}
                    {r.grade && <Tag color="blue">{r.grade}</Tag>}
                  </Space>
                </List.Item>
              )}
            />
            {max > 0 && <Typography.Paragraph style={{ margin: '8px 0 0', textAlign: 'right' }} strong>Total {Math.round(total * 100) / 100} / {max}</Typography.Paragraph>}
          </Card>
        );
      })}
    </Space>
  );
}

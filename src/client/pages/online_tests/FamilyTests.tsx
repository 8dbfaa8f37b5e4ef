/** A parent's or student's online tests: pick a child, then the tests of the child's class with where each stands. */
import { Link } from 'react-router';
import { Alert, Card, List, Space, Tag, Typography } from 'antd';
import { readState } from '../../framework/readState.js';
import { formatDateTime } from '../../framework/format.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { actionOf, type FamilyTest } from './familyModel.js';

export function FamilyTests() {
  return (
    <ParentStudentPicker selectId="online-test-student" size="small" title="Online Tests">
      {(student) => <ChildTests key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

const STANDING = {
  start: <Tag color="blue">Open now</Tag>,
  resume: <Tag color="orange">In progress</Tag>,
  later: <Tag>Not yet open</Tag>,
  done: <Tag color="green">Taken</Tag>,
} as const;

function ChildTests({ studentId }: { studentId: number }) {
  const { result, query } = useDeclaredQuery('online-test-attempts.tests', { params: { student_id: studentId } });
  const pending = readState(query, 'Could not load the tests.', Array.isArray(result?.data));
  if (pending) return pending;
  const rows = result.data as unknown as FamilyTest[];
  if (!rows.length) return <Alert type="info" showIcon message="No online tests have been set for this class yet." />;
  return (
    <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
      <List
        dataSource={rows}
        renderItem={(t) => {
          const done = t.attempts?.find((a) => a.submitted);
          return (
            <List.Item key={t.assign_id} style={{ display: 'block', paddingInline: 0 }}>
              <Link to={`/online-test/${t.id}`} state={{ student_id: studentId }} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{t.name}</Link>
              <div>
                <Space size={[8, 4]} wrap>
                  {t.subject && <Tag style={{ marginInlineEnd: 0 }}>{t.subject}</Tag>}
                  <Typography.Text type="secondary">{t.duration} min</Typography.Text>
                  {t.start_time && <Typography.Text type="secondary">{formatDateTime(t.start_time)}</Typography.Text>}
                  {STANDING[actionOf(t, t.attempts)]}
                  {done && done.marks_obtained !== null && <Typography.Text strong>{done.marks_obtained} / {t.total_marks}</Typography.Text>}
                </Space>
              </div>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

/**
 * A parent's (or student's) simple tests (spec 4 §2.5): pick one of their children, then the
 * tests of the child's class, each with where the child stands. A tap opens it. Phone first.
 */
import { Link } from 'react-router';
import { Alert, Card, List, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { SOLUTION_STATUS_OPTIONS } from '../../../generated/enums/simple_tests.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';

type Row = CallData<'simple-tests.mine'>[number];

export default function FamilyTestList() {
  return (
    <ParentStudentPicker selectId="simple-test-student" size="small" title="Simple Test">
      {(student) => <ChildTests key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

/** The child's latest attempt, or whether the test can still be taken. */
function standing(t: Row) {
  const last = t.attempts[t.attempts.length - 1];
  if (last?.open) return <Tag color="blue">In progress</Tag>;
  if (last) return <StatusTag options={SOLUTION_STATUS_OPTIONS} value={last.status} />;
  return t.start_block ? <Tag>{t.start_block}</Tag> : <Tag color="gold">Not attempted</Tag>;
}

function ChildTests({ studentId }: { studentId: number }) {
  const { result, query } = useDeclaredQuery('simple-tests.mine', { params: { student_id: studentId } });
  const pending = readState(query, 'Could not load the tests.', Array.isArray(result?.data));
  if (pending) return pending;
  const rows = result.data as Row[];
  if (!rows.length) return <Alert type="info" showIcon message="No simple tests for this class yet." />;
  return (
    <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
      <List
        dataSource={rows}
        renderItem={(t) => {
          const replied = t.attempts.filter((a) => a.marks_obtained != null).pop();
          return (
            <List.Item key={t.id} style={{ display: 'block', paddingInline: 0 }}>
              <Link to={`/simple-test/${t.id}?student=${studentId}`} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{t.test_name}</Link>
              <div>
                <Space size={[8, 4]} wrap>
                  {t.subject && <Tag style={{ marginInlineEnd: 0 }}>{t.subject}</Tag>}
                  <Typography.Text type="secondary">{t.start_time ? formatDateTime(t.start_time) : 'Any time'} · {t.duration} min</Typography.Text>
                  {standing(t)}
                  {replied && <Typography.Text strong>{replied.marks_obtained} / {t.max_marks}</Typography.Text>}
                </Space>
              </div>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

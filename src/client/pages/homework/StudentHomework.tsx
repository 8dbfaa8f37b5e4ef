/**
 * A parent's (or student's) homework (spec 4 §2.8, §7): pick one of their children, then the
 * homework of the child's class, newest submission date first, each showing whether it was
 * submitted and corrected. A tap opens it to read and submit. Made for a phone first.
 */
import { readState } from '../../framework/readState.js';
import { Link } from 'react-router';
import { Alert, Card, List, Space, Tag, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { formatDate } from '../../framework/format.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import type { FamilyHomework } from './homeworkModel.js';

type Row = Omit<FamilyHomework, 'student'>;

export default function StudentHomework(_props: PageProps) {
  return (
    <ParentStudentPicker selectId="homework-student" size="small" title="Homework">
      {(student) => <ChildHomework key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

/** Where a homework stands for the child. */
function standing(h: Row) {
  const n = h.solutions.length;
  if (h.solutions.some((s) => s.remarks)) return <Tag color="green">Corrected</Tag>;
  if (n) return <Tag color="blue">Submitted {n}</Tag>;
  return h.over ? <Tag>Closed</Tag> : <Tag color="gold">Not submitted</Tag>;
}

function ChildHomework({ studentId }: { studentId: number }) {
  const { result, query } = useDeclaredQuery('homework.one', { params: { id: studentId } });
  const pending = readState(query, 'Could not load the homework.', Array.isArray(result?.data));
  if (pending) return pending;
  const rows = result.data as unknown as Row[];
  if (!rows.length) return <Alert type="info" showIcon message="No homework has been set for this class yet." />;
  return (
    <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
      <List
        dataSource={rows}
        renderItem={(h) => (
          <List.Item key={h.id} style={{ display: 'block', paddingInline: 0 }}>
            <Link to={`/homework/student/${studentId}/${h.id}`} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{h.title}</Link>
            <div>
              <Space size={[8, 4]} wrap>
                {h.subject && <Tag style={{ marginInlineEnd: 0 }}>{h.subject}</Tag>}
                <Typography.Text type="secondary">Due {formatDate(h.submission_date)}</Typography.Text>
                {standing(h)}
              </Space>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * `/online-test/{test_id}` for a parent or student (spec 4 §2.3): the test's details and the
 * child's attempts, with Start only when the child has no finished attempt, and Resume for an
 * attempt still open (begun on another device, or before the phone died), with the time left.
 */
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, Card, Descriptions, Result, Space, Table, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { readState } from '../../framework/readState.js';
import { formatDateTime } from '../../framework/format.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ATTEMPT_STATUS_OPTIONS } from '../../../generated/enums/online_tests.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { actionOf, openAttempt, type FamilyAttempt, type FamilyTest } from './familyModel.js';
import { timerText } from './testModel.js';

export default function OnlineTestDetails({ resource }: PageProps) {
  const testId = Number(useParams().test_id);
  const state = useLocation().state as { student_id?: number } | null;
  if (!Number.isInteger(testId) || testId <= 0) return <Result status="warning" title="Invalid Link" />;
  return (
    <ParentStudentPicker selectId="online-test-student" size="small" title="Online Test" initial={state?.student_id}>
      {(student) => <Details key={student.id} resource={resource} studentId={student.id} testId={testId} />}
    </ParentStudentPicker>
  );
}

function Details({ resource, studentId, testId }: PageProps & { studentId: number; testId: number }) {
  const navigate = useNavigate();
  const canStart = usePageButton(resource, 'details', 'start');
  const { result, query } = useDeclaredQuery('online-test-attempts.attempts', { params: { student_id: studentId, test_id: testId } }, { errorToast: false });
  const pending = readState(query, 'This test is not set for this student.', Boolean(result?.data));
  if (pending) return pending;
  const { test, attempts } = result.data as unknown as { test: FamilyTest; attempts: FamilyAttempt[]; can_start: boolean };
  const can = { ...test, can_start: (result.data as unknown as { can_start: boolean }).can_start };
  const action = actionOf(can, attempts);
  const open = openAttempt(attempts);
  const take = () => navigate('/online-test/test/', { state: { student_id: studentId, test_id: testId, name: test.name } });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={<span style={{ whiteSpace: 'normal' }}>{test.name}</span>}>
        <Descriptions size="small" column={1} items={[
          { key: 'c', label: 'Category', children: test.category ?? '—' },
          { key: 's', label: 'Subject', children: test.subject ?? '—' },
          { key: 'q', label: 'Questions', children: test.questions },
          { key: 'm', label: 'Total Marks', children: test.total_marks },
          { key: 'p', label: 'Pass Marks', children: test.pass_marks ?? '—' },
          { key: 'd', label: 'Duration', children: `${test.duration} minutes` },
          { key: 't', label: 'Start Time', children: test.start_time ? formatDateTime(test.start_time) : 'Open now' },
        ]} />
        <div style={{ marginTop: 12 }}>
          {action === 'start' && canStart && <Button type="primary" size="large" block onClick={take}>Start</Button>}
          {action === 'resume' && canStart && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text>This test is in progress: {timerText(open?.seconds_left ?? 0)} left.</Typography.Text>
              <Button type="primary" size="large" block onClick={take}>Resume</Button>
            </Space>
          )}
          {action === 'later' && <Typography.Text type="secondary">The test opens at {formatDateTime(test.start_time)}.</Typography.Text>}
        </div>
      </Card>
      <Card size="small" title="Attempts">
        <Table<FamilyAttempt>
          size="small" rowKey="id" pagination={false} dataSource={attempts} scroll={{ x: true }}
          locale={{ emptyText: 'No attempts yet' }}
          columns={[
            { title: 'Started', dataIndex: 'start_time', render: (v) => formatDateTime(v) },
            { title: 'Status', dataIndex: 'status', render: (v) => <StatusTag options={ATTEMPT_STATUS_OPTIONS} value={v} /> },
            { title: 'Marks', dataIndex: 'marks_obtained', render: (v) => (v === null ? '—' : `${v} / ${test.total_marks}`) },
          ]}
        />
      </Card>
      <Link to="/online-test/">All online tests</Link>
    </Space>
  );
}

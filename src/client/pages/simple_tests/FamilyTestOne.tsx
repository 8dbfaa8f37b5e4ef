/**
 * One simple test for a parent or student (spec 4 §2.5, §4, §5): what it is, the child's
 * attempts with the teacher's marks and remarks, and Start (two attempts at most, on the start
 * day only: the server's words when it refuses). Start keeps the attempt on the phone and opens
 * the test screen; an attempt still open elsewhere is continued with the time really left.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../framework/format.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { resourceByName } from '../../../shared/registry.js';
import { SOLUTION_STATUS_OPTIONS } from '../../../generated/enums/simple_tests.js';
import HomeworkFileList from '../homework/HomeworkFileList.js';
import type { HomeworkFile } from '../homework/homeworkModel.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { clockText, marksLine, saveAttempt } from './simpleTestModel.js';

export default function FamilyTestOne({ testId }: { testId: number }) {
  const [params] = useSearchParams();
  const initial = Number(params.get('student')) || undefined;
  return (
    <ParentStudentPicker selectId="simple-test-student" size="small" initial={initial}>
      {(student) => <Details key={student.id} testId={testId} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

function Details({ testId, studentId }: { testId: number; studentId: number }) {
  const navigate = useNavigate();
  const canStart = usePageButton(resourceByName('simple-tests'), 'one', 'start');
  const { result, query } = useDeclaredQuery('simple-tests.details', { params: { test_id: testId, student_id: studentId } }, { errorToast: false });
  const start = useDeclaredCall('simple-test-solutions.start');
  const { busy, run } = useBusyAction();
  if (query.isLoading) return <Card loading />;
  if (query.isError || !result?.data) {
    return <Alert type="error" showIcon message="Test not found" description="This test is not one of your student's class." action={<Link to="/simple-test/">All tests</Link>} />;
  }
  const test = result.data;
  const open = test.attempts.find((a) => a.open);

  const begin = () => run(async () => {
    const data = await start({ body: { student_id: studentId, test_id: testId } });
    saveAttempt({ attempt_id: data.id, start_time: data.start_time, test_id: testId, student_id: studentId });
    navigate('/simple-test/test/');
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={<span style={{ whiteSpace: 'normal' }}>{test.test_name}</span>} extra={<Link to="/simple-test/">All tests</Link>}>
        <Descriptions size="small" column={1} items={[
          { key: 'subject', label: 'Subject', children: test.subject ?? '-' },
          { key: 'start', label: 'Start Time', children: test.start_time ? formatDateTime(test.start_time) : 'Any time' },
          { key: 'duration', label: 'Duration', children: `${test.duration} minutes, then 10 minutes to upload` },
          { key: 'marks', label: 'Marks', children: marksLine(test) },
        ]} />
        {test.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{test.description}</Typography.Paragraph>}
        {canStart && (
          <div style={{ marginTop: 12 }}>
            {open ? (
              <Button type="primary" block size="large" loading={busy} onClick={begin}>Continue ({clockText(open.remaining_seconds || open.upload_seconds)} left)</Button>
            ) : test.start_block ? (
              <Alert type="warning" showIcon message={test.start_block} />
            ) : (
              <Button type="primary" block size="large" loading={busy} onClick={begin}>Start</Button>
            )}
          </div>
        )}
      </Card>
      <Card size="small" title={`${test.student.fullname}'s attempts`}>
        {test.attempts.length === 0 ? <Empty description="Not attempted yet" image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
          <List
            dataSource={test.attempts}
            renderItem={(a, i) => (
              <List.Item key={a.id} style={{ display: 'block', paddingInline: 0 }} data-testid={`attempt-${a.id}`}>
                <Space size={[8, 4]} wrap>
                  <Typography.Text strong>Attempt {i + 1}</Typography.Text>
                  {a.open ? <Tag color="blue">In progress</Tag> : <StatusTag options={SOLUTION_STATUS_OPTIONS} value={a.status} />}
                  <Typography.Text type="secondary">{formatDateTime(a.start_time)}</Typography.Text>
                </Space>
                <HomeworkFileList files={a.student_files as HomeworkFile[]} />
                {a.marks_obtained != null && (
                  <Card size="small" style={{ marginTop: 8, background: '#f6ffed' }}>
                    <Typography.Text strong>Marks: {a.marks_obtained} / {test.max_marks}</Typography.Text>
                    {a.teacher_remarks && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{a.teacher_remarks}</Typography.Paragraph>}
                    <HomeworkFileList files={a.teacher_files as HomeworkFile[]} />
                  </Card>
                )}
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}

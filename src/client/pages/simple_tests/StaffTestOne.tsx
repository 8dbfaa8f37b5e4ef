/**
 * A simple test for staff (spec 4 §2.5, §4, §5): the paper and the submitted solutions. One
 * awaiting reply (1) has Reply: marks (required, 'Marks is required!'), remarks and files; one
 * replied (2) shows the remarks and may have them removed (the replying teacher or an admin).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, List, Modal, Popconfirm, Space, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { formatDateTime } from '../../framework/format.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallInput } from '../../framework/useDeclaredCall.js';
import { classSectionLabel } from '../../framework/labels.js';
import { SOLUTION_STATUS, SOLUTION_STATUS_OPTIONS } from '../../../generated/enums/simple_tests.js';
import HomeworkFileList from '../homework/HomeworkFileList.js';
import HomeworkUploads, { storedOf, type PickedFile } from '../homework/HomeworkUploads.js';
import type { HomeworkFile } from '../homework/homeworkModel.js';
import { KINDS, marksLine, type StaffSolution } from './simpleTestModel.js';

const REPLY = declaredCall('simple-test-solutions.reply').def.payload!;
const NOT_TEACHER = declaredCall('simple-test-solutions.reply').def.errors!.notTeacher!;
type ReplyBody = CallInput<'simple-test-solutions.reply'>['body'];

export default function StaffTestOne({ resource, testId }: PageProps & { testId: number }) {
  const canReply = usePageButton(resource, 'one', 'reply');
  const canUnremark = usePageButton(resource, 'one', 'unremark');
  const { result, query } = useDeclaredQuery('simple-tests.solutions', { params: { id: testId } }, { errorToast: false });
  const [replying, setReplying] = useState<StaffSolution | null>(null);
  const unremark = useDeclaredCall('simple-test-solutions.removeRemarks');
  if (query.isLoading) return <Card loading />;
  if (query.isError || !result?.data) return <Alert type="error" showIcon message="Test not found" action={<Link to="/simple-test/">All tests</Link>} />;
  const test = result.data;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={test.test_name} extra={<Link to="/simple-test/">All tests</Link>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={[
          { key: 'class', label: 'Class', children: classSectionLabel(test) },
          { key: 'year', label: 'Academic Year', children: test.ac_year ?? '-' },
          { key: 'subject', label: 'Subject', children: test.subject ?? '-' },
          { key: 'evaluator', label: 'Evaluator', children: test.evaluator_name ?? '-' },
          { key: 'start', label: 'Start Time', children: test.start_time ? formatDateTime(test.start_time) : 'Any time' },
          { key: 'duration', label: 'Duration', children: `${test.duration} minutes` },
          { key: 'marks', label: 'Marks', children: marksLine(test) },
        ]} />
        {test.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>{test.description}</Typography.Paragraph>}
        <HomeworkFileList files={test.files as HomeworkFile[]} />
      </Card>
      <Card title={`Solutions (${test.solutions.length})`}>
        {test.solutions.length === 0 ? <Empty description="No solutions yet" image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
          <List
            dataSource={test.solutions}
            renderItem={(s) => (
              <List.Item key={s.id} data-testid={`solution-${s.id}`} style={{ display: 'block' }}>
                <Space size={[8, 4]} wrap>
                  <Typography.Text strong>{s.student_name}</Typography.Text>
                  <StatusTag options={SOLUTION_STATUS_OPTIONS} value={s.status} />
                  <Typography.Text type="secondary">Started {formatDateTime(s.start_time)}{s.end_time ? `, submitted ${formatDateTime(s.end_time)}` : ''}</Typography.Text>
                </Space>
                {s.student_remarks && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '6px 0' }}>{s.student_remarks}</Typography.Paragraph>}
                <div style={{ marginTop: 6 }}><HomeworkFileList files={s.student_files as HomeworkFile[]} /></div>
                {s.status === SOLUTION_STATUS.REPLIED && (
                  <Card size="small" style={{ marginTop: 8, background: '#f6ffed' }}>
                    <Typography.Text strong>Marks: {s.marks_obtained} / {test.max_marks}</Typography.Text>
                    {s.teacher_name && <Typography.Text type="secondary"> ({s.teacher_name})</Typography.Text>}
                    {s.teacher_remarks && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{s.teacher_remarks}</Typography.Paragraph>}
                    <HomeworkFileList files={s.teacher_files as HomeworkFile[]} />
                  </Card>
                )}
                <Space style={{ marginTop: 8 }}>
                  {canReply && s.status === SOLUTION_STATUS.AWAITING_REPLY && <Button type="primary" onClick={() => setReplying(s)}>Reply</Button>}
                  {canUnremark && s.status === SOLUTION_STATUS.REPLIED && (
                    <Popconfirm title="Remove the remarks and marks?" okText="Remove" okButtonProps={{ danger: true }}
                      onConfirm={async () => { await unremark({ params: { id: s.id } }); await query.refetch(); }}>
                      <Button danger>Delete Remarks</Button>
                    </Popconfirm>
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      {replying && <ReplyModal solution={replying} maxMarks={test.max_marks} onClose={async (done) => { setReplying(null); if (done) await query.refetch(); }} />}
    </Space>
  );
}

function ReplyModal({ solution, maxMarks, onClose }: { solution: StaffSolution; maxMarks: number; onClose: (done: boolean) => void }) {
  const [form] = Form.useForm<{ marks_obtained?: number; teacher_remarks?: string }>();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const reply = useDeclaredCall('simple-test-solutions.reply');
  const { busy, run } = useBusyAction();
  // Marking is a teacher's (spec 4 §5); the server also asks for the login's teacher profile.
  const teacher = hasRole(useSession().user, 'teacher');
  const send = (v: { marks_obtained?: number; teacher_remarks?: string }) => run(async () => {
    await reply({ body: { test_solution_id: solution.id, marks_obtained: v.marks_obtained!, teacher_remarks: v.teacher_remarks?.trim() || null, teacher_files: storedOf(files) as ReplyBody['teacher_files'] } });
    onClose(true);
  });
  return (
    <Modal open title={`Reply to ${solution.student_name}`} okText="Submit" onOk={() => form.submit()} onCancel={() => onClose(false)}
      okButtonProps={{ loading: busy, disabled: !teacher || files.some((f) => f.status === 'uploading') }} destroyOnHidden>
      {!teacher && <Alert type="warning" showIcon message={NOT_TEACHER} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" name="simple-test-reply" onFinish={send} disabled={busy}>
        <Form.Item label={`Marks (out of ${maxMarks})`} name="marks_obtained" rules={payloadRules(REPLY, 'marks_obtained')}>
          <InputNumber min={0} max={maxMarks} step={0.5} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Remarks" name="teacher_remarks" rules={payloadRules(REPLY, 'teacher_remarks')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item label="Files">
          <HomeworkUploads kind={KINDS.reply} files={files} setFiles={setFiles} label="Attach Files" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

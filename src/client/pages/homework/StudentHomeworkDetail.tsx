/**
 * One homework for a parent or student (spec 4 §5, §7): what was set, the child's solutions
 * with the teacher's remarks and corrected image, and submitting a solution: text and photos
 * (camera or gallery on a phone) or other files. After the submission day the form is closed
 * ('Last date for submission is over', refused by the server too); empty text is refused; an
 * earlier submission asks first ('You have already submitted N time(s)').
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, App, Button, Card, Empty, Input, List, Space, Tag, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { formatDate, formatDateTime } from '../../framework/format.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallInput } from '../../framework/useDeclaredCall.js';
import RichText from '../announcements/RichText.js';
import HomeworkFileList, { HomeworkAttachment } from './HomeworkFileList.js';
import HomeworkUploads, { storedOf, type PickedFile } from './HomeworkUploads.js';
import { KINDS, solutionStatus, TEXTS, type HomeworkFile } from './homeworkModel.js';

type Body = CallInput<'homework-solutions.submit'>['body'];
const idOf = (v: string | undefined) => (v && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : null);

export default function StudentHomeworkDetail(_props: PageProps) {
  const params = useParams();
  const studentId = idOf(params.student_id);
  const homeworkId = idOf(params.homework_id);
  if (!studentId || !homeworkId) return <Alert type="error" showIcon message={TEXTS.invalid} />;
  return <Detail studentId={studentId} homeworkId={homeworkId} />;
}

function Detail({ studentId, homeworkId }: { studentId: number; homeworkId: number }) {
  const { modal } = App.useApp();
  const { result, query } = useDeclaredQuery('homework.student', { params: { student_id: studentId, homework_id: homeworkId } }, { errorToast: false });
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useDeclaredCall('homework-solutions.submit', { errorToast: false });
  const { busy, run } = useBusyAction();
  if (query.isLoading) return <Card loading />;
  if (query.isError || !result?.data) return <Alert type="error" showIcon message={TEXTS.invalid} description="This homework is not one of your student's." />;
  const hw = result.data;

  const send = async () => {
    setProblem(null);
    if (hw.over) { modal.error({ title: TEXTS.over }); return; }
    if (!text.trim()) { setProblem(TEXTS.empty); return; }
    const go = () => run(async () => {
      await submit({ body: { student_id: studentId, homework_id: homeworkId, description: text.trim(), files: storedOf(files) as Body['files'] } });
      setText('');
      setFiles([]);
      await query.refetch();
    });
    if (hw.solutions.length) modal.confirm({ title: TEXTS.already(hw.solutions.length), content: 'Submit this solution too?', okText: 'Submit', onOk: go });
    else await go();
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={<span style={{ whiteSpace: 'normal' }}>{hw.title}</span>} extra={<Link to="/homework/student">All homework</Link>}>
        <Space size={[8, 4]} wrap>
          {hw.subject && <Tag>{hw.subject}</Tag>}
          <Typography.Text type={hw.over ? 'danger' : 'secondary'}>Submit by {formatDate(hw.submission_date)}</Typography.Text>
        </Space>
        <RichText html={hw.description} />
        <HomeworkFileList files={hw.files as HomeworkFile[]} />
      </Card>
      <Card size="small" title={`${hw.student.fullname}'s solutions`}>
        {hw.solutions.length === 0 ? <Empty description="Nothing submitted yet" image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
          <List
            dataSource={hw.solutions}
            renderItem={(s) => {
              const status = solutionStatus(s);
              return (
                <List.Item key={s.id} style={{ display: 'block', paddingInline: 0 }} data-testid={`my-solution-${s.id}`}>
                  <Space size={[8, 4]} wrap>
                    <Tag color={status.color}>{status.label}</Tag>
                    <Typography.Text type="secondary">{formatDateTime(s.timestamp)}</Typography.Text>
                  </Space>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '6px 0' }}>{s.description}</Typography.Paragraph>
                  <HomeworkFileList files={s.files as HomeworkFile[]} />
                  {s.remarks && (
                    <Card size="small" style={{ marginTop: 8, background: '#f6ffed' }}>
                      <Typography.Text type="secondary">Teacher's remarks{s.teacher_name ? ` (${s.teacher_name})` : ''}</Typography.Text>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{s.remarks}</Typography.Paragraph>
                      {s.attachment && <HomeworkAttachment path={s.attachment} />}
                    </Card>
                  )}
                </List.Item>
              );
            }}
          />
        )}
      </Card>
      <Card size="small" title="Submit a Solution">
        {hw.over ? <Alert type="warning" showIcon message={TEXTS.over} /> : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <label htmlFor="solution-text">Solution</label>
            <Input.TextArea id="solution-text" rows={4} maxLength={5000} value={text} status={problem ? 'error' : undefined}
              onChange={(e) => { setText(e.target.value); setProblem(null); }} placeholder="Write the answer, or say what the photos show" />
            {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
            <HomeworkUploads kind={KINDS.solution} files={files} setFiles={setFiles} label="Add Photos or Files" />
            <Button type="primary" block onClick={send} loading={busy} disabled={files.some((f) => f.status === 'uploading')}>Submit Solution</Button>
          </Space>
        )}
      </Card>
    </Space>
  );
}

/**
 * /exam/details/{id} (spec 4 §2.4, §4): a family's view of one exam for the chosen child: its
 * details, the previous attempts, notes, and Start (disabled once the attempts reach
 * max_attempts; Continue while one is under way), then the in-exam screen and the result.
 * Opened without the child from the list, it goes back to the list (spec 4 §8).
 */
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Result as Outcome, Space, Table, Typography } from 'antd';
import { EXAM_ATTEMPT_STATUS, EXAM_ATTEMPT_STATUS_OPTIONS } from '../../../generated/enums/exams.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { readState } from '../../framework/readState.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';
import { examTime, minutes, type Attempt, type DetailsState, type FamilyExam, type Started, rowsOf } from './examModel.js';
import { ExamTaking, type Ending } from './ExamTaking.js';

export default function ExamDetails(_props: PageProps) {
  const id = Number(useParams().id);
  const state = useLocation().state as DetailsState | null;
  if (!state?.student_id) return <Navigate to="/exam/" replace />;
  return <Details examId={id} studentId={state.student_id} />;
}

function Details({ examId, studentId }: { examId: number; studentId: number }) {
  const list = useDeclaredQuery('exam-attempts.list', { params: { student_id: studentId } });
  const pending = readState(list.query, 'Could not load the exam.', Array.isArray(list.result?.data));
  if (pending) return pending;
  const exam = (list.result.data as FamilyExam[]).find((e) => e.id === examId);
  if (!exam) return <Alert type="warning" showIcon message="This exam is not set for this student." />;
  return <ExamView exam={exam} studentId={studentId} refresh={() => list.query.refetch()} />;
}

function ExamView({ exam, studentId, refresh }: { exam: FamilyExam; studentId: number; refresh: () => unknown }) {
  const navigate = useNavigate();
  const attempts = useDeclaredQuery('exam-attempts.attempts', { params: { exam_assign_id: exam.exam_assign_id, student_id: studentId } });
  const start = useDeclaredCall('exam-attempts.start', { toast: false });
  const [taking, setTaking] = useState<Started | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);
  const [starting, setStarting] = useState(false);
  const rows = rowsOf<Attempt>(attempts.result?.data);
  const underWay = rows.some((a) => a.status === EXAM_ATTEMPT_STATUS.IN_PROGRESS);
  const used = rows.length >= (exam.max_attempts ?? 1) && !underWay;
  const notYet = !!exam.start_time && new Date(exam.start_time).getTime() > Date.now();

  const begin = async () => {
    setStarting(true);
    // Fullscreen must be asked for within the tap itself.
    await document.documentElement.requestFullscreen?.().catch(() => {});
    try {
      setEnding(null);
      setTaking(await start({ params: { exam_id: exam.id, student_id: studentId } }));
    } catch {
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => {});
    } finally {
      setStarting(false);
    }
  };
  const end = (e: Ending) => {
    setTaking(null);
    setEnding(e);
    void attempts.query.refetch();
    void refresh();
  };

  if (taking) return <ExamTaking started={taking} studentId={studentId} onEnd={end} />;

  const columns = [
    { title: 'Date', dataIndex: 'timestamp', key: 'timestamp', render: (v: string) => examTime(v) },
    { title: 'Marks', dataIndex: 'marks_obtained', key: 'marks', render: (v: number | null) => v ?? '—' },
    { title: 'Time', dataIndex: 'duration', key: 'duration', render: (v: number | null) => (v == null ? '—' : `${Math.floor(v / 60)}m ${v % 60}s`) },
    { title: 'Status', dataIndex: 'status', key: 'status', render: (v: number) => <StatusTag options={EXAM_ATTEMPT_STATUS_OPTIONS} value={v} /> },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {ending && <EndCard ending={ending} />}
      <Card size="small" title={<span style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{exam.name}</span>}
        extra={<Button size="small" onClick={() => navigate('/exam/')}>Exams</Button>}>
        <Descriptions column={1} size="small">
          {exam.description && <Descriptions.Item label="About">{exam.description}</Descriptions.Item>}
          <Descriptions.Item label="Duration">{minutes(exam.max_duration)} minutes</Descriptions.Item>
          <Descriptions.Item label="Start Time">{examTime(exam.start_time)}</Descriptions.Item>
          <Descriptions.Item label="Questions">{exam.questions}</Descriptions.Item>
          <Descriptions.Item label="Attempts">{rows.length} of {exam.max_attempts ?? 1}</Descriptions.Item>
        </Descriptions>
        <Alert type="info" style={{ marginBlock: 12 }} message="Notes" description={(
          <ul style={{ paddingInlineStart: 18, margin: 0 }}>
            <li>The exam opens in fullscreen. Leaving fullscreen or pressing EXIT ends the attempt without marks.</li>
            <li>The timer runs from Start; at zero your answers are submitted.</li>
            <li>Every attempt started counts towards the limit.</li>
          </ul>
        )} />
        <Button type="primary" block size="large" loading={starting} disabled={used || notYet || exam.questions === 0} onClick={() => void begin()}>
          {underWay ? 'Continue' : 'Start'}
        </Button>
        {used && <Typography.Text type="secondary">All attempts have been used.</Typography.Text>}
        {notYet && <Typography.Text type="secondary">Opens at {examTime(exam.start_time)}.</Typography.Text>}
      </Card>
      <Card size="small" title="Previous Attempts">
        <Table<Attempt> rowKey="id" size="small" loading={attempts.query.isLoading} columns={columns} pagination={false}
          dataSource={rows} locale={{ emptyText: 'No attempts yet.' }} scroll={{ x: true }} />
      </Card>
    </Space>
  );
}

function EndCard({ ending }: { ending: Ending }) {
  if (ending.kind === 'EXIT') return <Alert type="warning" showIcon message="Attempt ended (EXIT)" description="This attempt was forfeited." />;
  if (ending.kind === 'LATE') return <Alert type="error" showIcon message="The attempt was not submitted" description="Its time was over; it was marked with the answers saved." />;
  const { marks_obtained, results } = ending.result;
  return (
    <Card size="small">
      <Outcome status="success" title={`Marks obtained: ${marks_obtained}`} style={{ padding: 8 }}
        subTitle={`Correct ${results.correct} · Incorrect ${results.incorrect} · No answer ${results.no_answer}`} />
    </Card>
  );
}

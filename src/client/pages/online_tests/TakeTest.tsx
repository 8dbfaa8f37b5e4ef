/**
 * The student's test-taking screen `/online-test/test/` (spec 4 §2.3, §4), made for a phone first:
 * one question at a time with Mark for Review, Clear and Save & Next, the palette of question
 * states, the timer on the server's clock, fullscreen with Exit disabled and an alert when it is
 * left, 'Submit Anyway' when questions are left unsettled, the submission by itself at zero, and
 * the result. Answers are kept on the phone and sent as they change; with the network down they
 * wait, and the screen says so. Opened again (a reload, another device) it resumes the attempt.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert, App, Button, Card, Col, Modal, Result, Row, Space, Tag, Typography } from 'antd';
import { ClockCircleOutlined, CloudSyncOutlined, DisconnectOutlined, CheckCircleOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { readStored } from './answerQueue.js';
import { QuestionBody } from './QuestionBody.js';
import { QuestionPalette } from './QuestionPalette.js';
import { clear, markForReview, needsConfirmation, save, timerText } from './testModel.js';
import { useAttempt } from './useAttempt.js';
import { useFullscreen } from './useFullscreen.js';
import type { AttemptKey } from './attemptApi.js';

/** The attempt to open: handed over by the details screen, or the one this device has in storage. */
function useAttemptKey(): AttemptKey | null {
  const state = useLocation().state as Partial<AttemptKey> | null;
  return useMemo(() => {
    if (state?.student_id && state.test_id) return { student_id: Number(state.student_id), test_id: Number(state.test_id) };
    const stored = readStored(localStorage);
    return stored ? { student_id: stored.student_id, test_id: stored.test_id } : null;
  }, [state?.student_id, state?.test_id]);
}

export default function TakeTest(_props: PageProps) {
  const key = useAttemptKey();
  if (!key) return <Navigate to="/online-test/" replace />;
  return <Taking attemptKey={key} />;
}

function Taking({ attemptKey }: { attemptKey: AttemptKey }) {
  const { modal } = App.useApp();
  const handedName = (useLocation().state as { name?: string } | null)?.name;
  const t = useAttempt(attemptKey);
  const { phase, started, answers, current, queueStatus, secondsLeft } = t;
  const fullscreen = useFullscreen(phase.kind === 'taking');
  const [confirming, setConfirming] = useState(false);

  // Leaving fullscreen during the test is answered with an alert (spec 4 §4).
  useEffect(() => {
    if (!fullscreen.left) return;
    modal.warning({
      title: 'You left fullscreen',
      content: 'The test runs in fullscreen. Your time keeps running; go back to fullscreen to continue.',
      okText: 'Back to fullscreen',
      onOk: () => fullscreen.enter(),
    });
  }, [fullscreen.left]); // eslint-disable-line react-hooks/exhaustive-deps

  if (phase.kind === 'loading') return <Card loading />;
  if (phase.kind === 'failed') {
    return <Result status="warning" title={phase.message} extra={<Link to={`/online-test/${attemptKey.test_id}`}><Button>Back to the test</Button></Link>} />;
  }
  if (phase.kind === 'done') return <Finished attemptKey={attemptKey} phase={phase} />;

  const questions = started!.questions;
  const q = questions[current];
  const a = answers[current];
  const last = current >= questions.length - 1;
  const busy = phase.kind === 'submitting';

  const askSubmit = () => {
    if (needsConfirmation(answers)) setConfirming(true);
    else void t.submit();
  };

  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      <Card size="small" styles={{ body: { padding: '8px 12px' } }} style={{ position: 'sticky', top: 0, zIndex: 5, marginBottom: 12 }}>
        <Row align="middle" justify="space-between" gutter={[8, 8]} wrap>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis style={{ display: 'block' }}>{started!.name ?? handedName ?? 'Online test'}</Typography.Text>
            <SaveStatus waiting={queueStatus.waiting} offline={queueStatus.offline} />
          </Col>
          <Col>
            <Tag
              icon={<ClockCircleOutlined />} color={secondsLeft !== null && secondsLeft <= 60 ? 'red' : 'blue'}
              style={{ fontSize: 18, padding: '4px 10px', marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}
              role="timer" aria-label="Time left"
            >
              {timerText(secondsLeft ?? 0)}
            </Tag>
          </Col>
        </Row>
      </Card>

      {queueStatus.offline && (
        <Alert
          type="warning" showIcon style={{ marginBottom: 12 }}
          message="No network"
          description="Your answers are kept on this device and will be sent when the network returns. Keep going."
        />
      )}
      {queueStatus.refused && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={queueStatus.refused} />}
      {phase.kind === 'submitting' && (
        <Alert
          type={phase.waitingNetwork ? 'warning' : 'info'} showIcon style={{ marginBottom: 12 }}
          message={phase.waitingNetwork ? 'Waiting for the network to submit your test' : 'Submitting…'}
          description={phase.waitingNetwork ? 'Your answers are kept on this device. The test is submitted as soon as the network returns.' : undefined}
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} md={16}>
          <Card size="small">
            {q && a && <QuestionBody question={q} index={current} answer={a} disabled={busy} onChange={t.update} />}
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, marginTop: 16 }}>
              <Button disabled={busy || !q} onClick={() => q && a && t.update(markForReview(q, a))}>Mark for Review</Button>
              <Button disabled={busy || !a} onClick={() => a && t.update(clear(a))}>Clear</Button>
              <Button disabled={busy || current === 0} onClick={() => t.go(current - 1)}>Previous</Button>
              <Button
                type="primary" disabled={busy || !q}
                onClick={() => { if (q && a) t.update(save(q, a)); if (!last) t.go(current + 1); }}
              >
                {last ? 'Save' : 'Save & Next'}
              </Button>
            </div>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title="Questions">
            <QuestionPalette answers={answers} current={current} onGo={(i) => !busy && t.go(i)} />
          </Card>
          <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
            <Button type="primary" danger block size="large" loading={busy && !(phase.kind === 'submitting' && phase.waitingNetwork)} disabled={busy} onClick={askSubmit}>Submit</Button>
            <Button block disabled title="A test cannot be left once started">Exit</Button>
            {!fullscreen.active && fullscreen.supported && <Button block onClick={() => fullscreen.enter()}>Fullscreen</Button>}
          </Space>
        </Col>
      </Row>

      <Modal
        open={confirming} title="Submit the test?" okText="Submit Anyway" okButtonProps={{ danger: true }} cancelText="Go back"
        onOk={() => { setConfirming(false); void t.submit(); }} onCancel={() => setConfirming(false)}
      >
        Some questions are not answered or are marked for review. Once submitted, the answers cannot change.
      </Modal>
    </div>
  );
}

function SaveStatus({ waiting, offline }: { waiting: number; offline: boolean }) {
  if (offline) {
    return <Typography.Text type="warning" style={{ fontSize: 13 }}><DisconnectOutlined /> {waiting} {waiting === 1 ? 'answer' : 'answers'} waiting to be sent</Typography.Text>;
  }
  if (waiting) return <Typography.Text type="secondary" style={{ fontSize: 13 }}><CloudSyncOutlined /> Saving…</Typography.Text>;
  return <Typography.Text type="success" style={{ fontSize: 13 }}><CheckCircleOutlined /> All answers saved</Typography.Text>;
}

function Finished({ attemptKey, phase }: { attemptKey: AttemptKey; phase: Extract<ReturnType<typeof useAttempt>['phase'], { kind: 'done' }> }) {
  const r = phase.result;
  const back = <Link to={`/online-test/${attemptKey.test_id}`} state={{ student_id: attemptKey.student_id }}><Button type="primary">See your attempts</Button></Link>;
  if (!r) return <Result status="info" title="The test is closed" subTitle={phase.closedByServer ?? undefined} extra={back} />;
  return (
    <Result
      status="success" title="Test Submitted"
      subTitle={
        <Space direction="vertical" size={2}>
          {r.marks_obtained !== null && <span>Marks obtained so far: <strong>{r.marks_obtained}</strong>{r.total_marks !== null ? ` of ${r.total_marks}` : ''}</span>}
          {r.pending ? <span>{r.pending} {r.pending === 1 ? 'answer is' : 'answers are'} still to be marked by your teacher.</span> : null}
        </Space>
      }
      extra={back}
    />
  );
}

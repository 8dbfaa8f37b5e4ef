/**
 * The in-exam screen (spec 4 §4 'Legacy exam taking'), a part of the exam details: fullscreen,
 * a grid of the questions (current blue, unvisited white, answered green), an answer and Clear
 * for the current one, Submit, and EXIT. EXIT, or leaving fullscreen, forfeits the attempt. The
 * timer counts down the time the server gave; at zero the answers are submitted. Each answer is
 * saved on the server as it is given, so an attempt cut off is marked with them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Popconfirm, Radio, Space, Typography } from 'antd';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import type { Result, Started } from './examModel.js';

type Answers = Record<string, number | null>;
export type Ending = { kind: 'SUCCESS'; result: Result } | { kind: 'EXIT' } | { kind: 'LATE' };

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

const inFullscreen = () => !!document.fullscreenElement;
const leaveFullscreen = () => { if (inFullscreen()) document.exitFullscreen().catch(() => {}); };

export function ExamTaking({ started, studentId, onEnd }: { started: Started; studentId: number; onEnd: (e: Ending) => void }) {
  const questions = started.questions;
  const [answers, setAnswers] = useState<Answers>(() => ({ ...(started.answers as Answers) }));
  const [current, setCurrent] = useState(0);
  const endsAt = useRef(Date.now() + started.remaining * 1000);
  const [left, setLeft] = useState(started.remaining);
  const ending = useRef(false);
  const params = { exam_assign_id: started.exam_assign_id, student_id: studentId };
  const submitCall = useDeclaredCall('exam-attempts.submit', { toast: false });
  const saveCall = useDeclaredCall('exam-attempts.save', { toast: false, errorToast: false });
  const forfeitCall = useDeclaredCall('exam-attempts.forfeit', { toast: false });
  const answersRef = useRef(answers);
  answersRef.current = answers;

  const submit = useCallback(async () => {
    if (ending.current) return;
    ending.current = true;
    const body = {
      exam_assign_id: started.exam_assign_id, student_id: studentId,
      questions: questions.map((q) => ({ id: q.id, answer: answersRef.current[String(q.id)] ?? null })),
      duration: Math.max(0, started.remaining - Math.max(0, Math.round((endsAt.current - Date.now()) / 1000))),
    };
    leaveFullscreen();
    try {
      onEnd({ kind: 'SUCCESS', result: await submitCall({ body }) });
    } catch {
      onEnd({ kind: 'LATE' });
    }
  }, [started, studentId, questions, submitCall, onEnd]);

  const exit = useCallback(async () => {
    if (ending.current) return;
    ending.current = true;
    leaveFullscreen();
    await forfeitCall({ params, body: undefined }).catch(() => {});
    onEnd({ kind: 'EXIT' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forfeitCall, onEnd, started.exam_assign_id, studentId]);

  // The timer ticks each second (spec 4 §9); at zero the answers go in.
  useEffect(() => {
    const tick = setInterval(() => {
      const s = Math.max(0, Math.round((endsAt.current - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) void submit();
    }, 1000);
    return () => clearInterval(tick);
  }, [submit]);

  // Leaving fullscreen is EXIT (spec 4 §4).
  useEffect(() => {
    const change = () => { if (!inFullscreen()) void exit(); };
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, [exit]);

  const answer = (qid: number, value: number | null) => {
    setAnswers((a) => ({ ...a, [String(qid)]: value }));
    saveCall({ params, body: { questions: [{ id: qid, answer: value }] } }).catch(() => {});
  };

  const q = questions[current]!;
  const given = answers[String(q.id)] ?? null;
  const colour = (i: number) => {
    if (answers[String(questions[i]!.id)] !== undefined && answers[String(questions[i]!.id)] !== null) return { background: '#52c41a', color: '#fff', borderColor: '#389e0d' };
    if (i === current) return { background: '#1677ff', color: '#fff', borderColor: '#0958d9' };
    return { background: '#fff', color: 'rgba(0,0,0,0.88)' };
  };

  return (
    <div role="dialog" aria-label={started.exam.name} style={{ position: 'fixed', inset: 0, zIndex: 1000, background: '#f5f5f5', overflow: 'auto', padding: 12 }}>
      <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 760, margin: '0 auto', display: 'flex' }}>
        <Card size="small">
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{started.exam.name}</Typography.Text>
            <Typography.Text strong aria-live="off" aria-label="Time left" style={{ fontSize: 18, color: left <= 60 ? '#cf1322' : undefined }}>{clock(left)}</Typography.Text>
          </Space>
          <Space wrap style={{ marginTop: 8 }}>
            <Popconfirm title="Submit your answers?" okText="Submit" onConfirm={() => void submit()}>
              <Button type="primary">Submit</Button>
            </Popconfirm>
            <Popconfirm title="EXIT ends this attempt without marks. Exit?" okText="Exit" okButtonProps={{ danger: true }} onConfirm={() => void exit()}>
              <Button danger>EXIT</Button>
            </Popconfirm>
          </Space>
        </Card>
        <Card size="small" title="Questions">
          <Space wrap size={[6, 6]}>
            {questions.map((x, i) => (
              <Button key={x.id} size="small" style={{ minWidth: 36, ...colour(i) }} aria-current={i === current ? 'step' : undefined}
                aria-label={`Question ${i + 1}${answers[String(x.id)] != null ? ', answered' : ''}`} onClick={() => setCurrent(i)}>{i + 1}</Button>
            ))}
          </Space>
        </Card>
        <Card size="small" title={`Question ${current + 1} of ${questions.length}`}
          extra={<Typography.Text type="secondary">+{q.correct_marks} / {q.incorrect_marks}</Typography.Text>}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.question}</Typography.Paragraph>
          <Radio.Group value={given} onChange={(e) => answer(q.id, e.target.value as number)} aria-label="Answer">
            <Space direction="vertical">
              {((q.options ?? []) as string[]).map((o, i) => <Radio key={i} value={i} style={{ overflowWrap: 'anywhere' }}>{o}</Radio>)}
            </Space>
          </Radio.Group>
          <Space wrap style={{ marginTop: 16, display: 'flex' }}>
            <Button onClick={() => answer(q.id, null)} disabled={given === null}>Clear</Button>
            <Button onClick={() => setCurrent((c) => Math.max(0, c - 1))} disabled={current === 0}>Previous</Button>
            <Button onClick={() => setCurrent((c) => Math.min(questions.length - 1, c + 1))} disabled={current === questions.length - 1}>Next</Button>
          </Space>
        </Card>
      </Space>
    </div>
  );
}

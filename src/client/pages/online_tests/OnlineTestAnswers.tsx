/**
 * `/online-test/{test_id}/attempt/{test_attempt_id}/answers` (spec 4 §2.3, §5): a student's
 * answers, question by question, with the marks of each. The evaluating teacher marks subjective
 * and media answers ('You must be a teacher to save test marks' otherwise, from the server);
 * multiple-choice marks are the server's and read-only.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Descriptions, InputNumber, List, Space, Tag, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { formatDateTime } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ATTEMPT_STATUS_OPTIONS } from '../../../generated/enums/online_tests.js';
import { FileLinks, RichText } from './QuestionBody.js';
import { typeLabel } from './questionParts.js';
import type { TestFile } from './testModel.js';

interface AnswerRow { id: number; ot_answer: string | null; ot_option_ids: number[]; ot_files: TestFile[]; marks_awarded: number | null }
interface QuestionRow {
  id: number; index: number; question: string; type: number; files: TestFile[]; correct_marks: number; editable: boolean; min: number; max: number;
  options: Array<{ id: number; text: string; is_correct: boolean }>; answer: AnswerRow[];
}
interface Attempt { id: number; assign_id: number; name: string; start_time: string; end_time: string | null; status: number; marks_obtained: number | null; total_marks: number; questions: QuestionRow[] }

export default function OnlineTestAnswers({ resource }: PageProps) {
  const p = useParams();
  const testId = Number(p.test_id);
  const attemptId = Number(p.test_attempt_id);
  const canMark = usePageButton(resource, 'answers', 'mark');
  const { result, query } = useDeclaredQuery('online-test-attempts.one', { params: { test_id: testId, attempt_id: attemptId } });
  const mark = useDeclaredCall('online-test-attempts.mark', { errorToast: false });
  const { busy, run } = useBusyAction();
  const [marks, setMarks] = useState<Record<number, number | null>>({});
  const pending = readState(query, 'Could not load the answers.', Boolean(result?.data));
  if (pending) return pending;
  const a = result.data as unknown as Attempt;
  const changed = Object.entries(marks).filter(([, v]) => v !== null && v !== undefined).map(([id, v]) => ({ id: Number(id), marks: v as number }));
  const save = () => run(async () => {
    await mark({ params: { test_id: testId, attempt_id: attemptId }, body: { data: changed as never } });
    setMarks({});
    await query.refetch();
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Card
        title={`Answers of ${a.name}`}
        extra={<Link to={`/online-test/${testId}/attempts/${a.assign_id}/`}>All attempts</Link>}
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
          { key: 's', label: 'Status', children: <StatusTag options={ATTEMPT_STATUS_OPTIONS} value={a.status} /> },
          { key: 'm', label: 'Marks Obtained', children: <span data-testid="attempt-marks">{a.marks_obtained ?? '—'} / {a.total_marks}</span> },
          { key: 't', label: 'Submitted', children: a.end_time ? formatDateTime(a.end_time) : '—' },
        ]} />
      </Card>
      <List
        dataSource={a.questions}
        renderItem={(q) => {
          const ans = q.answer[0];
          return (
            <Card key={q.id} size="small" style={{ marginBottom: 12 }} title={`Question ${q.index + 1}`} extra={<Tag color="blue">{typeLabel(q.type)}</Tag>}>
              <RichText html={q.question} />
              <FileLinks files={q.files} />
              {q.options.length > 0 && (
                <ol type="a" style={{ paddingInlineStart: 20 }}>
                  {q.options.map((o) => {
                    const chosen = ans?.ot_option_ids.includes(o.id);
                    return (
                      <li key={o.id} style={{ color: o.is_correct ? '#389e0d' : chosen ? '#cf1322' : undefined, fontWeight: chosen ? 600 : undefined }}>
                        {o.text}{chosen ? ' (chosen)' : ''}{o.is_correct ? ' ✓' : ''}
                      </li>
                    );
                  })}
                </ol>
              )}
              {!q.options.length && (
                <div style={{ background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, margin: '8px 0' }}>
                  {ans?.ot_answer ? <RichText html={ans.ot_answer} /> : <Typography.Text type="secondary">No written answer</Typography.Text>}
                  <FileLinks files={ans?.ot_files} />
                </div>
              )}
              <Space>
                <Typography.Text>Marks:</Typography.Text>
                {q.editable && ans && canMark ? (
                  <InputNumber
                    aria-label={`Marks for question ${q.index + 1}`} min={q.min} max={q.max} step={0.5}
                    value={marks[ans.id] !== undefined ? marks[ans.id] : ans.marks_awarded}
                    onChange={(v) => setMarks((m) => ({ ...m, [ans.id]: v }))}
                  />
                ) : (
                  <Typography.Text strong>{ans?.marks_awarded ?? '—'}</Typography.Text>
                )}
                <Typography.Text type="secondary">of {q.correct_marks}</Typography.Text>
                {q.editable && ans?.marks_awarded === null && <Tag color="orange">To mark</Tag>}
              </Space>
            </Card>
          );
        }}
      />
      {canMark && a.questions.some((q) => q.editable) && (
        <Button type="primary" loading={busy} disabled={!changed.length} onClick={save}>Save Marks</Button>
      )}
    </Space>
  );
}

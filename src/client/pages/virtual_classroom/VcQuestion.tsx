/** /virtual-classroom/{vc_class_id}/question/{id} (spec 4 §2.2): one question with its answers and the replies under each; a teacher answers, the asker replies ('Reply is empty'). */
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, List, Space, Typography } from 'antd';
import { hasRole } from '../../../shared/roles.js';
import { declaredCall } from '../../../shared/calls.js';
import { useSession } from '../../app/SessionContext.js';
import { formatDateTime } from '../../framework/format.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';

type Answer = CallData<'vc-questions.one'>['answers'][number];

function ReplyForm({ onSend }: { onSend: (text: string) => Promise<void> }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} layout="inline" style={{ marginTop: 6, rowGap: 6 }} onFinish={async (v: { answer?: string }) => { await onSend(v.answer ?? ''); form.resetFields(); }}>
      <Form.Item name="answer" rules={payloadRules(declaredCall('vc-answers.reply').def.payload!, 'answer')} style={{ flex: 1, minWidth: 180 }}>
        <Input placeholder="Reply" maxLength={4000} />
      </Form.Item>
      <Button htmlType="submit">Reply</Button>
    </Form>
  );
}

export default function VcQuestion({ resource }: PageProps) {
  const { vc_class_id, id } = useParams();
  const [search] = useSearchParams();
  const { user } = useSession();
  const student = Number(search.get('student')) || undefined;
  const canReply = usePageButton(resource, 'one', 'reply');
  const reply = useDeclaredCall('vc-answers.reply');
  const [answering, setAnswering] = useState(false);
  const { result, query } = useDeclaredQuery('vc-questions.one', { params: { vc: Number(vc_class_id), id: Number(id) } });
  if (!id) return <Alert type="error" showIcon message="Invalid Link" />;
  const pending = readState(query, 'Could not load the question.', !!result?.data);
  if (pending) return pending;
  const q = result.data;
  const staff = hasRole(user, 'staff');
  const send = async (answer: string, parent: number | null) => {
    await reply({ body: { answer, question_id: q.id, student_id: staff ? null : q.student_id, parent_answer_id: parent } });
    await query.refetch();
  };
  const show = (a: Answer, depth: number): React.ReactNode => (
    <div key={a.id} style={{ marginLeft: depth * 16, borderLeft: depth ? '2px solid #f0f0f0' : undefined, paddingLeft: depth ? 8 : 0, marginTop: 8 }}>
      <Typography.Text strong>{a.teacher_name ?? a.student_name}</Typography.Text>{' '}
      <Typography.Text type="secondary">{a.timestamp ? formatDateTime(a.timestamp) : ''}</Typography.Text>
      <Typography.Paragraph style={{ margin: 0, overflowWrap: 'anywhere' }}>{a.answer}</Typography.Paragraph>
      {canReply && <ReplyForm onSend={(text) => send(text, a.id)} />}
      {a.replies.map((r) => show(r as Answer, depth + 1))}
    </div>
  );
  return (
    <Card size="small" title={<span style={{ overflowWrap: 'anywhere' }}>{q.question}</span>}
      extra={<Link to={`/virtual-classroom/${vc_class_id}/questions/${student ? `?student=${student}` : ''}`}>All questions</Link>}>
      <Typography.Paragraph type="secondary">by {q.student_name} · {q.timestamp ? formatDateTime(q.timestamp) : ''}</Typography.Paragraph>
      {q.description && <Typography.Paragraph style={{ overflowWrap: 'anywhere' }}>{q.description}</Typography.Paragraph>}
      {q.answers.length === 0 && <Alert type="info" showIcon message="No answers yet." />}
      <List dataSource={[0]} renderItem={() => <div>{q.answers.map((a) => show(a, 0))}</div>} split={false} />
      {canReply && staff && (answering
        ? <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}><Typography.Text strong>Answer</Typography.Text><ReplyForm onSend={async (t) => { await send(t, null); setAnswering(false); }} /></Space>
        : <Button type="primary" style={{ marginTop: 12 }} onClick={() => setAnswering(true)}>Answer</Button>)}
    </Card>
  );
}

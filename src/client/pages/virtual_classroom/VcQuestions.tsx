/** /virtual-classroom/{vc_class_id}/questions/ (spec 4 §2.2): a class's questions, each by its asker, with how many answers; a family sees their own children's and asks more. */
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, Card, Form, Input, List, Space, Typography } from 'antd';
import { hasRole } from '../../../shared/roles.js';
import { declaredCall } from '../../../shared/calls.js';
import { useSession } from '../../app/SessionContext.js';
import { formatDateTime } from '../../framework/format.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';

type Row = CallData<'vc-questions.list'>[number];

export default function VcQuestions({ resource }: PageProps) {
  const { vc_class_id } = useParams();
  const [search] = useSearchParams();
  const { user } = useSession();
  const id = Number(vc_class_id);
  const student = Number(search.get('student')) || undefined;
  const canAsk = usePageButton(resource, 'list', 'ask') && hasRole(user, 'family') && !!student;
  const { result, query } = useDeclaredQuery('vc-questions.list', { params: { id } });
  const ask = useDeclaredCall('vc-questions.ask');
  const [form] = Form.useForm();
  const [open, setOpen] = useState(false);
  const pending = readState(query, 'Could not load the questions.', Array.isArray(result?.data));
  if (pending) return pending;
  const rows = result.data as Row[];
  return (
    <Card title="Questions" size="small" extra={<Link to={`/virtual-classroom/${id}${student ? `?student=${student}` : ''}`}>Back to the class</Link>}>
      {canAsk && (open ? (
        <Form form={form} layout="vertical" onFinish={async (v: { question: string; description?: string }) => {
          await ask({ params: { id }, body: { question: v.question, description: v.description || null, vc_class_id: id, student_id: student! } });
          form.resetFields(); setOpen(false); await query.refetch();
        }}>
          <Form.Item name="question" label="Question" rules={payloadRules(declaredCall('vc-questions.ask').def.payload!, 'question')}><Input maxLength={1000} /></Form.Item>
          <Form.Item name="description" label="Description"><Input.TextArea rows={3} maxLength={4000} /></Form.Item>
          <Space><Button type="primary" htmlType="submit">Ask</Button><Button onClick={() => setOpen(false)}>Cancel</Button></Space>
        </Form>
      ) : <Button type="primary" onClick={() => setOpen(true)} style={{ marginBottom: 8 }}>Ask a question</Button>)}
      <List dataSource={rows} locale={{ emptyText: <Typography.Text type="secondary">{'No questions yet'}</Typography.Text> }}
        renderItem={(q) => (
          <List.Item key={q.id} style={{ display: 'block', paddingInline: 0 }}>
            <Link to={`/virtual-classroom/${id}/question/${q.id}${student ? `?student=${student}` : ''}`} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{q.question}</Link>
            <div><Typography.Text type="secondary">by {q.student_name} · {q.timestamp ? formatDateTime(q.timestamp) : ''} · {q.answers} {q.answers === 1 ? 'answer' : 'answers'}</Typography.Text></div>
          </List.Item>
        )} />
    </Card>
  );
}

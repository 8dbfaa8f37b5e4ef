/**
 * Messages (/messages, spec 3): what the person sent and received, newest first, laid out for a
 * phone first. A message sent to them with replies enabled and no reply yet has Reply, which
 * opens a dialog; once answered, the reply is shown instead.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { formatDateTime } from '../../framework/format.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { useSession } from '../../app/SessionContext.js';

type Message = CallData<'messages.list'>[number];
const rules = payloadRules(declaredCall('messages.reply').def.payload!, 'reply');

function ReplyDialog({ message, onClose }: { message: Message | null; onClose: (sent: boolean) => void }) {
  const [form] = Form.useForm<{ reply: string }>();
  const reply = useDeclaredCall('messages.reply');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await reply({ params: { id: message!.id }, body: { reply: v.reply.trim() } });
      form.resetFields();
      onClose(true);
    } catch {
      // The server's words are shown; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={!!message} title={message ? `Reply: ${message.subject}` : 'Reply'} okText="Send Reply" onOk={() => void send()}
      confirmLoading={busy} onCancel={() => !busy && onClose(false)} destroyOnHidden maskClosable={false}>
      {message && <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{message.message}</Typography.Paragraph>}
      <Form form={form} layout="vertical" name="reply" disabled={busy}>
        <Form.Item label="Reply" name="reply" rules={rules}><Input.TextArea rows={4} autoFocus /></Form.Item>
      </Form>
    </Modal>
  );
}

export default function MessageList({ resource }: PageProps) {
  const { user } = useSession();
  const mayReply = usePageButton(resource, 'list', 'reply');
  const { result, query } = useDeclaredQuery('messages.list');
  const rows = query.isSuccess ? result?.data ?? [] : [];
  const [replying, setReplying] = useState<Message | null>(null);

  if (query.isError) return <Alert type="error" showIcon message="Could not load your messages." />;
  return (
    <Card title="Messages" styles={{ body: { padding: '8px 12px' } }}>
      <List
        loading={query.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty description="No messages yet" /> }}
        renderItem={(m) => {
          const sent = m.sent_by === user.id;
          return (
            <List.Item key={m.id} data-testid="message" style={{ display: 'block' }}>
              <Space wrap size={[8, 4]} style={{ marginBottom: 4 }}>
                <Typography.Text strong>{m.subject}</Typography.Text>
                <Tag color={sent ? 'blue' : 'green'}>{sent ? `To ${m.to ?? 'Unknown'}` : `From ${m.from ?? 'Unknown'}`}</Tag>
                {m.student_name && <Tag>{m.student_name}</Tag>}
              </Space>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{m.message}</Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatDateTime(m.timestamp)}</Typography.Text>
              {m.reply !== null && (
                <div data-testid="reply" style={{ marginTop: 8, padding: '6px 10px', background: '#f6ffed', borderLeft: '3px solid #52c41a' }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>Reply</Typography.Text>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{m.reply}</Typography.Paragraph>
                </div>
              )}
              {m.can_reply && mayReply && (
                <Button size="small" icon={<MessageOutlined />} style={{ marginTop: 8 }} onClick={() => setReplying(m)}>Reply</Button>
              )}
            </List.Item>
          );
        }}
      />
      <ReplyDialog message={replying} onClose={(done) => { setReplying(null); if (done) void query.refetch(); }} />
    </Card>
  );
}

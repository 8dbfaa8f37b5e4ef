/**
 * Message modal (spec 1, 2 "Modals"): subject, message and whether the parent may reply; one
 * message created per student (to the student's login), success reported only after all are
 * sent. A retry after a partial failure sends only to the students who have not got it.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { errorText } from '../../../framework/useCall.js';
import { resourceCall, type CallData } from '../../../framework/useDeclaredCall.js';
import { payloadRules } from '../../../framework/form/payloadRules.js';
import { resourceByName } from '../../../../shared/registry.js';

/** The checks and messages the server applies to this payload. */
const rules = (k: string) => payloadRules(resourceByName('messages').schema, k);

/** A student a message goes to (to their login, when they have one), as the student answers carry them. */
export type MessageRecipient = Pick<CallData<'students.one'>, 'id' | 'user_id' | 'fullname'>;

interface Values { subject: string; message: string; reply_enabled: boolean }

export default function MessageModal({ open, students, onClose }: { open: boolean; students: MessageRecipient[]; onClose: (sent: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<number[]>([]);

  useEffect(() => {
    if (open) { form.resetFields(); setSent([]); }
  }, [open, form]);

  const noLogin = students.filter((s) => !s.user_id);
  const send = async () => {
    const v = await form.validateFields();
    setBusy(true);
    const failed: Array<{ s: MessageRecipient; error: string }> = [];
    let said: string | undefined;
    const done = [...sent];
    for (const s of students) {
      if (done.includes(s.id)) continue;
      try {
        ({ message: said } = await resourceCall('messages', 'create', {
          subject: v.subject.trim(), message: v.message.trim(), reply_enabled: Boolean(v.reply_enabled),
          to_id: s.user_id ?? null, student_id: s.id,
        }));
        done.push(s.id);
      } catch (e) {
        failed.push({ s, error: errorText(e) });
      }
    }
    setSent(done);
    setBusy(false);
    if (failed.length === 0) {
      // One message: the server's words; several: how many went.
      notification.success({ message: students.length === 1 ? said : 'Messages Sent' });
      onClose(true);
      return;
    }
    notification.error({
      message: failed[0]!.error,
      description: `Not sent to ${failed.map((f) => f.s.fullname).join(', ')}${done.length ? ` (sent to ${done.length} of ${students.length}; Send again tries only the others)` : ''}.`,
    });
  };

  const title = students.length === 1 ? `Message to ${students[0]!.fullname}` : `Message to ${students.length} students`;
  return (
    <Modal
      open={open}
      title={title}
      okText="Send"
      onOk={send}
      confirmLoading={busy}
      onCancel={() => !busy && onClose(sent.length > 0)}
      destroyOnHidden
      maskClosable={false}
    >
      {noLogin.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`${noLogin.map((s) => s.fullname).join(', ')} ${noLogin.length === 1 ? 'has' : 'have'} no app login yet; the message is kept for when one is linked.`}
        />
      )}
      <Form form={form} layout="vertical" name="student-message" initialValues={{ reply_enabled: false }} disabled={busy}>
        <Form.Item label="Subject" name="subject" rules={rules('subject')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Message" name="message" rules={rules('message')}>
          <Input.TextArea rows={5} maxLength={5000} />
        </Form.Item>
        <Form.Item name="reply_enabled" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>Reply enabled</Checkbox>
        </Form.Item>
      </Form>
      {sent.length > 0 && sent.length < students.length && (
        <Typography.Text type="secondary">Sent to {sent.length} of {students.length}.</Typography.Text>
      )}
    </Modal>
  );
}

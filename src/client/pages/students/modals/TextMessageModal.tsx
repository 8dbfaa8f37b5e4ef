/**
 * Send Text Messages (spec 1, 2 "Modals"; 5; 9): mobile numbers as tags, the message and a
 * counter of 160-character messages that turns red above 159 characters (students.textMessage).
 */
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useDeclaredCall } from '../../../framework/useDeclaredCall.js';
import { smsCount, smsOverOne } from '../studentModel.js';
import { payloadRules } from '../../../framework/form/payloadRules.js';
import { declaredCall } from '../../../../shared/calls.js';

/** The checks and messages the server applies to this payload. */
const rules = (k: string) => payloadRules(declaredCall('students.textMessage').def.payload!, k);

interface Values { mobile_nos: string[]; message: string }

export default function TextMessageModal({ open, mobiles, onClose }: { open: boolean; mobiles: string[]; onClose: (sent: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const sendMessages = useDeclaredCall('students.textMessage');
  const [busy, setBusy] = useState(false);
  const text = Form.useWatch('message', form) ?? '';

  useEffect(() => {
    if (open) form.setFieldsValue({ mobile_nos: mobiles, message: '' });
  }, [open, mobiles, form]);

  const send = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await sendMessages({ body: { mobile_nos: v.mobile_nos.map((m) => m.trim()) as [string, ...string[]], message: v.message } });
      onClose(true);
    } catch {
      // The server's words are shown; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };

  const count = smsCount(text);
  return (
    <Modal
      open={open}
      title="Send Text Messages"
      okText="Send"
      onOk={send}
      confirmLoading={busy}
      onCancel={() => !busy && onClose(false)}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" name="text-message" disabled={busy} initialValues={{ mobile_nos: mobiles, message: '' }}>
        <Form.Item
          label="Mobile Nos"
          name="mobile_nos"
          extra="Type a number and press Enter to add it."
          rules={rules('mobile_nos')}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ' ']} placeholder="Mobile numbers" suffixIcon={null} />
        </Form.Item>
        <Form.Item label="Message" name="message" rules={rules('message')} style={{ marginBottom: 4 }}>
          <Input.TextArea rows={5} />
        </Form.Item>
        <Typography.Text data-testid="sms-counter" type={smsOverOne(text) ? 'danger' : 'secondary'}>
          {text.length} characters · {count} {count === 1 ? 'message' : 'messages'}
        </Typography.Text>
      </Form>
    </Modal>
  );
}

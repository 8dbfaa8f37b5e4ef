/**
 * The leads' bulk message (/admissions/leads/message/): one text to every lead's mobile, sent
 * through the school's SMS service ('Messages Sent'); an empty text says 'Message is empty'.
 * The counter shows characters and 160-character segments, as the SMS screen does.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { declaredCall } from '../../../shared/calls.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { smsCount } from '../../../shared/sms-segments.js';
import { useLeadCount } from './leadsModel.js';

const MESSAGE = declaredCall('leads.message').def.payload!;

export default function LeadsMessage(_props: PageProps) {
  const [form] = Form.useForm<{ message: string }>();
  const send = useDeclaredCall('leads.message');
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const count = smsCount(Form.useWatch('message', form) ?? '');
  const leads = useLeadCount();

  const onFinish = async (v: { message: string }) => {
    setSending(true);
    try {
      await send({ body: { message: v.message } });
      navigate('/admissions/leads/');
    } catch {
      // The refusal was shown; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title="Message all leads" extra={<Link to="/admissions/leads/">All leads</Link>} style={{ maxWidth: 640 }}>
      {leads !== undefined && <Typography.Paragraph>The text goes to the mobile of each of the {leads} lead{leads === 1 ? '' : 's'}, once per number.</Typography.Paragraph>}
      <Form form={form} layout="vertical" name="leads-message" onFinish={onFinish}>
        <Form.Item label="Message" name="message" rules={payloadRules(MESSAGE, 'message')} extra={<Typography.Text type={count.over ? 'danger' : 'secondary'}>{count.chars} characters, {count.segments} SMS</Typography.Text>}>
          <Input.TextArea rows={5} maxLength={1000} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>Send</Button>
        </Space>
      </Form>
    </Card>
  );
}

/**
 * Send SMS (/messages/sms, spec 3): to every family, the families of chosen classes, the teachers
 * or all staff; a title, one of the school's DLT templates (which fills the message to finish)
 * and the message, with a character and 160-character segment counter that turns red above 159.
 * Warns when the balance is under 50 and when SMS is switched off.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { LOW_SMS_BALANCE, smsCount } from '../../../shared/sms-segments.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { useClassesAndYears } from '../useClassesAndYears.js';

const rules = (k: string) => payloadRules(declaredCall('sms.send').def.payload!, k);

/** The groups a text goes to (the server finds their mobiles, each once). */
const GROUPS = [
  { value: 'parents', label: 'All Parents' },
  { value: 'class', label: 'Parents of Classes' },
  { value: 'teachers', label: 'All Teachers' },
  { value: 'staff', label: 'All Staff' },
] as const;

interface Values { to: typeof GROUPS[number]['value']; class_ids?: number[]; title: string; template_id: string; message: string }

export default function SendSms(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const templates = useDeclaredQuery('sms.templates');
  const settings = useDeclaredQuery('school.smsSettings');
  const { classes } = useClassesAndYears();
  const send = useDeclaredCall('sms.send');
  const [busy, setBusy] = useState(false);
  const to = Form.useWatch('to', form);
  const text = Form.useWatch('message', form) ?? '';
  const count = smsCount(text);
  const list = templates.query.isSuccess ? templates.result?.data ?? [] : [];
  const s = settings.query.isSuccess ? settings.result?.data : undefined;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await send({ body: { to: v.to, ...(v.to === 'class' ? { class_ids: v.class_ids ?? [] } : {}), title: v.title, template_id: v.template_id, message: v.message } });
      form.resetFields(['title', 'message']);
      void settings.query.refetch();
    } catch {
      // The server's words are shown; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Send SMS" style={{ maxWidth: 640 }}>
      <Space direction="vertical" style={{ width: '100%', marginBottom: 8 }}>
        {s && s.sms !== '1' && <Alert type="error" showIcon message="SMS is switched off in the SMS settings" />}
        {s && s.sms_balance !== null && s.sms_balance < LOW_SMS_BALANCE && <Alert type="warning" showIcon message="SMS Balance is Low" description={`${s.sms_balance} texts left`} />}
      </Space>
      <Form form={form} layout="vertical" name="send-sms" disabled={busy} onFinish={submit} initialValues={{ to: 'parents' }}>
        <Form.Item label="To" name="to" rules={rules('to')}>
          <Select options={GROUPS.map((g) => ({ ...g }))} />
        </Form.Item>
        {to === 'class' && (
          <Form.Item label="Classes" name="class_ids" rules={[{ required: true, type: 'array', min: 1, message: declaredCall('sms.send').def.payload!.properties.class_ids.errorMessage.type }]}>
            <Select mode="multiple" optionFilterProp="label" placeholder="Choose classes"
              options={classes.map((c) => ({ value: c.id, label: `${c.class} - ${c.section}` }))} />
          </Form.Item>
        )}
        <Form.Item label="Title" name="title" rules={rules('title')}><Input /></Form.Item>
        <Form.Item label="Template" name="template_id" rules={rules('template_id')}>
          <Select placeholder="Choose a template" loading={templates.query.isLoading}
            options={list.map((t) => ({ value: t.dlt_template_id, label: `${t.name} (${t.dlt_template_id})` }))}
            onChange={(id) => {
              const t = list.find((x) => x.dlt_template_id === id);
              if (t) form.setFieldsValue({ message: t.dlt_template });
            }} />
        </Form.Item>
        <Form.Item label="Message" name="message" rules={rules('message')} style={{ marginBottom: 4 }}>
          <Input.TextArea rows={5} />
        </Form.Item>
        <Typography.Text data-testid="sms-counter" type={count.over ? 'danger' : 'secondary'}>
          {count.chars} characters · {count.segments} SMS
        </Typography.Text>
        <div style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy}>Send</Button>
        </div>
      </Form>
    </Card>
  );
}

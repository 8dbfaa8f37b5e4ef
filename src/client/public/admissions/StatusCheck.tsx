/**
 * The status check (/admissions/apply/status/, spec 4 §5 "Application status check"): the
 * application number (the school code, then the id) and the mobile it was made with.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Form, Input } from 'antd';
import schema from '../../../../schemas/admissions/application.json' with { type: 'json' };
import { applyCall, errorText, readFlow } from './applyCall.js';

const MESSAGES = { both: 'Enter both Application no and mobile no', short: 'Incorrect Application ID', code: 'Invalid Application Code' } as const;
const label = (field: 'status' | 'payment_status', v: number) => (schema.properties[field].oneOf as Array<{ const: number; title: string }>).find((o) => o.const === v)?.title ?? String(v);

type Found = Awaited<ReturnType<typeof applyCall<'status'>>>['data'];

export default function StatusCheck() {
  const { message } = App.useApp();
  const flow = readFlow();
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async ({ application_no = '', mobile_no = '' }: { application_no?: string; mobile_no?: string }) => {
    const no = application_no.trim().toUpperCase();
    const mobile = mobile_no.trim();
    if (!no || !mobile) { message.error(MESSAGES.both); return; }
    if (no.length <= 6) { message.error(MESSAGES.short); return; }
    const code = no.slice(0, 6);
    if (flow?.code && code !== flow.code) { message.error(MESSAGES.code); return; }
    setBusy(true);
    setFound(null);
    try {
      const { data } = await applyCall('status', { body: { application_id: no.slice(6), mobile_no: mobile } }, { code });
      setFound(data);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>Check Application Status</h1>
      <Form layout="vertical" onFinish={check}>
        <Form.Item label="Application No" name="application_no"><Input maxLength={30} autoCapitalize="characters" /></Form.Item>
        <Form.Item label="Mobile No" name="mobile_no"><Input inputMode="tel" maxLength={16} /></Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>Check Status</Button>
      </Form>
      {found ? (
        <Descriptions bordered size="small" column={1} style={{ marginTop: 16 }} data-testid="status-result">
          <Descriptions.Item label="Application No">{found.application_no}</Descriptions.Item>
          <Descriptions.Item label="Student Name">{found.student_name}</Descriptions.Item>
          <Descriptions.Item label="Class">{found.application_class}</Descriptions.Item>
          <Descriptions.Item label="Application Status">{label('status', found.status)}</Descriptions.Item>
          <Descriptions.Item label="Payment Status">{label('payment_status', found.payment_status)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </>
  );
}

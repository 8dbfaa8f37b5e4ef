/**
 * The preview (/admissions/apply/preview/): the form as it will be sent, then Submit and, when
 * the school charges a fee, the payment. Once submitted the preview is expired ('403 Forbidden /
 * Document expired', spec 4 §2.7), so going back cannot send the application twice.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { App, Button, Descriptions, Radio, Result, Space } from 'antd';
import { ApiError } from '../../api.js';
import { applyCall, CHECK_NETWORK, errorText, readFlow, updateFlow } from './applyCall.js';
import { startPayment } from './pay.js';
import { formatDate } from '../../framework/format.js';

const GENDER: Record<string, string> = { m: 'Male', f: 'Female', o: 'Other' };
const RELATION: Record<string, string> = { father: 'Father', mother: 'Mother', guardian: 'Guardian' };
const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

export function Expired() {
  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>Preview</h1>
      <Result status="403" title="403 Forbidden" subTitle="Document expired" />
    </>
  );
}

/** The gateways to choose from, and the Pay button. */
export function PayStep({ onError }: { onError: (e: unknown) => void }) {
  const navigate = useNavigate();
  const flow = readFlow()!;
  const modes = flow.school?.modes ?? [];
  const [mode, setMode] = useState<string | undefined>(modes[0]?.value);
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (!mode) return;
    setBusy(true);
    try {
      navigate(await startPayment(mode));
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <p style={{ margin: 0 }}>Application fee: <b>{rupees(flow.application!.fee)}</b></p>
      <p style={{ margin: 0 }}>Payment mode</p>
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} options={modes.map((m) => ({ value: m.value, label: m.name }))} />
      <Button type="primary" size="large" block loading={busy} disabled={!mode} onClick={pay}>Pay {rupees(flow.application!.fee)}</Button>
    </Space>
  );
}

export default function Preview() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [flow, setFlow] = useState(readFlow());
  const [busy, setBusy] = useState(false);
  if (!flow?.pass) return <Navigate to="/admissions/apply/" replace />;
  // Submitted and settled: going back cannot send it again (spec 4 §2.7).
  if (flow.done) return <Expired />;
  if (flow.application) {
    // Submitted, fee not yet paid: only the payment is left.
    return (
      <>
        <h1 style={{ fontSize: 20, marginTop: 0 }}>Application Fee</h1>
        <Result status="info" title={`Application No: ${flow.application.no}`} subTitle="Pay the application fee to complete your application." />
        <PayStep onError={(e) => message.error(errorText(e))} />
      </>
    );
  }
  const f = flow.form;
  if (!f) return <Navigate to="/admissions/apply/new-application/" replace />;
  const d = f.details ?? {};

  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await applyCall('submit', { body: { ...f, sch_code: flow.code, student_photo: f.student_photo ?? undefined } as any });
      const next = updateFlow({ application: { id: data.application_id, no: data.application_no, fee: data.fee_amount } });
      if (!data.payment_required) {
        updateFlow({ done: true, result: { status: 1, application_no: data.application_no, message: 'Application Submitted' } });
        navigate('/admissions/apply/payment-status/');
        return;
      }
      setFlow(next);
    } catch (e) {
      message.error(e instanceof ApiError && e.statusCode === 0 ? CHECK_NETWORK : errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const row = (label: string, value: unknown) => <Descriptions.Item label={label}>{value ? String(value) : '—'}</Descriptions.Item>;
  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>Preview</h1>
      {f.student_photo ? <img src={f.student_photo.url} alt="Student photo" style={{ maxWidth: 120, maxHeight: 150, borderRadius: 4, marginBottom: 12 }} /> : null}
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        {row('Student Name', f.student_name)}
        {row('Class', f.application_class)}
        {row('Date of Birth', d.student?.dob ? formatDate(d.student.dob) : null)}
        {row('Gender', GENDER[d.student?.gender ?? ''])}
        {row('Parent/Guardian Name', f.parent_name)}
        {row('Relation to the Student', RELATION[d.guardian?.relation ?? 'father'])}
        {row('Mobile', f.mobile)}
        {row('Email', f.email)}
        {row("Father's Name", d.father?.name)}
        {row("Father's Mobile", d.father?.mobile)}
        {row("Father's Profession", d.father?.profession)}
        {row("Mother's Name", d.mother?.name)}
        {row("Mother's Mobile", d.mother?.mobile)}
        {row("Mother's Profession", d.mother?.profession)}
        {row('Guardian Address', d.guardian?.address)}
        {row('Previous School', [d.prev_school?.name, d.prev_school?.city].filter(Boolean).join(', '))}
        {row('Marks', d.prev_school?.marks)}
        {row('Marks Card', (d.prev_school?.marks_card ?? []).map((c: { name: string }) => c.name).join(', '))}
      </Descriptions>
      <Space style={{ width: '100%' }} direction="vertical">
        <Button size="large" block onClick={() => navigate('/admissions/apply/new-application/')} disabled={busy}>Edit</Button>
        <Button type="primary" size="large" block loading={busy} onClick={submit}>Submit</Button>
      </Space>
    </>
  );
}

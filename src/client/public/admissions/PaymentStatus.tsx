/**
 * The payment result (/admissions/apply/payment-status/, spec 4 §4 "Admissions application"):
 * 1 success, 0 pending, -1 and -2 failed; with no fee it reads 'Application Submitted'. A failed
 * payment can be tried again.
 */
import { Navigate } from 'react-router';
import { App, Descriptions, Result } from 'antd';
import { errorText, readFlow } from './applyCall.js';
import { PayStep } from './Preview.js';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

export default function PaymentStatus() {
  const { message } = App.useApp();
  const flow = readFlow();
  const r = flow?.result;
  if (!r) return <Navigate to="/admissions/apply/" replace />;
  const heading = <h1 style={{ fontSize: 20, marginTop: 0 }}>Payment Status</h1>;
  const number = <>Application No: <b data-testid="application-no">{r.application_no}</b></>;
  if (r.status === 1) {
    return <>{heading}<Result status="success" title={r.message === 'Application Submitted' ? 'Application Submitted' : 'Payment successful'} subTitle={<span>{number}<br />Keep this number to check your application status.</span>} /></>;
  }
  if (r.status === 0) return <>{heading}<Result status="info" title="Payment pending" subTitle={number} /></>;
  return (
    <>
      {heading}
      <Result status="error" title="Payment Failed" subTitle={number} />
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Order ID">{r.order_id ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Status">{r.status === -2 ? 'Cancelled' : 'Failed'}</Descriptions.Item>
        <Descriptions.Item label="Amount">{r.amount !== undefined ? rupees(r.amount) : '—'}</Descriptions.Item>
      </Descriptions>
      {flow?.application ? <PayStep onError={(e) => message.error(errorText(e))} /> : null}
    </>
  );
}

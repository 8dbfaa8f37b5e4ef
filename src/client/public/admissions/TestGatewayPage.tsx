/**
 * The built-in test gateway for the application fee (/admissions/apply/test-gateway/{order}/):
 * clearly a test, moving no real money. Pay, Fail and Cancel ask the server for the signed
 * result of that choice, which is posted back like any gateway's and checked there.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Descriptions, Space, Spin } from 'antd';
import { applyCall, errorText, readFlow } from './applyCall.js';
import { PAYMENT_MESSAGES, postResult } from './pay.js';

type Choice = 'success' | 'failure' | 'cancel';
type Order = Awaited<ReturnType<typeof applyCall<'testOrder'>>>['data'];
const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

export default function TestGatewayPage() {
  const { order: orderId = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [order, setOrder] = useState<Order | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<Choice | null>(null);

  useEffect(() => {
    applyCall('testOrder', { params: { order_id: orderId } }).then(({ data }) => setOrder(data), (e) => setProblem(errorText(e)));
  }, [orderId]);

  if (problem) return <Alert type="error" showIcon message={problem} />;
  if (!order) return <Spin style={{ display: 'block', margin: 48 }} />;

  const choose = async (choice: Choice) => {
    setBusy(choice);
    try {
      const { data: signed } = await applyCall('testOutcome', { params: { order_id: order.order_id }, body: { outcome: choice } });
      const result = await postResult(readFlow()!, order.order_id, 'test', signed as unknown as Record<string, unknown>);
      if (result?.status === -2) message.warning(PAYMENT_MESSAGES.cancelled);
      navigate('/admissions/apply/payment-status/');
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>Test payment gateway — no real money moves</h1>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="This is the school's test gateway"
        description="Nothing is charged to any card, bank account or wallet. Use it only to try the product." />
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Merchant">{order.school_name}</Descriptions.Item>
        <Descriptions.Item label="Application No">{order.application_no}</Descriptions.Item>
        <Descriptions.Item label="Student">{order.student_name}</Descriptions.Item>
        <Descriptions.Item label="Order ID">{order.order_id}</Descriptions.Item>
        <Descriptions.Item label="Amount"><b>{rupees(order.amount)}</b></Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Button type="primary" loading={busy === 'success'} disabled={busy !== null || order.status === 'paid'} onClick={() => choose('success')}>Pay</Button>
        <Button danger loading={busy === 'failure'} disabled={busy !== null || order.status === 'paid'} onClick={() => choose('failure')}>Fail</Button>
        <Button loading={busy === 'cancel'} disabled={busy !== null || order.status === 'paid'} onClick={() => choose('cancel')}>Cancel</Button>
      </Space>
    </>
  );
}

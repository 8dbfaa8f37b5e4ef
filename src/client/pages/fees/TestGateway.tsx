/**
 * The built-in test gateway's page (/fees/online/test-gateway/:order): clearly a test, moving no
 * real money. It shows the order (GET /fees/online/test/{order}/); Pay, Fail and Cancel ask the
 * server for the signed result of that choice (POST /fees/online/test/{order}/), which is then
 * posted like any gateway's result (POST /fees/online/pay/): the receipt on success, the
 * 'Payment Failed' screen on failure, 'Fee payment cancelled by user!' on cancel.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Result, Space, Spin } from 'antd';
import type { PageProps } from '../registry.js';
import { formatMoney } from '../../framework/format.js';
import type { CallTypes } from '../../../generated/calls.js';
import { errorText } from '../../framework/useCall.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { PaymentFailed, usePaymentOutcome } from './online/PaymentOutcome.js';
import { declaredCall } from '../../../shared/calls.js';

type Choice = CallTypes['fee-payments.testOutcome']['body']['outcome'];

export const TEST_GATEWAY_TITLE = 'Test payment gateway — no real money moves';

export default function TestGateway(_props: PageProps) {
  const { order: orderId = '' } = useParams();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const signOutcome = useDeclaredCall('fee-payments.testOutcome', { toast: false, errorToast: false });
  const [busy, setBusy] = useState<Choice | null>(null);
  const outcome = usePaymentOutcome({ onCancelled: (feeId) => navigate(`/fees/pay/installment/${feeId}`) });
  const { result, query } = useDeclaredQuery('fee-payments.testOrder', { params: { order_id: orderId } });
  const order = result?.data;

  if (outcome.failed) return <PaymentFailed result={outcome.failed} onRetry={() => navigate(`/fees/pay/installment/${outcome.failed!.fee_id}`)} />;
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!order) return <Alert type="error" showIcon message="Order not found" />;
  if (order.status === 'paid') {
    return (
      <Result
        status="success"
        title={declaredCall('fee-payments.testOutcome').def.errors!.paid}
        extra={<Button type="primary" onClick={() => navigate(`/fees/receipt/${order.fee_id}`)}>View Receipt</Button>}
      />
    );
  }

  const choose = async (choice: Choice) => {
    setBusy(choice);
    try {
      const signed = await signOutcome({ params: { order_id: order.order_id }, body: { outcome: choice } });
      await outcome.finish({ id: order.id, order_id: order.order_id, fee_id: order.fee_id }, 'test', signed);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={TEST_GATEWAY_TITLE} style={{ maxWidth: 640 }}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="This is the school's test gateway"
        description="Nothing is charged to any card, bank account or wallet. Pay records the payment on the bill as if it had been received; use it only to try the product."
      />
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Merchant">{order.school_name ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Student">{order.student_name ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Bill">{order.bill_name ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Order ID">{order.order_id}</Descriptions.Item>
        <Descriptions.Item label="Amount"><b data-testid="test-gateway-amount">{formatMoney(order.amount)}</b></Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Button type="primary" loading={busy === 'success'} disabled={busy !== null} onClick={() => choose('success')}>Pay</Button>
        <Button danger loading={busy === 'failure'} disabled={busy !== null} onClick={() => choose('failure')}>Fail</Button>
        <Button loading={busy === 'cancel'} disabled={busy !== null} onClick={() => choose('cancel')}>Cancel</Button>
      </Space>
    </Card>
  );
}

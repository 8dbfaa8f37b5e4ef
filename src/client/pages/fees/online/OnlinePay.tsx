/**
 * A parent's or student's online payment of bill {id} (/fees/pay/installment/:id for role 1,
 * rendered by FeeInstallment): the bill's figures, the amount (exact to the paisa, the pending amount
 * at most) and the payment mode among the gateways the school offers, with the TDR note of the
 * chosen one. Pay creates the order (PUT /fees/online/pay/) and opens the gateway: the test
 * gateway's page, or Razorpay / Paytm / Easebuzz in the page with their script loaded from their
 * host only then. The result is posted and ends on the receipt, the cancel message or the
 * 'Payment Failed' screen.
 */
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Form, Select, Space, Spin, Typography } from 'antd';
import { MoneyInput, paiseRule } from '../../../framework/MoneyInput.js';
import { useDeclaredCall, useDeclaredQuery } from '../../../framework/useDeclaredCall.js';
import { useSession } from '../../../app/SessionContext.js';
import { useBusyAction } from '../../../framework/useBusyAction.js';
import { BillSummary, useBill } from '../BillSummary.js';
import { billState } from '../feesModel.js';
import { openEasebuzz, openPaytm, openRazorpay, type CheckoutOutcome } from './checkout.js';
import {
  gatewayOptions, maxPayable, ONLINE_MESSAGES, onlineEnabled, parseAmount, payProblem, tdrNote, type OnlineOrder,
} from './onlinePayModel.js';
import { PaymentFailed, usePaymentOutcome } from './PaymentOutcome.js';

/** The bill to pay: `billId` (FeeInstallment passes it as `paymentId`). */
export interface OnlinePayProps { billId?: number; paymentId?: number }

interface PayValues { amount?: number | null; mode?: string }

export function OnlinePay({ billId, paymentId }: OnlinePayProps) {
  const id = Number(billId ?? paymentId);
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const { school } = useSession();
  const createOrder = useDeclaredCall('fee-payments.onlineOrder', { errorToast: false });
  const [form] = Form.useForm<PayValues>();
  const mode = Form.useWatch('mode', form);
  const { busy, run } = useBusyAction();
  const outcome = usePaymentOutcome();

  const { bill, loading, refetch } = useBill(id);
  const settingsQ = useDeclaredQuery('school.feeSettings');
  const settings = settingsQ.result?.data;

  if (!Number.isInteger(id)) return <Alert type="error" showIcon message="Invalid Link" />;
  if (outcome.failed) {
    return <PaymentFailed result={outcome.failed} onRetry={() => { outcome.clearFailed(); refetch(); }} />;
  }
  if (loading || settingsQ.query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!bill?.payment) return <Alert type="error" showIcon message="Bill not found" />;

  const state = billState(bill.payment);
  const enabled = onlineEnabled(settings);
  const note = tdrNote(settings, mode);
  const maxRupees = maxPayable(state.pendingPaise);

  const warnNotEnabled = () => notification.warning({ message: ONLINE_MESSAGES.notEnabled, duration: 5 });

  const open = async (order: OnlineOrder): Promise<CheckoutOutcome | null> => {
    switch (order.payment_mode) {
      case 'test':
        navigate(order.page ?? `/fees/online/test-gateway/${order.order_id}`);
        return null;
      case 'razorpay': return openRazorpay(order, school.school_name || 'Fee payment');
      case 'paytm': return openPaytm(order);
      case 'easebuzz': return openEasebuzz(order);
      default: throw new Error(ONLINE_MESSAGES.gatewayNotFound);
    }
  };

  const pay = () => {
    if (!enabled) return warnNotEnabled();
    const v = form.getFieldsValue(true) as PayValues;
    return run(async () => {
      const order = await createOrder({ body: { amount: parseAmount(v.amount)!, payment_mode: v.mode ?? '', fee_id: id } });
      const done = await open(order);
      if (!done) return;
      if (done.kind === 'closed') {
        // Paytm closed by the payer: its own message, else the spec's.
        notification.warning({ message: done.message || ONLINE_MESSAGES.cancelled });
        return;
      }
      await outcome.finish(order, order.payment_mode, done.result);
      refetch();
    }, {
      problem: payProblem(v, state.pendingPaise),
      failed: (message) => (message === ONLINE_MESSAGES.notEnabled ? warnNotEnabled() : notification.error({ message })),
    });
  };

  return (
    <Card title={`Pay Fees Online${bill.student?.fullname ? ` — ${bill.student.fullname}` : ''}`} style={{ maxWidth: 720 }}>
      <BillSummary bill={bill} pendingTestId="online-amount-pending" />
      {!enabled && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={ONLINE_MESSAGES.notEnabled} description="Please pay at the school office." />}
      {state.pendingPaise <= 0 && <Alert type="success" showIcon style={{ marginBottom: 16 }} message="This bill is fully paid." />}
      <Form<PayValues>
        form={form}
        layout="vertical"
        name="online-pay"
        initialValues={{ amount: maxRupees > 0 ? maxRupees : null }}
        onFinish={pay}
      >
        <Form.Item label="Amount" name="amount" required rules={[paiseRule]}>
          <MoneyInput style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Payment Mode" name="mode" required>
          <Select options={gatewayOptions(settings)} style={{ width: 280 }} allowClear placeholder="Select payment mode" />
        </Form.Item>
        {note && <Typography.Paragraph type="warning" data-testid="tdr-note">{note}</Typography.Paragraph>}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} disabled={state.pendingPaise <= 0}>Pay</Button>
          <Button onClick={() => navigate(bill.student?.id ? `/fees/records/${bill.student.id}` : '/fees/')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}

export default OnlinePay;

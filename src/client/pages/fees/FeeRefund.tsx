/**
 * Refund on bill {id} (/fees/refund/:id): amount, mode (cash, cheque — the default —, transfer
 * NEFT/RTGS/IMPS, UPI) and transaction details (required unless cash). The spec's messages are
 * shown before the call; the refund call (its message shown) then leads to the receipt.
 */
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import type { PageProps } from '../registry.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { BillSummary, useBill } from './BillSummary.js';
import {
  DEFAULT_REFUND_MODE, REFUND_MODES, billState, refundNeedsDetails, refundPayload, refundProblem,
} from './feesModel.js';

interface RefundValues { amount?: number | null; mode?: string; transaction_details?: string }

export default function FeeRefund(_props: PageProps) {
  const { id } = useParams();
  const billId = Number(id);
  const navigate = useNavigate();
  const refundBill = useDeclaredCall('fee-payments.refund', { errorToast: false });
  const [form] = Form.useForm<RefundValues>();
  const mode = Form.useWatch('mode', form) ?? DEFAULT_REFUND_MODE;
  const { busy, run } = useBusyAction();
  const { bill, loading } = useBill(billId);

  if (!Number.isInteger(billId)) return <Alert type="error" showIcon message="Invalid Link" />;
  if (loading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!bill?.payment) return <Alert type="error" showIcon message="Bill not found" />;
  const state = billState(bill.payment);

  const refund = () => {
    const v = form.getFieldsValue(true) as RefundValues;
    return run(async () => {
      await refundBill({ body: refundPayload(billId, { amount: v.amount!, mode: v.mode!, transaction_details: v.transaction_details }) });
      navigate(`/fees/receipt/${billId}`);
    }, { problem: refundProblem(v, state.paidPaise) });
  };

  return (
    <Card title={`Refund${bill.student?.fullname ? ` — ${bill.student.fullname}` : ''}`} style={{ maxWidth: 720 }}>
      <BillSummary bill={bill} />
      <Form<RefundValues> form={form} layout="vertical" name="fee-refund" initialValues={{ mode: DEFAULT_REFUND_MODE }} onFinish={refund}>
        <Form.Item label="Refund Amount" name="amount" required rules={[paiseRule]}>
          <MoneyInput style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Refund Mode" name="mode" required>
          <Select options={REFUND_MODES} style={{ width: 280 }} />
        </Form.Item>
        <Form.Item label="Transaction Details" name="transaction_details" required={refundNeedsDetails(mode)}>
          <Input.TextArea rows={3} maxLength={300} showCount placeholder={mode === 'cheque' ? 'Cheque number, bank and date' : mode === 'cash' ? 'Optional' : 'Reference / UTR number'} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>Refund</Button>
          <Button onClick={() => navigate(`/fees/records/${bill.student?.id ?? bill.payment.student_id}`)}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}

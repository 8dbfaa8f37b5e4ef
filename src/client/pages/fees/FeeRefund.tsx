/**
 * Refund on bill {id} (/fees/refund/:id): amount, mode (cash, cheque — the default —, transfer
 * NEFT/RTGS/IMPS, UPI) and transaction details (required unless cash). The spec's messages are
 * shown before the call; PUT /fees/refund/ ('Refund Data Updated') then leads to the receipt.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { useCustom } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import { errorNotification } from '../../framework/notify.js';
import { errorText, useCall } from '../../framework/useCall.js';
import { formatMoney } from '../../framework/format.js';
import { toRupees } from '../../../shared/money.js';
import {
  DEFAULT_REFUND_MODE, REFUND_MODES, billState, classLabel, refundNeedsDetails, refundPayload, refundProblem, type FeeReceiptData,
} from './feesModel.js';

interface RefundValues { amount?: number | null; mode?: string; transaction_details?: string }

export default function FeeRefund(_props: PageProps) {
  const { id } = useParams();
  const billId = Number(id);
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const call = useCall();
  const [form] = Form.useForm<RefundValues>();
  const mode = Form.useWatch('mode', form) ?? DEFAULT_REFUND_MODE;
  const [busy, setBusy] = useState(false);
  const { result, query } = useCustom<FeeReceiptData>({
    url: `/fees/receipt/${billId}/`, method: 'get', errorNotification, queryOptions: { enabled: Number.isInteger(billId) },
  });
  const bill = result?.data as FeeReceiptData | undefined;

  if (!Number.isInteger(billId)) return <Alert type="error" showIcon message="Invalid Link" />;
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!bill?.payment) return <Alert type="error" showIcon message="Bill not found" />;
  const state = billState(bill.payment);

  const refund = async () => {
    const v = form.getFieldsValue(true) as RefundValues;
    const problem = refundProblem(v, state.paidPaise);
    if (problem) {
      notification.error({ message: problem });
      return;
    }
    setBusy(true);
    try {
      await call('put', '/fees/refund/', refundPayload(billId, { amount: v.amount!, mode: v.mode!, transaction_details: v.transaction_details }));
      notification.success({ message: 'Refund Data Updated' });
      navigate(`/fees/receipt/${billId}`);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={`Refund${bill.student?.fullname ? ` — ${bill.student.fullname}` : ''}`} style={{ maxWidth: 720 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Bill">{bill.payment.name ?? ''} (#{bill.payment.id})</Descriptions.Item>
        <Descriptions.Item label="Class">{classLabel(bill.class)}</Descriptions.Item>
        <Descriptions.Item label="Total Amount">{formatMoney(toRupees(state.totalPaise))}</Descriptions.Item>
        <Descriptions.Item label="Amount Paid">{formatMoney(toRupees(state.paidPaise))}</Descriptions.Item>
      </Descriptions>
      <Form<RefundValues> form={form} layout="vertical" name="fee-refund" initialValues={{ mode: DEFAULT_REFUND_MODE }} onFinish={refund}>
        <Form.Item label="Refund Amount" name="amount" required>
          <InputNumber prefix="₹" min={0} precision={2} style={{ width: 200 }} />
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

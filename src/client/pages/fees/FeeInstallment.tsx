/**
 * Pay an installment on bill {id} (/fees/pay/installment/:id). Staff: amount (filled in with the
 * whole pending amount, as the parents' form does), payment mode (cash by default), account and
 * date, checked with the spec's messages before the installment call
 * (its message shown), then the receipt. Parents and
 * students (role 1) get the online payment screen for the same bill.
 */
import { ROLE_IDS } from '../../../shared/roles.js';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import dayjs, { type Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import type { CallTypes } from '../../../generated/calls.js';
import { useSession } from '../../app/SessionContext.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { usePageButton } from '../../framework/useAccess.js';
import { resourceByName } from '../../../shared/registry.js';
import { Forbidden } from '../../app/results.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { toRupees } from '../../../shared/money.js';
import OnlinePay from './online/OnlinePay.js';
import { BillSummary, useBill } from './BillSummary.js';
import { DEFAULT_PAYMENT_MODE, PAYMENT_MODES, billState, installmentProblem } from './feesModel.js';
import { DateItem } from '../../framework/DateInput.js';

type Installment = CallTypes['fee-payments.installment']['body'];

interface InstallmentValues { amount?: number | null; mode?: string; account?: string; date?: Dayjs | null }

export default function FeeInstallment(_props: PageProps) {
  const { id } = useParams();
  const billId = Number(id);
  const { user } = useSession();
  if (!Number.isInteger(billId)) return <Alert type="error" showIcon message="Invalid Link" />;
  return user.role === ROLE_IDS.parent ? <OnlinePay paymentId={billId} /> : <StaffInstallment billId={billId} />;
}

function StaffInstallment({ billId }: { billId: number }) {
  const navigate = useNavigate();
  const payInstallment = useDeclaredCall('fee-payments.installment', { errorToast: false });
  const [form] = Form.useForm<InstallmentValues>();
  const { busy, run } = useBusyAction();
  const { bill, loading } = useBill(billId);
  const allowed = usePageButton(resourceByName('fee-payments'), 'installment', 'pay');

  if (!allowed) return <Forbidden />;
  if (loading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!bill?.payment) return <Alert type="error" showIcon message="Bill not found" />;
  const state = billState(bill.payment);
  const studentId = bill.student?.id ?? bill.payment.student_id;

  const pay = () => {
    const v = form.getFieldsValue(true) as InstallmentValues;
    return run(async () => {
      const body: Installment = { amount: v.amount!, mode: v.mode as Installment['mode'] };
      if (v.account?.trim()) body.account = v.account.trim();
      if (v.date) body.date = v.date.format('YYYY-MM-DD');
      await payInstallment({ params: { payment_id: billId }, body });
      navigate(`/fees/receipt/${billId}`);
    }, { problem: installmentProblem(v, state.pendingPaise) });
  };

  return (
    <Card title={`Pay Installment${bill.student?.fullname ? ` — ${bill.student.fullname}` : ''}`} style={{ maxWidth: 720 }}>
      <BillSummary bill={bill} pendingTestId="amount-pending" />
      {state.pendingPaise <= 0 && <Alert type="success" showIcon style={{ marginBottom: 16 }} message="This bill is fully paid." />}
      <Form<InstallmentValues>
        form={form} layout="vertical" name="fee-installment" onFinish={pay}
        initialValues={{ amount: state.pendingPaise > 0 ? toRupees(state.pendingPaise) : null, mode: DEFAULT_PAYMENT_MODE, date: dayjs() }}
      >
        <Form.Item label="Amount" name="amount" required rules={[paiseRule]}>
          <MoneyInput style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Payment Mode" name="mode" required>
          <Select options={PAYMENT_MODES} style={{ width: 200 }} allowClear placeholder="Select mode" />
        </Form.Item>
        <Form.Item label="Account" name="account" tooltip="Where the money went, or a reference such as a card slip or UTR">
          <Input maxLength={100} style={{ maxWidth: 360 }} />
        </Form.Item>
        <DateItem label="Date" name="date" picker={{ disabledDate: (d) => d.isAfter(dayjs(), 'day'), style: { width: 'auto' } }} />
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} disabled={state.pendingPaise <= 0}>Pay</Button>
          <Button onClick={() => navigate(`/fees/records/${studentId}`)}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}

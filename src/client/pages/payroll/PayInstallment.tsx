/**
 * The payslip's installment form (spec 2 §4, §5): amount (at most what is pending), date, the
 * finance account it is paid from, the payment mode and the expense category; the server records
 * it as an expense that debits that account.
 */
import dayjs from 'dayjs';
import { Button, Card, Form, Input, Select } from 'antd';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { toPaise } from '../../../shared/money.js';
import { DateItem } from '../../framework/DateInput.js';
import { PICKER } from '../../framework/pickers.js';

const PAY = declaredCall('payslips.installment');
const PAYLOAD = PAY.def.payload!;
const rules = (field: string) => payloadRules(PAYLOAD, field);
const TOO_MUCH = PAY.def.errors!.tooMuch!;

interface Values { amount_paid?: number; payment_date?: dayjs.Dayjs; exp_debit_account?: number; exp_payment_mode?: number; exp_category?: number; payment_mode_details?: string }

const choices = (rows: Array<{ id: number; name: string }> | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

export function PayInstallment({ slip, onPaid }: { slip: CallData<'payslips.view'>; onPaid: () => unknown }) {
  const [form] = Form.useForm<Values>();
  const pay = useDeclaredCall('payslips.installment');
  const { busy, run } = useBusyAction();
  const read = useDeclaredQuery('payslips.payOptions');
  const options = read.query.isSuccess ? read.result?.data : undefined;
  const accounts = choices(options?.accounts);
  const modes = choices(options?.modes);
  const categories = choices(options?.categories);
  const submit = (v: Values) => run(async () => {
    await pay({ body: {
      payment_id: slip.id, amount_paid: v.amount_paid!, payment_date: v.payment_date!.format('YYYY-MM-DD'),
      exp_debit_account: v.exp_debit_account!, exp_payment_mode: v.exp_payment_mode!, exp_category: v.exp_category!,
      payment_mode_details: v.payment_mode_details?.trim() || null,
    } });
    form.resetFields();
    await onPaid();
  });
  const notAbovePending = {
    validator: (_: unknown, value: unknown) => (value == null || toPaise(Number(value)) <= toPaise(slip.pending) ? Promise.resolve() : Promise.reject(new Error(TOO_MUCH))),
  };
  return (
    <Card title="Pay Installment" size="small" style={{ maxWidth: 520 }}>
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={busy} initialValues={{ amount_paid: slip.pending, payment_date: dayjs() }}>
        <Form.Item label="Amount" name="amount_paid" rules={[...rules('amount_paid'), paiseRule, notAbovePending]}>
          <MoneyInput style={{ width: '100%' }} />
        </Form.Item>
        <DateItem label="Payment Date" name="payment_date" rules={rules('payment_date')} picker={{ disabledDate: (d) => d.isAfter(dayjs(), 'day') }} />
        <Form.Item label="Pay From Account" name="exp_debit_account" rules={rules('exp_debit_account')}>
          <Select options={accounts} {...PICKER} placeholder="Account" />
        </Form.Item>
        <Form.Item label="Payment Mode" name="exp_payment_mode" rules={rules('exp_payment_mode')}>
          <Select options={modes} {...PICKER} placeholder="Payment mode" />
        </Form.Item>
        <Form.Item label="Expense Category" name="exp_category" rules={rules('exp_category')}>
          <Select options={categories} {...PICKER} placeholder="Category" />
        </Form.Item>
        <Form.Item label="Payment Details" name="payment_mode_details" rules={rules('payment_mode_details')}>
          <Input maxLength={300} placeholder="Cheque or transfer reference" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>Pay Installment</Button>
      </Form>
    </Card>
  );
}

/**
 * Add/Update Expenses (/finance/expenses/new): name, category, vendor, account, amount and tax
 * with the total (amount + tax) shown read-only, the first installment paid now, date (today by
 * default), payment mode and details, description and attachments. The server computes the
 * total again and refuses one that does not agree.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useList } from '@refinedev/core';
import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { WIRE_DATE } from '../../framework/dates.js';
import { formatMoney } from '../../framework/format.js';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { errorNotification } from '../../framework/notify.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { uploadRule } from '../../framework/upload.js';
import { AttachmentsInput, type StoredAttachment } from '../../framework/AttachmentsInput.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, type CallInput } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { DateItem } from '../../framework/DateInput.js';
import { PICKER } from '../../framework/pickers.js';

const CREATE = declaredCall('finance-expenses.create').def.payload!;
const CREATE_ERRORS = declaredCall('finance-expenses.create').def.errors!;
const rules = (field: string) => payloadRules(CREATE, field);
const KIND = 'expense-files';
const ATTACHMENT = uploadRule(KIND);
type Body = CallInput<'finance-expenses.create'>['body'];

interface Values {
  name: string; exp_cat_id: number; vendor_id?: number; account_id: number; amount: number; tax?: number;
  installment_amount: number; date: Dayjs; payment_mode_id?: number; payment_details?: string; description?: string;
}

/** amount + tax in whole paise, as the server computes it. */
export const expenseTotal = (amount: unknown, tax: unknown): number => toRupees(toPaise(Number(amount) || 0) + toPaise(Number(tax) || 0));

function usePicker(resource: string) {
  const q = useList<{ id: number; name: string }>({ resource, pagination: { mode: 'off' }, errorNotification });
  return (q.result?.data ?? []).map((r) => ({ value: r.id, label: r.name }));
}

export default function ExpenseForm(_props: PageProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form);
  const tax = Form.useWatch('tax', form);
  const total = expenseTotal(amount, tax);
  const categories = usePicker('finance-expense-categories');
  const vendors = usePicker('finance-vendors');
  const accounts = usePicker('finance-accounts');
  const modes = usePicker('finance-payment-modes');
  const create = useDeclaredCall('finance-expenses.create', { errorToast: false });
  const { busy, run } = useBusyAction();
  const [files, setFiles] = useState<StoredAttachment[]>([]);
  const [sending, setSending] = useState(0);
  const uploading = sending > 0;

  const save = (v: Values) => run(async () => {
    const body: Body = {
      name: v.name.trim(), exp_cat_id: v.exp_cat_id, account_id: v.account_id, vendor_id: v.vendor_id ?? null,
      amount: v.amount, tax: v.tax ?? 0, total_amount: expenseTotal(v.amount, v.tax), installment_amount: v.installment_amount,
      date: v.date.format(WIRE_DATE), payment_mode_id: v.payment_mode_id ?? null, payment_details: v.payment_details?.trim() || null,
      description: v.description?.trim() || null,
      files: files.map((f) => ({ path: f.path, name: f.name ?? f.path, url: f.path })),
    };
    const saved = await create({ body });
    navigate(`/finance/expense/${saved.id}/details`);
  }, { problem: (Number(v.installment_amount) || 0) > expenseTotal(v.amount, v.tax) ? CREATE_ERRORS.amount : null });

  return (
    <Card title="Add/Update Expenses" style={{ maxWidth: 760 }}>
      <Form<Values> form={form} layout="vertical" name="expense" onFinish={save} disabled={busy} initialValues={{ date: dayjs(), tax: 0 }}>
        <Form.Item label="Expense Name" name="name" rules={rules('name')}><Input maxLength={200} /></Form.Item>
        <Form.Item label="Category" name="exp_cat_id" rules={rules('exp_cat_id')}>
          <Select options={categories} {...PICKER} aria-label="Category" />
        </Form.Item>
        <Form.Item label="Vendor" name="vendor_id"><Select options={vendors} {...PICKER} allowClear aria-label="Vendor" /></Form.Item>
        <Form.Item label="Account" name="account_id" rules={rules('account_id')}>
          <Select options={accounts} {...PICKER} aria-label="Account" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item label="Amount" name="amount" rules={[...rules('amount'), paiseRule]}><MoneyInput style={{ width: 180 }} /></Form.Item>
          <Form.Item label="Tax" name="tax" rules={[...rules('tax'), paiseRule]}><MoneyInput style={{ width: 160 }} /></Form.Item>
          <Form.Item label="Total">
            <Typography.Text strong data-testid="expense-total" aria-label="Total">{formatMoney(total)}</Typography.Text>
          </Form.Item>
        </Space>
        <Form.Item label="Installment Amount" name="installment_amount" rules={[...rules('installment_amount'), paiseRule]} extra="Paid now from the account; 0 when nothing is paid yet">
          <MoneyInput style={{ width: 180 }} />
        </Form.Item>
        <DateItem label="Date" name="date" rules={rules('date')} picker={{ style: { width: 'auto' } }} />
        <Form.Item label="Payment Mode" name="payment_mode_id"><Select options={modes} allowClear aria-label="Payment mode" /></Form.Item>
        <Form.Item label="Payment Details" name="payment_details"><Input maxLength={500} /></Form.Item>
        <Form.Item label="Description" name="description"><Input.TextArea rows={3} maxLength={2000} /></Form.Item>
        <Form.Item label="Attachments" extra={`Allowed: ${ATTACHMENT.accept.replaceAll(',', ', ')}`}>
          <AttachmentsInput kind={KIND} value={files} onChange={setFiles} onSending={setSending} label="Attach Files" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} disabled={uploading}>Save</Button>
          <Button onClick={() => navigate('/finance/expenses/')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}

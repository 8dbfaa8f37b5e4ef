/**
 * An expense's details (/finance/expense/:id/details): category, account, vendor, amount, tax,
 * total, paid and due, its attachments and installments, and Pay Installment, disabled when
 * nothing is due (spec 2 §4). Paying debits the chosen account; the server refuses more than
 * the balance with the spec's message.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useList, useOne } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Select, Space, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { WIRE_DATE } from '../../framework/dates.js';
import { formatDate } from '../../framework/format.js';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { errorNotification } from '../../framework/notify.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import type { ExpenseInstallment } from '../../../generated/entities/finance.js';
import type { EntityRow } from '../../../shared/wire.js';
import { declaredCall } from '../../../shared/calls.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { CsvButton, Money, rupeesOf, stamped, useCsvExport, rowsOf, type CsvColumn } from './financeParts.js';
import { DateItem } from '../../framework/DateInput.js';

const PAY = declaredCall('finance-expenses.pay').def;
const rules = (field: string) => payloadRules(PAY.payload!, field);
/** An installment as the expense's details answer it (its `installments`), with its account's and mode's names. */
type Installment = EntityRow<ExpenseInstallment> & { account: string | null; payment_mode: string | null };
interface Values { paid_amount: number; account_id: number; payment_mode_id?: number; payment_details?: string; payment_date: Dayjs }

const CSV: Array<CsvColumn<Installment>> = [
  ['Date', (r) => formatDate(r.payment_date)], ['Amount', (r) => rupeesOf(r.paid_amount)], ['Account', (r) => r.account],
  ['Payment Mode', (r) => r.payment_mode], ['Payment Details', (r) => r.payment_details],
];

/** What is still due on an expense, in rupees exact to the paisa. */
export const dueOf = (e: Record<string, unknown>): number => toRupees(toPaise(Number(e.total_amount) || 0) - toPaise(Number(e.paid_amount) || 0));

export default function ExpenseDetails({ resource }: PageProps) {
  const id = Number(useParams().id);
  const expense = useOne<Record<string, any>>({ resource: 'finance-expenses', id, queryOptions: { enabled: Number.isInteger(id) }, errorNotification });
  const accounts = useList<{ id: number; name: string }>({ resource: 'finance-accounts', pagination: { mode: 'off' }, errorNotification });
  const modes = useList<{ id: number; name: string }>({ resource: 'finance-payment-modes', pagination: { mode: 'off' }, errorNotification });
  const canPay = usePageButton(resource, 'details', 'pay');
  const pay = useDeclaredCall('finance-expenses.pay', { errorToast: false });
  const exportCsv = useCsvExport();
  const { busy, run } = useBusyAction();
  const [paying, setPaying] = useState(false);
  const [form] = Form.useForm<Values>();

  if (!Number.isInteger(id)) return <Alert type="error" showIcon message="Invalid Link" />;
  if (expense.query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  const e = expense.result;
  if (!e) return <Alert type="error" showIcon message="Expense not found" />;
  const due = dueOf(e);
  const rows = rowsOf<Installment>(e.installments);
  const option = (r: { id: number; name: string }) => ({ value: r.id, label: r.name });

  const submit = (v: Values) => run(async () => {
    await pay({
      body: {
        expense_id: id, paid_amount: v.paid_amount, account_id: v.account_id, payment_mode_id: v.payment_mode_id ?? null,
        payment_details: v.payment_details?.trim() || null, payment_date: v.payment_date.format(WIRE_DATE),
      },
    });
    setPaying(false);
    await expense.query.refetch();
  }, { problem: !(v.paid_amount > 0) || toPaise(v.paid_amount) > toPaise(due) ? PAY.errors!.amount : null });

  const columns: ColumnsType<Installment> = [
    { key: 'date', title: 'Date', render: (_v, r) => formatDate(r.payment_date) },
    { key: 'amount', title: 'Amount', align: 'right', render: (_v, r) => <Money value={r.paid_amount} /> },
    { key: 'account', dataIndex: 'account', title: 'Account' },
    { key: 'mode', dataIndex: 'payment_mode', title: 'Payment Mode' },
    { key: 'details', dataIndex: 'payment_details', title: 'Details' },
  ];
  const files = (e.files ?? []) as Array<{ name: string; url?: string | null; path: string }>;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={e.name}
        extra={(
          <Space wrap>
            <Link to={`/finance/expense/${id}`}><Button>Edit</Button></Link>
            {canPay && (
              <Button
                type="primary" disabled={due <= 0}
                onClick={() => { form.setFieldsValue({ paid_amount: due, account_id: e.account_id, payment_mode_id: e.payment_mode_id ?? undefined, payment_date: dayjs() }); setPaying(true); }}
              >
                Pay Installment
              </Button>
            )}
          </Space>
        )}
      >
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label="Category">{e.category}</Descriptions.Item>
          <Descriptions.Item label="Account">{e.account}</Descriptions.Item>
          <Descriptions.Item label="Vendor">{e.vendor ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Date">{formatDate(e.date)}</Descriptions.Item>
          <Descriptions.Item label="Amount"><Money value={e.amount} /></Descriptions.Item>
          <Descriptions.Item label="Tax"><Money value={e.tax} /></Descriptions.Item>
          <Descriptions.Item label="Total"><strong data-testid="expense-total"><Money value={e.total_amount} /></strong></Descriptions.Item>
          <Descriptions.Item label="Paid"><span data-testid="expense-paid"><Money value={e.paid_amount} /></span></Descriptions.Item>
          <Descriptions.Item label="Due"><strong data-testid="expense-due"><Money value={due} /></strong></Descriptions.Item>
          <Descriptions.Item label="Payment Mode">{e.payment_mode ?? '—'}</Descriptions.Item>
          {e.description && <Descriptions.Item label="Description" span={2}>{e.description}</Descriptions.Item>}
          {files.length > 0 && (
            <Descriptions.Item label="Attachments" span={2}>
              <Space wrap>{files.map((f) => <a key={f.path} href={f.url ?? f.path} target="_blank" rel="noreferrer">{f.name}</a>)}</Space>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title="Installments" extra={<CsvButton onClick={() => exportCsv(stamped(`expense_${id}_installments`), CSV, rows)} />}>
        <Table<Installment> rowKey="id" columns={columns} dataSource={rows} size="middle" scroll={{ x: true }} pagination={false} />
      </Card>
      <Modal title="Pay Installment" open={paying} onCancel={() => setPaying(false)} onOk={() => form.submit()} okText="Pay" confirmLoading={busy} destroyOnHidden>
        <Form<Values> form={form} layout="vertical" name="pay-installment" onFinish={submit} preserve>
          <Form.Item label="Amount Paying" name="paid_amount" rules={[...rules('paid_amount'), paiseRule]} extra={<>Balance: <Money value={due} /></>}>
            <MoneyInput style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Account" name="account_id" rules={rules('account_id')}>
            <Select options={(accounts.result?.data ?? []).map(option)} aria-label="Account" />
          </Form.Item>
          <Form.Item label="Payment Mode" name="payment_mode_id"><Select options={(modes.result?.data ?? []).map(option)} allowClear aria-label="Payment mode" /></Form.Item>
          <Form.Item label="Payment Details" name="payment_details"><Input maxLength={500} /></Form.Item>
          <DateItem label="Payment Date" name="payment_date" rules={rules('payment_date')} picker={{ style: { width: 'auto' } }} />
        </Form>
      </Modal>
    </Space>
  );
}

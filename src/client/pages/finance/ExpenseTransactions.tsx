/**
 * Expense transactions report (/finance/expense/reports): the expenses of a period, narrowed by
 * category, payment mode, account and vendor, with their total (the server's sum); not paged
 * (spec 2 §9). Printed through /finance/reports/expense/transactions/print, exported as CSV.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Select, Space, Table } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { CsvButton, ReportForm, useCsvExport } from '../fees/reportParts.js';
import { isoDay } from '../fees/reportsModel.js';
import { EXPENSE_CSV, type ExpenseRow, type TransactionsPrint } from './expenseReportModel.js';
import { DateRangeInput, validDate } from '../../framework/DateInput.js';
import { PICKER } from '../../framework/pickers.js';

interface Values { cat_id?: number; payment_mode?: number; account_id?: number; vendor_id?: number; range?: [Dayjs | null, Dayjs | null] | null }

/** The pickers, each over a finance list. */
const PICKERS = [
  { name: 'cat_id', label: 'Category' }, { name: 'payment_mode', label: 'Payment Mode' },
  { name: 'account_id', label: 'Account' }, { name: 'vendor_id', label: 'Vendor' },
] as const;

type Option = { value: number; label: string };

/** A finance list read whole, as picker options. */
function useOptions(resource: string): Option[] {
  const list = useList<{ id: number; name: string }>({ resource, pagination: { mode: 'off' }, errorNotification: false });
  return (list.result?.data ?? []).map((r) => ({ value: r.id, label: r.name }));
}

export default function ExpenseTransactions(_props: PageProps) {
  const navigate = useNavigate();
  const report = useDeclaredCall('finance-reports.expense', { toast: false });
  const exportCsv = useCsvExport();
  const [form] = Form.useForm<Values>();
  const [shown, setShown] = useState<TransactionsPrint | null>(null);
  const [busy, setBusy] = useState(false);
  const options: Record<(typeof PICKERS)[number]['name'], Option[]> = {
    cat_id: useOptions('finance-expense-categories'), payment_mode: useOptions('finance-payment-modes'),
    account_id: useOptions('finance-accounts'), vendor_id: useOptions('finance-vendors'),
  };

  const show = async (v: Values) => {
    const start = v.range?.[0] ? isoDay(v.range[0]) : undefined;
    const end = v.range?.[1] ? isoDay(v.range[1]) : undefined;
    const ids = Object.fromEntries(PICKERS.flatMap((p) => (v[p.name] ? [[p.name, String(v[p.name])]] : [])));
    setBusy(true);
    try {
      const data = await report({ query: { filter: 'all', ...ids, ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) } });
      // What the print view says the report is of: the pickers' chosen names.
      const filters = PICKERS.filter((p) => v[p.name]).map((p) => `${p.label}: ${options[p.name].find((o) => o.value === v[p.name])?.label ?? v[p.name]}`).join(', ');
      setShown({ start, end, filters, rows: data.rows as ExpenseRow[], total_amount: data.total_amount });
    } catch {
      // The server's refusal is shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Expense Transactions"
      extra={
        <Space wrap>
          <Button icon={<PrinterOutlined />} disabled={!shown} onClick={() => navigate('/finance/reports/expense/transactions/print', { state: shown })}>Print</Button>
          <CsvButton disabled={!shown} onClick={() => shown && exportCsv('expense_transactions.csv', EXPENSE_CSV, shown.rows)} />
        </Space>
      }
    >
      <ReportForm<Values> form={form} name="expense-transactions" onFinish={(v) => void show(v)} busy={busy}>
        {PICKERS.map((p) => (
          <Form.Item key={p.name} label={p.label} name={p.name}>
            <Select aria-label={p.label} allowClear placeholder="All" style={{ width: 160 }} {...PICKER} options={options[p.name]} />
          </Form.Item>
        ))}
        <Form.Item label="Period" name="range" rules={[validDate]}>
          <DateRangeInput allowEmpty={[true, true]} placeholder={['Start date', 'End date']} />
        </Form.Item>
      </ReportForm>
      <Table<ExpenseRow>
        rowKey="id" size="middle" pagination={false} scroll={{ x: true }} dataSource={shown?.rows ?? []} loading={busy} data-testid="expense-transactions"
        locale={{ emptyText: shown ? 'No expenses match' : 'Choose the filters and the period, then Show' }}
        columns={[
          { key: 'date', title: 'Date', render: (_v, r) => formatDate(r.date) },
          { key: 'title', title: 'Expense', dataIndex: 'title' },
          { key: 'exp_category', title: 'Category', dataIndex: 'exp_category' },
          { key: 'vendor', title: 'Vendor', dataIndex: 'vendor' },
          { key: 'payment_mode', title: 'Payment Mode', dataIndex: 'payment_mode' },
          { key: 'account', title: 'Account', dataIndex: 'account' },
          { key: 'total', title: 'Total Amount', align: 'right', render: (_v, r) => formatMoney(r.total_amount) },
        ]}
        summary={() => (!shown ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right"><strong data-testid="expense-transactions-total">{formatMoney(shown.total_amount)}</strong></Table.Summary.Cell>
          </Table.Summary.Row>
        ))}
      />
    </Card>
  );
}

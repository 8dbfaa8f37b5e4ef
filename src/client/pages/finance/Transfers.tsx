/**
 * Internal transfers (/finance/transfer/): money moved from one of the school's accounts to
 * another, both legs of each (the account credited and the one debited) with date and 12-hour
 * time, over a date range; and a form making a transfer (a deposit of type Transfer, which the
 * server writes as one credit and one debit in one transaction).
 */
import { useList } from '@refinedev/core';
import { App, Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { WIRE_DATE } from '../../framework/dates.js';
import { formatDate, formatDateTime } from '../../framework/format.js';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { errorNotification } from '../../framework/notify.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { resourceCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { resourceByName } from '../../../shared/registry.js';
import { CsvButton, Money, RangePicker, rupeesOf, stamped, useCsvExport, useDateRange, rowsOf, type CsvColumn } from './financeParts.js';
import { DateItem } from '../../framework/DateInput.js';
import { PICKER } from '../../framework/pickers.js';

type Row = CallData<'finance-accounts.transfers'>[number];
interface Values { name: string; from_account: number; fin_account_id: number; amount: number; date: Dayjs }

const CSV: Array<CsvColumn<Row>> = [
  ['Date', (r) => formatDate(r.date)], ['Time', (r) => formatDateTime(r.created_at, 'hh:mm A')], ['Name', (r) => r.name],
  ['Account', (r) => r.account], ['Type', (r) => r.type], ['Amount', (r) => rupeesOf(r.amount)],
];
const deposit = resourceByName('finance-deposits');
const rule = (f: string) => payloadRules(deposit.schema, f);
/** A transfer's debit account: the schema leaves it optional (other deposits have none); the deposit hooks refuse a transfer without one in these words. */
const FROM_ACCOUNT_REQUIRED = 'Please select the account the money is transferred from';

export default function Transfers({ resource }: PageProps) {
  const { range, setRange, query } = useDateRange();
  const transfers = useDeclaredQuery('finance-accounts.transfers', { query });
  const accounts = useList<{ id: number; name: string }>({ resource: 'finance-accounts', pagination: { mode: 'off' }, errorNotification });
  const canTransfer = usePageButton(resource, 'transfers', 'transfer');
    const exportCsv = useCsvExport();
  const { busy, run } = useBusyAction();
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rows = rowsOf<Row>(transfers.result?.data);
  const options = (accounts.result?.data ?? []).map((a) => ({ value: a.id, label: a.name }));

  const transfer = (v: Values) => run(async () => {
    const res = await resourceCall('finance-deposits', 'create', { name: v.name.trim(), deposit_type: 3, from_account: v.from_account, fin_account_id: v.fin_account_id, amount: v.amount, date: v.date.format(WIRE_DATE) });
    notification.success({ message: res.message ?? 'Deposit entry added' });
    form.resetFields();
    await Promise.all([transfers.query.refetch(), accounts.query.refetch()]);
  });

  const columns: ColumnsType<Row> = [
    { key: 'date', title: 'Date', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)} {formatDateTime(r.created_at, 'hh:mm A')}</span> },
    { key: 'name', dataIndex: 'name', title: 'Name' },
    { key: 'account', dataIndex: 'account', title: 'Account' },
    { key: 'type', title: 'Type', render: (_v, r) => <Tag color={r.type === 'credit' ? 'green' : 'red'}>{r.type === 'credit' ? 'Credit' : 'Debit'}</Tag> },
    { key: 'amount', title: 'Amount', align: 'right', render: (_v, r) => <Money value={r.amount} /> },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {canTransfer && (
        <Card title="New Transfer">
          <Form<Values> form={form} layout="vertical" name="transfer" onFinish={transfer} initialValues={{ date: dayjs() }} style={{ maxWidth: 520 }}>
            <Form.Item label="Title" name="name" rules={rule('name')}><Input /></Form.Item>
            <Form.Item label="From Account (debit)" name="from_account" rules={[{ required: true, message: FROM_ACCOUNT_REQUIRED }]}>
              <Select options={options} {...PICKER} aria-label="From account" />
            </Form.Item>
            <Form.Item label="To Account (credit)" name="fin_account_id" rules={rule('fin_account_id')}>
              <Select options={options} {...PICKER} aria-label="To account" />
            </Form.Item>
            <Form.Item label="Amount" name="amount" rules={[...rule('amount'), paiseRule]}><MoneyInput style={{ width: '100%' }} /></Form.Item>
            <DateItem label="Date" name="date" rules={rule('date')} />
            <Button type="primary" htmlType="submit" loading={busy}>Transfer</Button>
          </Form>
        </Card>
      )}
      <Card title="Internal Transfers" extra={<CsvButton onClick={() => exportCsv(stamped('transfers'), CSV, rows)} />}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <RangePicker range={range} onChange={setRange} />
          <Table<Row> rowKey="id" columns={columns} dataSource={rows} loading={transfers.query.isLoading} size="middle" scroll={{ x: true }} pagination={{ pageSize: 50, showSizeChanger: false }} />
        </Space>
      </Card>
    </Space>
  );
}


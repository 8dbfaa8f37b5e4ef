/**
 * One account's transactions (/finance/account/:id) over a date range, the start of this month
 * to today unless another is picked: the account's credit, debit and balance, each
 * transaction's date, name, type and amount, and a CSV of what is shown.
 */
import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { Alert, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { formatDate } from '../../framework/format.js';
import { errorNotification } from '../../framework/notify.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { CsvButton, Figure, Money, RangePicker, rupeesOf, stamped, useCsvExport, useDateRange, rowsOf, type CsvColumn } from './financeParts.js';

type Row = CallData<'finance-accounts.transactions'>[number];

const TYPES: Record<number, { label: string; color: string }> = { 0: { label: 'Credit', color: 'green' }, 1: { label: 'Debit', color: 'red' } };
const CSV: Array<CsvColumn<Row>> = [
  ['Date', (r) => formatDate(r.date)], ['Name', (r) => r.name], ['Type', (r) => TYPES[r.txn_type]?.label], ['Amount', (r) => rupeesOf(r.amount)],
];

export default function AccountTransactions(_props: PageProps) {
  const id = Number(useParams().id);
  const { range, setRange, query } = useDateRange();
  const account = useOne<Record<string, any>>({ resource: 'finance-accounts', id, queryOptions: { enabled: Number.isInteger(id) }, errorNotification });
  const txns = useDeclaredQuery('finance-accounts.transactions', { params: { id }, query }, { enabled: Number.isInteger(id) });
  const exportCsv = useCsvExport();
  if (!Number.isInteger(id)) return <Alert type="error" showIcon message="Invalid Link" />;
  const a = account.result;
  const rows = rowsOf<Row>(txns.result?.data);
  const columns: ColumnsType<Row> = [
    { key: 'date', title: 'Date', render: (_v, r) => formatDate(r.date) },
    { key: 'name', dataIndex: 'name', title: 'Name' },
    { key: 'type', title: 'Type', render: (_v, r) => <Tag color={TYPES[r.txn_type]?.color}>{TYPES[r.txn_type]?.label}</Tag> },
    { key: 'amount', title: 'Amount', align: 'right', render: (_v, r) => <Money value={r.amount} /> },
  ];
  return (
    <Card
      title={a ? `${a.name} Transactions` : 'Transactions'}
      extra={<CsvButton onClick={() => exportCsv(stamped(`transactions_${a?.name ?? id}`), CSV, rows)} />}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {a && (
          <Space wrap size="large">
            <Figure label="Credit" value={a.credit} /><Figure label="Debit" value={a.debit} /><Figure label="Balance" value={a.balance} testId="account-balance" />
          </Space>
        )}
        <RangePicker range={range} onChange={setRange} />
        <Table<Row> rowKey="id" columns={columns} dataSource={rows} loading={txns.query.isLoading} size="middle" scroll={{ x: true }} pagination={{ pageSize: 50, showSizeChanger: false }} />
      </Space>
    </Card>
  );
}

/**
 * Deposits (/finance/income/): money that came in over a date range (the start of this month to
 * today unless another is picked), with the account credited and, for a transfer, the account
 * debited; delete with the spec's reminder for a transfer, a New Deposit button, a CSV export.
 */
import { Link } from 'react-router';
import { App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { enumLabels, formatDate } from '../../framework/format.js';
import { usePageButton, useAllowed } from '../../framework/useAccess.js';
import { callDeclared, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { CsvButton, Money, RangePicker, rupeesOf, stamped, useCsvExport, useDateRange, rowsOf, type CsvColumn } from './financeParts.js';

type Row = CallData<'finance-deposits.list'>[number];

export default function Deposits({ resource }: PageProps) {
  const types = enumLabels(resource.schema.properties.deposit_type);
  const typeOf = (r: Row) => types.get(String(r.deposit_type)) ?? '';
  const { range, setRange, query } = useDateRange();
  const deposits = useDeclaredQuery('finance-deposits.list', { query });
  const canRemove = usePageButton(resource, 'list', 'remove');
  const canAdd = useAllowed(resource, 'create');
  const exportCsv = useCsvExport();
  const { notification } = App.useApp();
  const rows = rowsOf<Row>(deposits.result?.data);

  const remove = async (r: Row) => {
    try {
      const res = await callDeclared('finance-deposits.remove', { params: { id: r.id } });
      notification.success({ message: res.message ?? 'Deposit deleted!' });
    } catch (e) {
      notification.error({ message: errorText(e) || 'Something went wrong!' });
    }
    await deposits.query.refetch();
  };

  const csv: Array<CsvColumn<Row>> = [
    ['Date', (r) => formatDate(r.date)], ['Title', (r) => r.name], ['Type', typeOf], ['Account', (r) => r.account],
    ['Debit Account', (r) => r.from_account_name], ['Mode', (r) => r.mode], ['Amount', (r) => rupeesOf(r.amount)], ['Description', (r) => r.description],
  ];
  const columns: ColumnsType<Row> = [
    { key: 'date', title: 'Date', render: (_v, r) => formatDate(r.date) },
    { key: 'name', dataIndex: 'name', title: 'Title' },
    { key: 'type', title: 'Type', render: (_v, r) => <Tag color={r.deposit_type === 3 ? 'purple' : 'blue'}>{typeOf(r)}</Tag> },
    { key: 'account', title: 'Account', render: (_v, r) => (r.deposit_type === 3 ? `${r.account} (from ${r.from_account_name ?? '—'})` : r.account) },
    { key: 'amount', title: 'Amount', align: 'right', render: (_v, r) => <Money value={r.amount} /> },
    ...(canRemove ? [{
      key: 'actions', title: 'Actions', render: (_v: unknown, r: Row) => (
        <Popconfirm title="Delete this deposit?" okText="Yes" cancelText="No" onConfirm={() => remove(r)}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${r.name}`} />
        </Popconfirm>
      ),
    }] : []),
  ];
  return (
    <Card
      title="Deposits"
      extra={(
        <Space wrap>
          <CsvButton onClick={() => exportCsv(stamped('deposits'), csv, rows)} />
          {canAdd && <Link to="/finance/income/new"><Button type="primary" icon={<PlusOutlined />}>New Deposit</Button></Link>}
        </Space>
      )}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <RangePicker range={range} onChange={setRange} />
        <Table<Row> rowKey="id" columns={columns} dataSource={rows} loading={deposits.query.isLoading} size="middle" scroll={{ x: true }} pagination={{ pageSize: 50, showSizeChanger: false }} />
      </Space>
    </Card>
  );
}

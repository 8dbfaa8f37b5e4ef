/**
 * Students report of one fee item (/fees/reports/item?class_id&ac_year_id&item_id or item_name):
 * the class's students billed for the item in the year (GET /reports/fees/{class}/{year}/?item_id=
 * or ?item_name= for the lines without an item, Transportation and Miscellaneous), each linking
 * to the student's fee records, with the totals and a CSV.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useCustom, useList, useOne } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import { errorNotification } from '../../framework/notify.js';
import { formatDateTime } from '../../framework/format.js';
import { compareValues, sameValue } from '../../framework/calls.js';
import { optionLabel } from '../../framework/labels.js';
import { Money, PAGE_SIZE, moneyColumn, serialColumn, useCsvExport } from './reportParts.js';
import { ITEM_STUDENTS_CSV, classFilePart, itemStudentsCall, sumRupees, type ItemStudentRow } from './reportsModel.js';

export default function FeeItemStudents(_props: PageProps) {
  const [params] = useSearchParams();
  const classId = params.get('class_id');
  const yearId = params.get('ac_year_id');
  const itemId = params.get('item_id');
  const itemName = params.get('item_name');
  const exportCsv = useCsvExport();
  const [page, setPage] = useState(1);

  const url = itemStudentsCall(classId, yearId, itemId, itemName);
  const { result, query } = useCustom<ItemStudentRow[]>({ url: url ?? '', method: 'get', errorNotification, queryOptions: { enabled: url !== null } });
  const item = useOne({ resource: 'fee-items', id: itemId ?? '', queryOptions: { enabled: Boolean(itemId) && !itemName }, errorNotification: false });
  const classes = useList({ resource: 'classes', pagination: { mode: 'off' }, errorNotification: false });
  const years = useList({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification: false });
  const klass = ((classes.result?.data ?? []) as Array<Record<string, any>>).find((c) => sameValue(c.id, classId));
  const year = ((years.result?.data ?? []) as Array<Record<string, any>>).find((y) => sameValue(y.id, yearId));

  const rows = useMemo(() => (url !== null && Array.isArray(result?.data) ? (result.data as ItemStudentRow[]) : []), [url, result]);
  const name = itemName ?? ((item.result as Record<string, any> | undefined)?.name as string | undefined) ?? '';

  if (url === null) return <Alert type="warning" showIcon message="Choose a fee item on the fee reports" action={<Link to="/fees/reports/">Fee Reports</Link>} />;

  const columns: ColumnsType<ItemStudentRow> = [
    serialColumn(page),
    { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No', sorter: (a, b) => compareValues(a.admission_no, b.admission_no) },
    { key: 'fullname', title: 'Name', sorter: (a, b) => compareValues(a.fullname, b.fullname), render: (_v, r) => <Link to={`/fees/records/${r.student_id}`}>{r.fullname}</Link> },
    { key: 'fee_name', dataIndex: 'fee_name', title: 'Bill' },
    { key: 'date', title: 'Date', sorter: (a, b) => compareValues(a.date, b.date), render: (_v, r) => formatDateTime(r.date, 'DD-MM-YYYY') },
    { key: 'item_quantity', dataIndex: 'item_quantity', title: 'Quantity', align: 'right' },
    moneyColumn('item_amount', 'Item Amount'),
    moneyColumn('total_amount', 'Bill Total'),
    moneyColumn('paid_amount', 'Bill Paid'),
    moneyColumn('discount_amount', 'Discount'),
  ];

  return (
    <Card
      title={`Fee Item: ${name}`}
      extra={(
        <Space wrap>
          <Link to="/fees/reports/">Fee Reports</Link>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => exportCsv(`fee_item_${(name || 'item').replace(/[^\w.-]+/g, '_')}_class_${classFilePart(klass, classId)}.csv`, ITEM_STUDENTS_CSV, rows)}
          >
            Export CSV
          </Button>
        </Space>
      )}
    >
      <Typography.Paragraph type="secondary">
        {`Class ${klass ? optionLabel(klass, 'class-section') : classId}, academic year ${year ? optionLabel(year, 'name') : yearId}`}
      </Typography.Paragraph>
      <Table<ItemStudentRow>
        rowKey="payment_id"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        size="middle"
        scroll={{ x: true }}
        onChange={(p) => setPage(p.current ?? 1)}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: (t) => `${t} students` }}
        summary={() => (rows.length === 0 ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right"><strong>{rows.reduce((s, r) => s + (Number(r.item_quantity) || 0), 0)}</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right"><strong data-testid="item-total"><Money value={sumRupees(rows, (r) => r.item_amount)} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right"><strong><Money value={sumRupees(rows, (r) => r.total_amount)} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right"><strong><Money value={sumRupees(rows, (r) => r.paid_amount)} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={9} align="right"><strong><Money value={sumRupees(rows, (r) => r.discount_amount)} /></strong></Table.Summary.Cell>
          </Table.Summary.Row>
        ))}
      />
    </Card>
  );
}

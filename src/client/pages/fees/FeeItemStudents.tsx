/**
 * Students report of one fee item (/fees/reports/item?class_id&ac_year_id&item_id or item_name):
 * the class's students billed for the item in the year (GET /reports/fees/{class}/{year}/?item_id=
 * or ?item_name= for the lines without an item, Transportation and Miscellaneous), each linking
 * to the student's fee records, with the totals and a CSV.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCustom, useOne } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import { errorNotification } from '../../framework/notify.js';
import { formatDateTime } from '../../framework/format.js';
import { compareValues } from '../../framework/calls.js';
import {
  CsvButton, ReportTable, TotalMoney, admissionNoColumn, moneyColumn, studentColumn, useClassAndYear, useCsvExport,
} from './reportParts.js';
import { ITEM_STUDENTS_CSV, classFilePart, itemStudentsCall, sumRupees, type ItemStudentRow } from './reportsModel.js';
import type { FeeItem } from './feesModel.js';
import { DATE_FORMAT } from '../../framework/dates.js';

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
  const item = useOne<FeeItem>({ resource: 'fee-items', id: itemId ?? '', queryOptions: { enabled: Boolean(itemId) && !itemName }, errorNotification: false });
  const { klass, scope } = useClassAndYear(classId, yearId);

  const rows = useMemo(() => (url !== null && Array.isArray(result?.data) ? result.data : []), [url, result]);
  const name = itemName ?? item.result?.name ?? '';

  if (url === null) return <Alert type="warning" showIcon message="Choose a fee item on the fee reports" action={<Link to="/fees/reports/">Fee Reports</Link>} />;

  const columns: ColumnsType<ItemStudentRow> = [
    admissionNoColumn(),
    studentColumn(),
    { key: 'fee_name', dataIndex: 'fee_name', title: 'Bill' },
    { key: 'date', title: 'Date', sorter: (a, b) => compareValues(a.date, b.date), render: (_v, r) => formatDateTime(r.date, DATE_FORMAT) },
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
          <CsvButton onClick={() => exportCsv(`fee_item_${(name || 'item').replace(/[^\w.-]+/g, '_')}_class_${classFilePart(klass, classId)}.csv`, ITEM_STUDENTS_CSV, rows)} />
        </Space>
      )}
    >
      {scope && <Typography.Paragraph type="secondary">{scope}</Typography.Paragraph>}
      <ReportTable<ItemStudentRow>
        rowKey="payment_id" columns={columns} rows={rows} loading={query.isFetching} page={page} onPage={setPage} unit="student"
        totals={rows.length === 0 ? null : {
          span: 5,
          figures: [
            <strong>{rows.reduce((s, r) => s + (Number(r.item_quantity) || 0), 0)}</strong>,
            <TotalMoney value={sumRupees(rows, (r) => r.item_amount)} testId="item-total" />,
            <TotalMoney value={sumRupees(rows, (r) => r.total_amount)} />,
            <TotalMoney value={sumRupees(rows, (r) => r.paid_amount)} />,
            <TotalMoney value={sumRupees(rows, (r) => r.discount_amount)} />,
          ],
        }}
      />
    </Card>
  );
}

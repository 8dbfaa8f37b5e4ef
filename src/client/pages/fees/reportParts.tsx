/**
 * Pieces the fee report screens share: the CSV export that says 'No data to export' for an
 * empty report, money cells, and the fee items table (class report and fee items report).
 */
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { App, DatePicker, Form, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { downloadCsv } from '../../framework/csv.js';
import { formatMoney } from '../../framework/format.js';
import { compareValues } from '../../framework/calls.js';
import {
  DATE_RANGE_REQUIRED, csvOf, dateRangeError, itemKey, paiseOf, rupeesOf, sumRupees, type CsvColumn, type FeeItemRow,
} from './reportsModel.js';

export const NO_DATA = 'No data to export';
export const PAGE_SIZE = 50;

/** Downloads rows as a CSV file, or says there is nothing to export. */
export function useCsvExport() {
  const { notification } = App.useApp();
  return useCallback(<T,>(filename: string, columns: Array<CsvColumn<T>>, rows: T[]) => {
    if (rows.length === 0) {
      notification.warning({ message: NO_DATA });
      return;
    }
    downloadCsv(filename, csvOf(columns, rows));
  }, [notification]);
}

/** A rupee amount in a table cell (refunds show negative; nothing for no amount). */
export const Money = ({ value }: { value: unknown }) => (
  value === null || value === undefined || value === '' ? null : <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(rupeesOf(value))}</span>
);

/** A money column: right aligned, sorted by amount. */
export function moneyColumn<T extends Record<string, any>>(key: keyof T & string, title: string): ColumnsType<T>[number] {
  return { key, title, align: 'right', sorter: (a, b) => paiseOf(a[key]) - paiseOf(b[key]), render: (_v, r) => <Money value={r[key]} /> };
}

/** The # column of a paged table. */
export const serialColumn = <T,>(page: number): ColumnsType<T>[number] => ({ key: 'serial', title: '#', width: 56, render: (_v, _r, i) => (page - 1) * PAGE_SIZE + i + 1 });

/**
 * The fee items table: item (a link to its students when `link` is given), unit amount, quantity,
 * count and total, with the totals of the quantity and money in the last row.
 */
export function FeeItemsTable({ rows, loading, link, emptyText }: {
  rows: FeeItemRow[]; loading?: boolean; link?: (r: FeeItemRow) => string; emptyText?: string;
}) {
  const [page, setPage] = useState(1);
  const columns: ColumnsType<FeeItemRow> = [
    serialColumn(page),
    {
      key: 'fee_item_name', title: 'Fee Item', sorter: (a, b) => compareValues(a.fee_item_name, b.fee_item_name),
      render: (_v, r) => (link ? <Link to={link(r)}>{r.fee_item_name}</Link> : r.fee_item_name),
    },
    moneyColumn('amount', 'Amount'),
    { key: 'quantity', dataIndex: 'quantity', title: 'Quantity', align: 'right', sorter: (a, b) => Number(a.quantity) - Number(b.quantity) },
    { key: 'count', dataIndex: 'count', title: 'Count', align: 'right', sorter: (a, b) => Number(a.count) - Number(b.count) },
    moneyColumn('total_amount', 'Total Amount'),
  ];
  return (
    <>
      <Table<FeeItemRow>
        rowKey={itemKey}
        columns={columns}
        dataSource={rows}
        loading={loading}
        size="middle"
        scroll={{ x: true }}
        locale={emptyText ? { emptyText } : undefined}
        onChange={(p) => setPage(p.current ?? 1)}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: false, showTotal: (t) => `${t} fee items` }}
        summary={(data) => (data.length === 0 ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={2} />
            <Table.Summary.Cell index={3} align="right">{rows.reduce((s, r) => s + (Number(r.quantity) || 0), 0)}</Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
            <Table.Summary.Cell index={5} align="right"><strong><Money value={sumRupees(rows, (r) => r.total_amount)} /></strong></Table.Summary.Cell>
          </Table.Summary.Row>
        ))}
      />
      {rows.length > 0 && <Typography.Text type="secondary">Item totals are amount × quantity of the bill lines, before bill discounts.</Typography.Text>}
    </>
  );
}

/** The date range of a report form: both days required ('Start and end dates are required!'). */
export function DateRangeItem({ name = 'range' }: { name?: string }) {
  return (
    <Form.Item label="Date Range" name={name} rules={[{ validator: (_r, v) => (dateRangeError(v) ? Promise.reject(new Error(DATE_RANGE_REQUIRED)) : Promise.resolve()) }]}>
      <DatePicker.RangePicker format="DD-MM-YYYY" allowClear={false} placeholder={['Start date', 'End date']} />
    </Form.Item>
  );
}

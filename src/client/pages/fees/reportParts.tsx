/**
 * Pieces the fee report screens share, so every report pages, totals, links and exports alike:
 * the CSV export that says 'No data to export' for an empty report, money cells, the paged
 * table with its totals row, the student columns, the report form with its Show button, the
 * class and year a report is of, and the fee items table (class report and fee items report).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { App, Button, Form, Table, Typography, type FormInstance, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { downloadCsv } from '../../framework/csv.js';
import { formatMoney } from '../../framework/format.js';
import { compareValues, sameValue } from '../../framework/calls.js';
import { optionLabel } from '../../framework/labels.js';
import {
  DATE_RANGE_REQUIRED, csvOf, dateRangeError, itemKey, paiseOf, pendingOf, rupeesOf, sumRupees, type CsvColumn, type FeeItemRow,
} from './reportsModel.js';
import { totalOf } from '../../../shared/plural.js';
import { DateRangeInput, validDate } from '../../framework/DateInput.js';

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

/** The admission number, sorted. */
export const admissionNoColumn = <T extends { admission_no: string | null }>(): ColumnsType<T>[number] => (
  { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No', sorter: (a, b) => compareValues(a.admission_no, b.admission_no) }
);

/** The student's name, sorted, linking to their fee records. */
export function studentColumn<T extends { fullname: string; student_id?: number }>(
  title = 'Name', studentId: (r: T) => number | undefined = (r) => r.student_id,
): ColumnsType<T>[number] {
  return { key: 'fullname', title, sorter: (a, b) => compareValues(a.fullname, b.fullname), render: (_v, r) => <Link to={`/fees/records/${studentId(r)}`}>{r.fullname}</Link> };
}

type Owed = { total_amount: unknown; paid_amount: unknown; pending_amount?: unknown };

/** What is still owed (the server's pending amount, else total less paid), sorted. */
export const pendingColumn = <T extends Owed>(): ColumnsType<T>[number] => (
  { key: 'pending', title: 'Pending', align: 'right', sorter: (a, b) => pendingOf(a) - pendingOf(b), render: (_v, r) => <Money value={pendingOf(r)} /> }
);

/** A bold amount of a totals row; `testId` names it for the tests. */
export const TotalMoney = ({ value, testId }: { value: unknown; testId?: string }) => <strong data-testid={testId}><Money value={value} /></strong>;

/**
 * A report's table: 50 rows a page behind a # column, the count of `unit` under it, and the
 * totals row when `totals` is given: 'Total' across the first `span` columns (# included), then
 * a cell a figure (null leaves one blank), the columns after them left blank. The page is the
 * caller's, so a screen that loads a new answer can go back to page 1.
 */
export function ReportTable<T extends object>({ rowKey, columns, rows, loading, page, onPage, unit, emptyText, totals }: {
  rowKey: TableProps<T>['rowKey'];
  /** The columns after #. */
  columns: ColumnsType<T>;
  rows: T[];
  loading?: boolean;
  page: number;
  onPage: (page: number) => void;
  /** What a row is, counted under the table: 'student' → '1 student', '12 students'. */
  unit: string;
  emptyText?: string;
  totals?: { span: number; figures: ReactNode[] } | null;
}) {
  const all: ColumnsType<T> = [serialColumn<T>(page), ...columns];
  const rest = totals ? all.length - totals.span - totals.figures.length : 0;
  return (
    <Table<T>
      rowKey={rowKey}
      columns={all}
      dataSource={rows}
      loading={loading}
      size="middle"
      scroll={{ x: true }}
      locale={emptyText ? { emptyText } : undefined}
      onChange={(p) => onPage(p.current ?? 1)}
      pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: totalOf(unit) }}
      summary={() => (!totals ? null : (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={totals.span}><strong>Total</strong></Table.Summary.Cell>
          {totals.figures.map((f, i) => (f === null || f === undefined
            ? <Table.Summary.Cell key={i} index={totals.span + i} />
            : <Table.Summary.Cell key={i} index={totals.span + i} align="right">{f}</Table.Summary.Cell>))}
          {rest > 0 && <Table.Summary.Cell index={all.length - rest} colSpan={rest > 1 ? rest : undefined} />}
        </Table.Summary.Row>
      ))}
    />
  );
}

/** The Export CSV button of a report. */
export const CsvButton = ({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) => (
  <Button icon={<DownloadOutlined />} onClick={onClick} disabled={disabled}>Export CSV</Button>
);

/** A report's form on one line: its fields, then Show (loading while the report does). */
export function ReportForm<V>({ form, name, onFinish, busy, children }: {
  form?: FormInstance<V>; name: string; onFinish: (v: V) => void; busy: boolean; children: ReactNode;
}) {
  return (
    <Form<V> form={form} layout="inline" name={name} onFinish={onFinish} style={{ marginBottom: 16, rowGap: 8 }}>
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>Show</Button>
      </Form.Item>
    </Form>
  );
}

/**
 * The class and academic year a report's address names, as the pickers name them (the ids
 * until the lists come): the class for file names, and 'Class 5 - A, academic year 2026-27'.
 */
export function useClassAndYear(classId: string | null, yearId: string | null) {
  const { classes, years } = useClassesAndYears();
  const klass = classes.find((c) => sameValue(c.id, classId));
  const year = years.find((y) => sameValue(y.id, yearId));
  const scope = [
    classId ? `Class ${klass ? optionLabel(klass, 'class-section') : classId}` : '',
    yearId ? `academic year ${year ? optionLabel(year, 'name') : yearId}` : '',
  ].filter(Boolean).join(', ');
  return { klass, scope };
}

/**
 * The fee items table: item (a link to its students when `link` is given), unit amount, quantity,
 * count and total, with the totals of the quantity and money in the last row.
 */
export function FeeItemsTable({ rows, loading, link, emptyText }: {
  rows: FeeItemRow[]; loading?: boolean; link?: (r: FeeItemRow) => string; emptyText?: string;
}) {
  const [page, setPage] = useState(1);
  const columns: ColumnsType<FeeItemRow> = [
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
      <ReportTable<FeeItemRow>
        rowKey={itemKey} columns={columns} rows={rows} loading={loading} page={page} onPage={setPage} unit="fee item" emptyText={emptyText}
        totals={rows.length === 0 ? null : {
          span: 2,
          figures: [null, rows.reduce((s, r) => s + (Number(r.quantity) || 0), 0), null, <TotalMoney value={sumRupees(rows, (r) => r.total_amount)} />],
        }}
      />
      {rows.length > 0 && <Typography.Text type="secondary">Item totals are amount × quantity of the bill lines, before bill discounts.</Typography.Text>}
    </>
  );
}

/** The date range of a report form: both days required ('Start and end dates are required!'). */
export function DateRangeItem({ name = 'range' }: { name?: string }) {
  return (
    <Form.Item label="Date Range" name={name} rules={[validDate, { validator: (_r, v) => (dateRangeError(v) ? Promise.reject(new Error(DATE_RANGE_REQUIRED)) : Promise.resolve()) }]}>
      <DateRangeInput allowClear={false} placeholder={['Start date', 'End date']} />
    </Form.Item>
  );
}

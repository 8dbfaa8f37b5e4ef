/**
 * Pieces the finance screens share: the date range (the start of this month to today unless
 * the person picks another, spec 2 §9), money cells and columns, and the CSV export.
 */
import { useState } from 'react';
import { Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { WIRE_DATE } from '../../framework/dates.js';
import { formatMoney } from '../../framework/format.js';
import { DateRangeInput } from '../../framework/DateInput.js';

export { CsvButton, Money, moneyColumn, useCsvExport } from '../fees/reportParts.js';
export { csvOf, rupeesOf, type CsvColumn } from '../fees/reportsModel.js';

export type Range = [Dayjs, Dayjs];

/** The range a finance list shows, and the query its call takes. */
export function useDateRange() {
  const [range, setRange] = useState<Range>(() => [dayjs().startOf('month'), dayjs()]);
  const query = { start_date: range[0].format(WIRE_DATE), end_date: range[1].format(WIRE_DATE) };
  return { range, setRange, query };
}

/** The range picker above a finance list. */
export function RangePicker({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  return (
    <Space wrap>
      <Typography.Text>Date Range</Typography.Text>
      <DateRangeInput
        standalone allowClear={false} value={range} aria-label="Date range"
        onChange={(v) => { if (v?.[0] && v[1]) onChange([v[0], v[1]]); }}
      />
    </Space>
  );
}

/** A labelled figure of a summary line (credit, debit, balance). */
export const Figure = ({ label, value, testId }: { label: string; value: unknown; testId?: string }) => (
  <Typography.Text>{label}: <strong data-testid={testId}>{formatMoney(Number(value) || 0)}</strong></Typography.Text>
);

/** The rows of a list answer (a query that has not answered yet holds no array). */
export const rowsOf = <T,>(data: unknown): T[] => (Array.isArray(data) ? data as T[] : []);

/** A file name with the time it was made, as the spec's exports are named. */
export const stamped = (base: string) => `${base}_${dayjs().format('YYYYMMDD_HHmmss')}.csv`;

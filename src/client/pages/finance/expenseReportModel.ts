/** What the expense report screens and their print views share: the report's types, labels and CSV columns. */
import type { CallData } from '../../framework/useDeclaredCall.js';
import type { CsvColumn } from '../fees/reportsModel.js';
import { pieSlices, type PieSlice } from '../fees/reportsModel.js';

export type ExpenseReport = CallData<'finance-reports.expense'>;
type AnyRow = ExpenseReport['rows'][number];
/** A row of a summary (?type=): a category, mode, account or vendor and its total. */
export type SummaryRow = Extract<AnyRow, { count: number }>;
/** A row of the expenses themselves (?filter=). */
export type ExpenseRow = Extract<AnyRow, { exp_category: string }>;

export const REPORT_TYPES = [
  { value: 'category', label: 'Category' }, { value: 'payment_mode', label: 'Payment Mode' },
  { value: 'account', label: 'Account' }, { value: 'vendor', label: 'Vendor' },
] as const;
export type ReportTypeValue = (typeof REPORT_TYPES)[number]['value'];
export const typeLabel = (t: string) => REPORT_TYPES.find((r) => r.value === t)?.label ?? t;

/** What a print view is handed by the screen before it (router state): the report as shown. */
export interface SummaryPrint { type: ReportTypeValue; start?: string; end?: string; rows: SummaryRow[]; total_amount: number }
export interface TransactionsPrint { start?: string; end?: string; filters: string; rows: ExpenseRow[]; total_amount: number }

export const SUMMARY_CSV: Array<CsvColumn<SummaryRow>> = [['Title', (r) => r.title], ['Expenses', (r) => r.count], ['Total Amount', (r) => r.total_amount]];
export const EXPENSE_CSV: Array<CsvColumn<ExpenseRow>> = [
  ['Date', (r) => r.date], ['Title', (r) => r.title], ['Category', (r) => r.exp_category], ['Vendor', (r) => r.vendor],
  ['Payment Mode', (r) => r.payment_mode], ['Account', (r) => r.account], ['Amount', (r) => r.amount], ['Tax', (r) => r.tax],
  ['Total Amount', (r) => r.total_amount], ['Paid', (r) => r.paid_amount],
];

/** Slices of a pie of named totals (the pie's own rules: largest first, the smallest together as 'Others' past ten). */
export const namedSlices = (rows: Array<{ id: number | null; title: string; total_amount: number }>): PieSlice[] =>
  pieSlices(rows.map((r) => ({ id: r.id, fee_item_name: r.title, total_amount: r.total_amount, quantity: 0, count: 0, amount: null })));

/** 'from 01-11-2026 to 30-11-2026', or what part of the range is given. */
export function periodText(start?: string, end?: string): string {
  const dmy = (d: string) => d.split('-').reverse().join('-');
  if (start && end) return `from ${dmy(start)} to ${dmy(end)}`;
  if (start) return `from ${dmy(start)}`;
  if (end) return `up to ${dmy(end)}`;
  return 'all dates';
}

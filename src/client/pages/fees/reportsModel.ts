/**
 * Pure helpers of the fee report screens: the four cards' figures, the pie chart's slices, the
 * totals and the CSV files. Amounts arrive as rupees (numbers, or numeric text from SQL sums)
 * and every sum here is made in whole paise, never by adding floating rupees.
 * Tested in tests/unit/fees-reports-model.test.ts.
 */
import { toPaise, toRupees } from '../../../shared/money.js';
import { toCsv } from '../../../shared/csv.js';
import { formatDateTime } from '../../framework/format.js';
import { classSectionLabel } from '../../framework/labels.js';
import { queryString } from '../../framework/calls.js';
import { callRequest, declaredCall } from '../../../shared/calls.js';
import { kindLabel, modeLabel } from './feesModel.js';
import { DATE_FORMAT, DATE_TIME_FORMAT, WIRE_DATE } from '../../framework/dates.js';
import type { CallData } from '../../framework/useDeclaredCall.js';

/** The class and year report's answers: the cards (?type=card), a fee item's bills (?item_id, ?item_name), else the fee items table. */
type ClassReport = CallData<'fee-payments.classReport'>;
/** The four cards of ?type=card, each with its figures and its newest installments. */
export type FeeCards = Exclude<ClassReport, unknown[]>;
export type CardPeriod = FeeCards[keyof FeeCards];
/** One installment listed under a card. */
export type CardPayment = CardPeriod['list'][number];

/** A row of the fee items table (the default answer of the class report and of the fee items report). */
export type FeeItemRow = CallData<'fee-payments.itemsReport'>[number];

/**
 * A bill with one fee item (?item_id= or ?item_name=): the bill's own figures, what the item
 * comes to on it (item_amount, item_quantity) and what the student paid in the year (total_paid).
 */
export type ItemStudentRow = Exclude<Extract<ClassReport, unknown[]>[number], FeeItemRow>;

/** A student's fees in a class and year. */
export type StudentFeeRow = CallData<'fee-payments.classList'>[number];

/** An installment, payment or refund (negative) of the installments report. */
export type InstallmentRow = CallData<'fee-payments.installmentsReport'>['rows'][number];

/** A student billed by a created fee. */
export type CreatedFeeStudentRow = CallData<'created-fees.students'>[number];

/** An amount from the API in whole paise (0 for a missing or unreadable value). */
export function paiseOf(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? toPaise(n) : 0;
}

/** Rupees of an amount from the API, rounded to the paisa. */
export const rupeesOf = (v: unknown): number => toRupees(paiseOf(v));

/** Rupees of an amount, or null when there is none (a line without a fee item has no listed amount). */
export const rupeesOrBlank = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : rupeesOf(v));

/** The sum in rupees of one amount of each row, added in paise. */
export function sumRupees<T>(rows: T[], amount: (r: T) => unknown): number {
  return toRupees(rows.reduce((s, r) => s + paiseOf(amount(r)), 0));
}

/** What a student still owes: the server's pending amount, else total less paid. */
export function pendingOf(r: { total_amount: unknown; paid_amount: unknown; pending_amount?: unknown }): number {
  if (r.pending_amount !== undefined && r.pending_amount !== null && r.pending_amount !== '') return rupeesOf(r.pending_amount);
  return toRupees(paiseOf(r.total_amount) - paiseOf(r.paid_amount));
}

/** Total, paid and pending of a set of students or bills. */
export function feeTotals(rows: Array<{ total_amount: unknown; paid_amount: unknown; pending_amount?: unknown }>) {
  return {
    total: sumRupees(rows, (r) => r.total_amount),
    paid: sumRupees(rows, (r) => r.paid_amount),
    pending: toRupees(rows.reduce((s, r) => s + toPaise(pendingOf(r)), 0)),
  };
}

export const CARD_PERIODS = [
  { key: 'today', title: 'Today' },
  { key: 'week', title: 'This Week' },
  { key: 'month', title: 'This Month' },
  { key: 'total', title: 'Total' },
] as const;

export interface CardFigure {
  key: (typeof CARD_PERIODS)[number]['key'];
  title: string;
  /** Collected in the period: installments less refunds. */
  paid: number;
  /** Billed in the period: totals of the bills dated in it. */
  total: number;
  /** What the bills dated in the period still owe. */
  pending: number;
  list: CardPayment[];
}

/** The four cards, in order, from the ?type=card answer (zeros while it has not come). */
export function cardFigures(data: Partial<FeeCards> | null | undefined): CardFigure[] {
  return CARD_PERIODS.map(({ key, title }) => {
    const p = data?.[key];
    return { key, title, paid: rupeesOf(p?.paid), total: rupeesOf(p?.total), pending: rupeesOf(p?.pending), list: Array.isArray(p?.list) ? p!.list : [] };
  });
}

/** Ten colours, told apart also by people with the common colour-vision deficiencies as far as ten allow. */
export const CHART_PALETTE = [
  '#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#13c2c2', '#722ed1', '#fadb14', '#a0d911', '#f5222d', '#8c8c8c',
] as const;

export interface PieSlice {
  key: string;
  label: string;
  /** Rupees. */
  value: number;
  /** 0 to 1. */
  share: number;
  /** '12.5%'. */
  percent: string;
  color: string;
}

/** The key a fee items row is known by: its item id, else its name (Transportation, Miscellaneous). */
export const itemKey = (r: Pick<FeeItemRow, 'id' | 'fee_item_name'>): string => (r.id === null || r.id === undefined ? `name:${r.fee_item_name}` : `id:${r.id}`);

/**
 * The pie of the fee items' totals: items with a positive total, largest first, one palette
 * colour each. With more items than colours, the smallest are drawn together as 'Others'.
 */
export function pieSlices(rows: FeeItemRow[], palette: readonly string[] = CHART_PALETTE): PieSlice[] {
  const items = rows
    .map((row) => ({ key: itemKey(row), label: row.fee_item_name, paise: paiseOf(row.total_amount) }))
    .filter((x) => x.paise > 0)
    .sort((a, b) => b.paise - a.paise || a.label.localeCompare(b.label));
  const kept = items.length > palette.length ? items.slice(0, palette.length - 1) : items;
  if (kept.length < items.length) {
    kept.push({ key: 'others', label: 'Others', paise: items.slice(kept.length).reduce((s, x) => s + x.paise, 0) });
  }
  const whole = kept.reduce((s, x) => s + x.paise, 0);
  return kept.map((x, i) => {
    const share = x.paise / whole;
    return {
      key: x.key, label: x.label, value: toRupees(x.paise), share,
      percent: `${(Math.round(share * 1000) / 10).toFixed(1)}%`,
      color: palette[i % palette.length]!,
    };
  });
}

/** A CSV column: heading and the cell of a row. */
export type CsvColumn<T> = [string, (r: T) => unknown];

/** CSV text of rows under columns (amounts as plain rupee numbers a spreadsheet can add up). */
export function csvOf<T>(columns: Array<CsvColumn<T>>, rows: T[]): string {
  return toCsv(columns.map(([t]) => t), rows.map((r) => columns.map(([, f]) => {
    const v = f(r);
    return v === null || v === undefined ? '' : v;
  })));
}

export const FEE_ITEM_CSV: Array<CsvColumn<FeeItemRow>> = [
  ['Fee Item', (r) => r.fee_item_name], ['Amount', (r) => rupeesOrBlank(r.amount)], ['Quantity', (r) => Number(r.quantity) || 0],
  ['Count', (r) => Number(r.count) || 0], ['Total Amount', (r) => rupeesOf(r.total_amount)],
];

export const STUDENT_FEES_CSV: Array<CsvColumn<StudentFeeRow>> = [
  ['Admission No', (r) => r.admission_no], ['Student Name', (r) => r.fullname], ['Total Amount', (r) => rupeesOf(r.total_amount)],
  ['Paid Amount', (r) => rupeesOf(r.paid_amount)], ['Discount', (r) => rupeesOf(r.discount_amount)], ['Pending Amount', (r) => pendingOf(r)],
];

export const INSTALLMENT_CSV: Array<CsvColumn<InstallmentRow>> = [
  ['Receipt No', (r) => r.receipt_no], ['Date', (r) => formatDateTime(r.timestamp, DATE_TIME_FORMAT)], ['Student Name', (r) => r.fullname], ['Admission No', (r) => r.admission_no],
  ['Class', (r) => r.class], ['Section', (r) => r.section], ['Amount', (r) => rupeesOf(r.paid_amount)], ['Mode', (r) => modeLabel(r.mode)], ['Kind', (r) => kindLabel(r)],
];

export const ITEM_STUDENTS_CSV: Array<CsvColumn<ItemStudentRow>> = [
  ['Admission No', (r) => r.admission_no], ['Student Name', (r) => r.fullname], ['Bill', (r) => r.fee_name], ['Date', (r) => formatDateTime(r.date, DATE_FORMAT)],
  ['Quantity', (r) => r.item_quantity], ['Item Amount', (r) => rupeesOf(r.item_amount)], ['Bill Total', (r) => rupeesOf(r.total_amount)],
  ['Bill Paid', (r) => rupeesOf(r.paid_amount)], ['Discount', (r) => rupeesOf(r.discount_amount)],
];

export interface MultiClassFeeRow extends StudentFeeRow { class_id: number; class: string; section: string }

export const MULTI_CLASS_FEES_CSV: Array<CsvColumn<MultiClassFeeRow>> = [
  ['Student Name', (r) => r.fullname], ['Admission No', (r) => r.admission_no], ['Class', (r) => r.class], ['Section', (r) => r.section],
  ['Total Amount', (r) => rupeesOf(r.total_amount)], ['Paid Amount', (r) => rupeesOf(r.paid_amount)], ['Pending Amount', (r) => pendingOf(r)],
];

export const CREATED_FEE_STUDENTS_CSV: Array<CsvColumn<CreatedFeeStudentRow>> = [
  ['Admission No', (r) => r.admission_no], ['Student Name', (r) => r.fullname], ['Total Amount', (r) => rupeesOf(r.total_amount)],
  ['Paid Amount', (r) => rupeesOf(r.paid_amount)], ['Pending Amount', (r) => pendingOf(r)],
];

/** A class as a file name part: '10 - A' → '10-A' (the id when the class is not known). */
export function classFilePart(klass: { class?: unknown; section?: unknown } | undefined, classId?: unknown): string {
  const name = classSectionLabel(klass, '-');
  return (name || String(classId ?? '')).replace(/[^\w.-]+/g, '_');
}

/** The student fees file of a class: fees_records_class_{class}.csv. */
export const studentFeesFilename = (klass: { class?: unknown; section?: unknown } | undefined, classId?: unknown) =>
  `fees_records_class_${classFilePart(klass, classId)}.csv`;

/** The fee items report file of a class: fee_items_report_class_{class}.csv. */
export const feeItemsFilename = (klass: { class?: unknown; section?: unknown } | undefined, classId?: unknown) =>
  `fee_items_report_class_${classFilePart(klass, classId)}.csv`;

/** The students of several classes, each row marked with its class (the per-class answers do not carry it). */
export function multiClassFeeRows(
  lists: Array<{ klass: { id: number; class?: string | null; section?: string | null }; rows: StudentFeeRow[] }>,
): MultiClassFeeRow[] {
  return lists.flatMap(({ klass, rows }) => rows.map((r) => ({ ...r, class_id: klass.id, class: klass.class ?? '', section: klass.section ?? '' })));
}

/** The installments report's own refusal of a range without both ends. */
export const DATE_RANGE_REQUIRED = declaredCall('fee-payments.installmentsReport').def.errors!.dates!;

/** YYYY-MM-DD of a day, as the report calls take dates. */
export const isoDay = (d: { format(f: string): string }) => d.format(WIRE_DATE);

/** The error of a date range picker's value, if any: both ends are needed. */
export function dateRangeError(range: readonly [unknown, unknown] | null | undefined): string | null {
  return range && range[0] && range[1] ? null : DATE_RANGE_REQUIRED;
}


/** The students report address of one fee item of the fee items table: by id, or by name for lines without an item. */
export function itemStudentsLink(classId: unknown, yearId: unknown, row: Pick<FeeItemRow, 'id' | 'fee_item_name'>): string {
  return `/fees/reports/item${queryString({
    class_id: classId, ac_year_id: yearId,
    ...(row.id === null || row.id === undefined ? {} : { item_id: row.id }),
    item_name: row.fee_item_name,
  })}`;
}

/** The call of the students report of one fee item: item_id when known, else item_name. */
export function itemStudentsCall(classId: unknown, yearId: unknown, itemId: unknown, itemName: unknown): string | null {
  if (!classId || !yearId || (!itemId && !itemName)) return null;
  return callRequest('fee-payments.classReport', { class_id: classId, ac_year_id: yearId }, itemId ? { item_id: itemId } : { item_name: itemName }).path;
}


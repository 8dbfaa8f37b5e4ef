import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/shared/csv.js';
import { resourceByName } from '../../src/shared/registry.js';
import {
  CHART_PALETTE, DATE_RANGE_REQUIRED, FEE_ITEM_CSV, INSTALLMENT_CSV, MULTI_CLASS_FEES_CSV, STUDENT_FEES_CSV,
  cardFigures, csvOf, dateRangeError, feeItemsFilename, feeTotals, itemStudentsCall, itemStudentsLink,
  multiClassFeeRows, paiseOf, pendingOf, pieSlices, studentFeesFilename, sumRupees,
  type FeeItemRow, type InstallmentRow, type StudentFeeRow,
} from '../../src/client/pages/fees/reportsModel.js';
import { failedClassText, fetchPerClass } from '../../src/client/pages/reports/perClass.js';
import { prefillValues } from '../../src/client/framework/form/formModel.js';
import { queryString } from '../../src/client/framework/calls.js';
import { billAlertQuestion, yearAlertQuestion } from '../../src/client/pages/fees/dueAlertModel.js';

const item = (id: number | null, name: string, total: number, extra: Partial<FeeItemRow> = {}): FeeItemRow =>
  ({ id, fee_item_name: name, total_amount: total, quantity: 1, count: 1, amount: id === null ? null : total, ...extra });

describe('amounts in paise', () => {
  it('reads numbers and numeric text, and adds in paise (0.10 + 0.20 is 0.30, not 0.30000000000000004)', () => {
    expect(paiseOf(12.34)).toBe(1234);
    expect(paiseOf('1500.50')).toBe(150050);
    expect(paiseOf(null)).toBe(0);
    expect(paiseOf('abc')).toBe(0);
    expect(sumRupees([{ a: 0.1 }, { a: 0.2 }], (r) => r.a)).toBe(0.3);
    expect(sumRupees([{ a: '1000.10' }, { a: -200.05 }], (r) => r.a)).toBe(800.05);
  });
  it('pending is the server figure when given, else total less paid', () => {
    expect(pendingOf({ total_amount: 1000, paid_amount: 250.25 })).toBe(749.75);
    expect(pendingOf({ total_amount: 1000, paid_amount: 250, pending_amount: '750.00' })).toBe(750);
    expect(feeTotals([
      { total_amount: 0.1, paid_amount: 0.05 }, { total_amount: 0.2, paid_amount: 0.2 }, { total_amount: '100', paid_amount: 40, pending_amount: 60 },
    ])).toEqual({ total: 100.3, paid: 40.25, pending: 60.05 });
  });
});

describe('cards', () => {
  it('are Today, This Week, This Month and Total with collected, billed and pending figures', () => {
    const list = [{ id: 1, receipt_no: 7, payment_id: 3, student_id: 9, fullname: 'A', paid_amount: 500, mode: 'cash', timestamp: '2026-06-01T04:00:00Z' }];
    const f = cardFigures({
      today: { paid: 500, total: '1200.50', pending: '700.50', list }, week: { paid: '700', total: 2000, pending: 1300, list: [] },
      month: { paid: 700, total: 2000 }, total: { paid: 900.1, total: 5000 },
    } as any);
    expect(f.map((c) => c.title)).toEqual(['Today', 'This Week', 'This Month', 'Total']);
    expect(f.map((c) => [c.paid, c.total, c.pending])).toEqual([[500, 1200.5, 700.5], [700, 2000, 1300], [700, 2000, 0], [900.1, 5000, 0]]);
    expect(f[0]!.list).toEqual(list);
    expect(f[2]!.list).toEqual([]);
  });
  it('show zeros before the answer comes', () => {
    expect(cardFigures(undefined).map((c) => [c.key, c.paid, c.total])).toEqual([['today', 0, 0], ['week', 0, 0], ['month', 0, 0], ['total', 0, 0]]);
  });
});

describe('pie chart', () => {
  it('gives each item with a total a slice, largest first, with its share and a palette colour', () => {
    const s = pieSlices([item(1, 'Tuition', 3000), item(2, 'Books', 1000), item(null, 'Transportation', 0), item(null, 'Miscellaneous', -5)]);
    expect(s.map((x) => x.label)).toEqual(['Tuition', 'Books']);
    expect(s.map((x) => x.percent)).toEqual(['75.0%', '25.0%']);
    expect(s.map((x) => x.value)).toEqual([3000, 1000]);
    expect(s.map((x) => x.color)).toEqual([CHART_PALETTE[0], CHART_PALETTE[1]]);
    expect(s.reduce((a, x) => a + x.share, 0)).toBeCloseTo(1, 12);
  });
  it('gives a single item the whole pie', () => {
    const [only] = pieSlices([item(1, 'Tuition', 10)]);
    expect(only!.percent).toBe('100.0%');
    expect(only!.share).toBe(1);
  });
  it('has ten colours and draws the smallest items beyond them together as Others', () => {
    expect(CHART_PALETTE).toHaveLength(10);
    expect(new Set(CHART_PALETTE).size).toBe(10);
    const rows = Array.from({ length: 12 }, (_, i) => item(i + 1, `Item ${i + 1}`, (12 - i) * 100));
    const s = pieSlices(rows);
    expect(s).toHaveLength(10);
    expect(s[9]!.label).toBe('Others');
    // Items 10, 11 and 12: 300 + 200 + 100.
    expect(s[9]!.value).toBe(600);
    expect(new Set(s.map((x) => x.color)).size).toBe(10);
  });
  it('is empty when nothing was billed', () => {
    expect(pieSlices([])).toEqual([]);
    expect(pieSlices([item(1, 'Tuition', 0)])).toEqual([]);
  });
});

describe('CSV files', () => {
  const parse = (text: string) => parseCsv(text);
  it('fee items: plain rupee numbers, a blank amount for lines without an item', () => {
    const text = csvOf(FEE_ITEM_CSV, [item(1, 'Tuition', 3000.5, { quantity: 2, count: 2, amount: 1500.25 }), item(null, 'Transportation', 400)]);
    expect(parse(text)).toEqual([
      ['Fee Item', 'Amount', 'Quantity', 'Count', 'Total Amount'],
      ['Tuition', '1500.25', '2', '2', '3000.5'],
      ['Transportation', '', '1', '1', '400'],
    ]);
  });
  it('student fees: pending figures and a formula-safe name', () => {
    const rows: StudentFeeRow[] = [{ id: 1, student_id: 1, admission_no: '101', fullname: '=HYPERLINK("x")', roll_no: null, total_amount: 1000, paid_amount: 400, discount_amount: 0, pending_amount: 600, bills: 1 }];
    expect(parse(csvOf(STUDENT_FEES_CSV, rows))[1]).toEqual(['101', '\'=HYPERLINK("x")', '1000', '400', '0', '600']);
  });
  it('installment history: refunds negative, modes and kinds named', () => {
    const rows: InstallmentRow[] = [{
      id: 1, receipt_no: 12, payment_id: 3, student_id: 4, fullname: 'Asha', admission_no: '7', class: '5', section: 'A',
      paid_amount: -250.5, mode: 'cheque', kind: 'refund', timestamp: '2026-06-01T04:00:00Z',
    }];
    const [head, row] = parse(csvOf(INSTALLMENT_CSV, rows));
    expect(head).toEqual(['Receipt No', 'Date', 'Student Name', 'Admission No', 'Class', 'Section', 'Amount', 'Mode', 'Kind']);
    expect(row!.filter((_, i) => i !== 1)).toEqual(['12', 'Asha', '7', '5', 'A', '-250.5', 'Cheque', 'Refund']);
    expect(row![1]).toMatch(/^\d\d-06-2026 \d\d:\d\d [AP]M$/);
    const paid = parse(csvOf(INSTALLMENT_CSV, [{ ...rows[0]!, paid_amount: 1000, mode: 'wallet', kind: 'installment' }]))[1]!;
    expect(paid.slice(6)).toEqual(['1000', 'Wallet/UPI', 'Installment']);
  });
  it('multi-class fees: each student with their class', () => {
    const rows = multiClassFeeRows([
      { klass: { id: 3, class: '8', section: 'A' }, rows: [{ id: 1, student_id: 1, admission_no: '1', fullname: 'A', roll_no: 1, total_amount: 100, paid_amount: 100, discount_amount: 0, pending_amount: 0, bills: 1 }] },
      { klass: { id: 4, class: '9', section: 'B' }, rows: [{ id: 2, student_id: 2, admission_no: '2', fullname: 'B', roll_no: null, total_amount: 50, paid_amount: 20, discount_amount: 0, pending_amount: 30, bills: 1 }] },
    ]);
    expect(rows.map((r) => [r.class_id, r.class, r.section])).toEqual([[3, '8', 'A'], [4, '9', 'B']]);
    expect(parse(csvOf(MULTI_CLASS_FEES_CSV, rows)).slice(1)).toEqual([['A', '1', '8', 'A', '100', '100', '0'], ['B', '2', '9', 'B', '50', '20', '30']]);
  });
  it('names the student fees file fees_records_class_{class}.csv', () => {
    expect(studentFeesFilename({ class: '10', section: 'A' }, 7)).toBe('fees_records_class_10-A.csv');
    expect(studentFeesFilename({ class: 'LKG', section: '' }, 7)).toBe('fees_records_class_LKG.csv');
    expect(studentFeesFilename(undefined, 7)).toBe('fees_records_class_7.csv');
    expect(feeItemsFilename({ class: 'UKG 2', section: 'B' })).toBe('fee_items_report_class_UKG_2-B.csv');
  });
});

describe('addresses and forms', () => {
  it('needs both dates of a range', () => {
    expect(dateRangeError(null)).toBe(DATE_RANGE_REQUIRED);
    expect(dateRangeError([1, null])).toBe('Start and end dates are required!');
    expect(dateRangeError([1, 2])).toBeNull();
  });
  it('builds query strings without empty values', () => {
    expect(queryString({ start_date: '2026-06-01', end_date: '2026-06-30', ac_year_id: undefined, class_id: '' })).toBe('?start_date=2026-06-01&end_date=2026-06-30');
    expect(queryString({ name: 'Term 1 & 2' })).toBe('?name=Term+1+%26+2');
    expect(queryString({})).toBe('');
  });
  it('links a fee item to its students by id, and a line without an item by name', () => {
    expect(itemStudentsLink(3, 2, { id: 5, fee_item_name: 'Tuition' })).toBe('/fees/reports/item?class_id=3&ac_year_id=2&item_id=5&item_name=Tuition');
    expect(itemStudentsLink(3, 2, { id: null, fee_item_name: 'Transportation' })).toBe('/fees/reports/item?class_id=3&ac_year_id=2&item_name=Transportation');
    expect(itemStudentsCall('3', '2', '5', 'Tuition')).toBe('/reports/fees/3/2/?item_id=5');
    expect(itemStudentsCall('3', '2', null, 'Transportation')).toBe('/reports/fees/3/2/?item_name=Transportation');
    expect(itemStudentsCall('3', null, '5', null)).toBeNull();
    expect(itemStudentsCall('3', '2', null, null)).toBeNull();
  });
});

describe('multi-class fetch', () => {
  it('keeps the classes that answered, in order, and names each class that failed', async () => {
    const failed: string[] = [];
    const out = await fetchPerClass([3, 4, 5], async (id) => {
      if (id === 4) throw new Error('boom');
      return id === 3 ? [{ n: 1 }] : (null as any);
    }, (id) => failed.push(failedClassText('student fees', id)));
    expect(out).toEqual([{ classId: 3, rows: [{ n: 1 }] }, { classId: 5, rows: [] }]);
    expect(failed).toEqual(['Failed to fetch student fees from class_id 4']);
  });
});

describe('picker prefill', () => {
  const createdFee = resourceByName('created-fees');
  it('is declared on the created fee form: a fee item fills the amount', () => {
    expect(createdFee.form?.uiSchema?.fee_item_id?.['ui:options']?.prefill).toEqual({ amount_total: 'amount' });
  });
  it('fills the form fields from the chosen record, numeric text as a number for a number field', () => {
    expect(prefillValues({ amount_total: 'amount' }, { id: 1, name: 'Tuition', amount: 1500.5 }, createdFee.schema)).toEqual({ amount_total: 1500.5 });
    expect(prefillValues({ amount_total: 'amount' }, { id: 1, amount: '2500.00' }, createdFee.schema)).toEqual({ amount_total: 2500 });
    expect(prefillValues({ name: 'code' }, { code: '0042' }, { properties: { name: { type: 'string' } } })).toEqual({ name: '0042' });
  });
  it('fills nothing when no record is chosen or it has no value', () => {
    expect(prefillValues({ amount_total: 'amount' }, null, createdFee.schema)).toEqual({});
    expect(prefillValues({ amount_total: 'amount' }, { id: 1, amount: null }, createdFee.schema)).toEqual({});
    expect(prefillValues(undefined, { amount: 5 })).toEqual({});
  });
});

describe('fee items list', () => {
  it('declares a Reports link to the fee items report beside Add New', () => {
    expect(resourceByName('fee-items').list?.headerLinks).toEqual([{ label: 'Reports', icon: 'BarChartOutlined', to: '/fees/item/reports' }]);
  });
});

describe('due alert confirmations', () => {
  it('say how many SMS go to how many families, from the server\'s count', () => {
    expect(yearAlertQuestion({ sms: 31, families: 28, students: 30 }, '5 - A 2026-27')).toBe('Send 31 SMS to 28 families with dues in 5 - A 2026-27?');
    expect(yearAlertQuestion({ sms: 1, families: 1, students: 1 }, '5 - A 2026-27')).toBe('Send 1 SMS to 1 family with dues in 5 - A 2026-27?');
    expect(yearAlertQuestion({ sms: 0, families: 0, students: 2 }, '5 - A 2026-27')).toBeNull();
    expect(billAlertQuestion({ sms: 2, pending: 7000.99, fullname: 'Diya Patel', bill_name: 'Term 1' })).toBe('Send 2 SMS about ₹7,000.99 of Term 1 pending for Diya Patel?');
  });
});

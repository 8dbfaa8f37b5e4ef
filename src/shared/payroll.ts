/**
 * The payroll arithmetic (spec 2 §9), in whole paise, used by the server to write payroll
 * entries and by the browser to preview them (the server never takes the browser's sums).
 *
 * What the figures mean here:
 * - CTC is the employee's MONTHLY pay for a full month, in whole rupees: what a month without
 *   absence pays. (Whole rupees, so that a salary rounded up to the rupee never passes the CTC
 *   and a full month pays exactly the CTC.)
 * - The salary structure breaks the CTC down into credit items (type 0: basic, allowances) and
 *   debit items (type 1: deductions such as PF). Its credits minus its debits must equal the
 *   CTC, so the structure and the CTC can never disagree (`structureMismatch`). A structure
 *   with no items pays the CTC as one credit item, "Salary".
 * - present days = total days − absent days. Absent days may be negative: days worked beyond
 *   the month (overtime); they may not exceed the total days.
 * - salary amount = CTC × present days ÷ total days, rounded UP to the whole rupee.
 * - the payslip lists the structure's items, plus, when absent days > 0, a "Loss of Pay" debit,
 *   or when absent days < 0 an "Overtime" credit, each worth |CTC − salary amount| (what those
 *   days are worth; since the salary is rounded up, loss of pay is rounded down to the rupee).
 * - payslip total = credits − debits, which is therefore always exactly the salary amount.
 */
import type { Role, RoleRef } from './roles.js';

/** Who runs payroll: an admin needs the payroll module's permission as well. */
export const PAYROLL_STAFF: RoleRef[] = ['admins'];
/** Staff logins that can be linked to an HR employee, and so read their own payslips. */
export const EMPLOYEE_ROLES: Role[] = ['teacher', 'librarian', 'driver', 'watchman'];

export const CREDIT = 0;
export const DEBIT = 1;
export type ItemType = typeof CREDIT | typeof DEBIT;

export const LOSS_OF_PAY = 'Loss of Pay';
export const OVERTIME = 'Overtime';
/** The one item of a structure that lists none. */
export const WHOLE_SALARY = 'Salary';

/** The remaining amount above which another installment may be paid (spec 2 §4: "while remaining exceeds 1"), in paise. */
export const INSTALLMENT_THRESHOLD_PAISE = 100;

/** HR leave-type codes as payroll screens show them (spec 2 §9); 0 and unknown codes read "Unknown". */
export const LEAVE_TYPES: Record<number, string> = { [-1]: 'Loss of Pay', 1: 'Casual', 2: 'Sick', 4: 'Others' };
export const leaveTypeName = (code: number | null | undefined): string => (code != null && LEAVE_TYPES[code]) || 'Unknown';

export interface ItemPaise { item_name: string; type: ItemType; paise: number }
export interface PayslipItemPaise extends ItemPaise { key: string }

export interface Payslip {
  present_days: number;
  salaryPaise: number;
  items: PayslipItemPaise[];
  totalPaise: number;
}

/** Why an entry's days cannot be used, or null when they can. */
export function daysProblem(totalDays: number, absentDays: number): string | null {
  if (!Number.isInteger(totalDays) || totalDays < 1 || totalDays > 31) return 'Total days must be a whole number from 1 to 31';
  if (!Number.isInteger(absentDays)) return 'Absent days must be a whole number';
  if (absentDays > totalDays) return 'Absent days cannot be more than total days';
  if (absentDays < -totalDays) return 'Overtime days cannot be more than total days';
  return null;
}

export const presentDays = (totalDays: number, absentDays: number): number => totalDays - absentDays;

/** a ÷ b rounded up, for whole a ≥ 0 and b > 0, exact (integers below 2^53). */
function ceilDiv(a: number, b: number): number {
  const r = a % b;
  return (a - r) / b + (r > 0 ? 1 : 0);
}

/** The present-day share of a monthly CTC, rounded up to the whole rupee, in paise. */
export function salaryAmountPaise(ctcPaise: number, totalDays: number, absentDays: number): number {
  const problem = daysProblem(totalDays, absentDays);
  if (problem) throw new RangeError(problem);
  if (!Number.isSafeInteger(ctcPaise) || ctcPaise < 0 || ctcPaise % 100 !== 0) throw new RangeError('CTC must be whole rupees, at least 0');
  const present = presentDays(totalDays, absentDays);
  return ceilDiv(ctcPaise * present, totalDays * 100) * 100;
}

/** Credits minus debits. */
export const itemsTotalPaise = (items: readonly ItemPaise[]): number =>
  items.reduce((sum, i) => sum + (i.type === DEBIT ? -i.paise : i.paise), 0);

/** Whether a structure's items disagree with its CTC (credits − debits must be the CTC); empty items never do. */
export const structureMismatch = (ctcPaise: number, items: readonly ItemPaise[]): boolean =>
  items.length > 0 && itemsTotalPaise(items) !== ctcPaise;

/** The payslip of a month: the salary amount and the items that add up to it. */
export function computePayslip(ctcPaise: number, structure: readonly ItemPaise[], totalDays: number, absentDays: number): Payslip {
  if (structureMismatch(ctcPaise, structure)) throw new RangeError('The salary items do not add up to the CTC');
  const salaryPaise = salaryAmountPaise(ctcPaise, totalDays, absentDays);
  const base = structure.length ? structure : [{ item_name: WHOLE_SALARY, type: CREDIT as ItemType, paise: ctcPaise }];
  const items: PayslipItemPaise[] = base.map((i, n) => ({ key: `item-${n + 1}`, item_name: i.item_name, type: i.type, paise: i.paise }));
  if (absentDays > 0) items.push({ key: 'loss-of-pay', item_name: LOSS_OF_PAY, type: DEBIT, paise: ctcPaise - salaryPaise });
  if (absentDays < 0) items.push({ key: 'overtime', item_name: OVERTIME, type: CREDIT, paise: salaryPaise - ctcPaise });
  return { present_days: presentDays(totalDays, absentDays), salaryPaise, items, totalPaise: itemsTotalPaise(items) };
}

/** The first day of a month, 'YYYY-MM-01', from 'YYYY-MM' or any 'YYYY-MM-DD' of it (the month is stored as its start). */
export function monthStart(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError('A month is written YYYY-MM');
  return `${m[1]}-${m[2]}-01`;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-10-01' as 'Oct 2026', the way payslips and expense names write a month. */
export const monthLabel = (d: string | null | undefined): string => (d ? `${MONTH_NAMES[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}` : '');

/** The number of days in the month of 'YYYY-MM…' (the default total days). */
export function daysInMonth(value: string): number {
  const start = monthStart(value);
  const [y, mo] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  return new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

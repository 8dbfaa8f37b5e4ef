import { describe, expect, it } from 'vitest';
import {
  computePayslip, CREDIT, daysInMonth, daysProblem, DEBIT, itemsTotalPaise, leaveTypeName, LOSS_OF_PAY, monthStart, OVERTIME,
  presentDays, salaryAmountPaise, structureMismatch, WHOLE_SALARY, type ItemPaise,
} from '../../src/shared/payroll.js';

const structure: ItemPaise[] = [
  { item_name: 'Basic', type: CREDIT, paise: 2_000_000 },
  { item_name: 'HRA', type: CREDIT, paise: 1_200_000 },
  { item_name: 'PF', type: DEBIT, paise: 200_000 },
]; // credits 32,000 − debits 2,000 = CTC ₹30,000

describe('present days and the salary amount', () => {
  it('present days are total days less absent days', () => {
    expect(presentDays(30, 2)).toBe(28);
    expect(presentDays(30, 0)).toBe(30);
    expect(presentDays(30, -3)).toBe(33);
  });

  it('a full month pays the CTC exactly', () => {
    expect(salaryAmountPaise(3_000_000, 30, 0)).toBe(3_000_000);
  });

  it('is the present-day share of the CTC, rounded up to the rupee', () => {
    expect(salaryAmountPaise(3_000_000, 30, 2)).toBe(2_800_000); // exact: 30000 × 28/30
    expect(salaryAmountPaise(3_000_000, 31, 2)).toBe(2_806_500); // 28064.51… → 28065
    expect(salaryAmountPaise(1_000_000, 31, 1)).toBe(967_800); // 9677.41… → 9678
    expect(salaryAmountPaise(100, 3, 1)).toBe(100); // ₹0.66… → ₹1
    expect(salaryAmountPaise(100, 3, 2)).toBe(100); // ₹0.33… → ₹1
  });

  it('all days absent pays nothing; a CTC of zero pays nothing', () => {
    expect(salaryAmountPaise(3_000_000, 30, 30)).toBe(0);
    expect(salaryAmountPaise(0, 30, 2)).toBe(0);
    expect(salaryAmountPaise(0, 30, -2)).toBe(0);
  });

  it('negative absent days (overtime) pay more than the CTC', () => {
    expect(salaryAmountPaise(3_000_000, 30, -3)).toBe(3_300_000);
    expect(salaryAmountPaise(3_000_000, 31, -1)).toBe(3_096_800); // 30967.74… → 30968
  });

  it('refuses days that make no month', () => {
    expect(daysProblem(0, 0)).toMatch(/Total days/);
    expect(daysProblem(32, 0)).toMatch(/Total days/);
    expect(daysProblem(30, 31)).toBe('Absent days cannot be more than total days');
    expect(daysProblem(30, -31)).toBe('Overtime days cannot be more than total days');
    expect(daysProblem(30, 1.5)).toBe('Absent days must be a whole number');
    expect(daysProblem(30, 30)).toBeNull();
    expect(() => salaryAmountPaise(3_000_000, 0, 0)).toThrow(RangeError);
    expect(() => salaryAmountPaise(-100, 30, 0)).toThrow(RangeError);
    expect(() => salaryAmountPaise(3_000_050, 30, 0)).toThrow(/whole rupees/);
  });

  it('stays exact for the largest salaries (no float sums)', () => {
    const ctc = 99_99_99_999_00; // ₹99,99,99,999 a month
    expect(salaryAmountPaise(ctc, 31, 1)).toBe(Math.ceil((ctc * 30) / 3100) * 100);
    expect(Number.isSafeInteger(salaryAmountPaise(ctc, 31, -31))).toBe(true);
  });
});

describe('the payslip', () => {
  it('without absence lists the structure and totals the CTC', () => {
    const p = computePayslip(3_000_000, structure, 30, 0);
    expect(p.items.map((i) => i.item_name)).toEqual(['Basic', 'HRA', 'PF']);
    expect(p.totalPaise).toBe(3_000_000);
    expect(p.salaryPaise).toBe(3_000_000);
    expect(p.present_days).toBe(30);
  });

  it('two absent days add a Loss of Pay debit worth those days, and the total is the salary amount', () => {
    const p = computePayslip(3_000_000, structure, 30, 2);
    const lop = p.items.find((i) => i.item_name === LOSS_OF_PAY)!;
    expect(lop).toMatchObject({ type: DEBIT, paise: 200_000, key: 'loss-of-pay' });
    expect(p.items.some((i) => i.item_name === OVERTIME)).toBe(false);
    expect(p.totalPaise).toBe(2_800_000);
    expect(p.totalPaise).toBe(p.salaryPaise);
    expect(p.present_days).toBe(28);
  });

  it('Loss of Pay is rounded down where the salary is rounded up, so the total still agrees', () => {
    const p = computePayslip(3_000_000, structure, 31, 2);
    expect(p.salaryPaise).toBe(2_806_500);
    expect(p.items.find((i) => i.item_name === LOSS_OF_PAY)!.paise).toBe(193_500); // 1935.48… → 1935
    expect(p.totalPaise).toBe(p.salaryPaise);
  });

  it('negative absent days add an Overtime credit instead', () => {
    const p = computePayslip(3_000_000, structure, 30, -3);
    expect(p.items.find((i) => i.item_name === OVERTIME)).toMatchObject({ type: CREDIT, paise: 300_000, key: 'overtime' });
    expect(p.items.some((i) => i.item_name === LOSS_OF_PAY)).toBe(false);
    expect(p.totalPaise).toBe(3_300_000);
  });

  it('all days absent: Loss of Pay is the whole CTC and the total is zero', () => {
    const p = computePayslip(3_000_000, structure, 30, 30);
    expect(p.items.find((i) => i.item_name === LOSS_OF_PAY)!.paise).toBe(3_000_000);
    expect(p.totalPaise).toBe(0);
    expect(p.present_days).toBe(0);
  });

  it('a CTC of zero with no items gives one zero Salary item and a zero total', () => {
    const p = computePayslip(0, [], 30, 2);
    expect(p.items.map((i) => [i.item_name, i.paise])).toEqual([[WHOLE_SALARY, 0], [LOSS_OF_PAY, 0]]);
    expect(p.totalPaise).toBe(0);
  });

  it('a structure with no items pays the CTC as one Salary credit', () => {
    const p = computePayslip(1_550_100, [], 31, 1);
    expect(p.items[0]).toMatchObject({ item_name: WHOLE_SALARY, type: CREDIT, paise: 1_550_100 });
    expect(p.salaryPaise).toBe(1_500_100); // 15501 × 30/31 = 15000.96… → 15001
    expect(p.totalPaise).toBe(p.salaryPaise);
  });

  it('the total is the credits minus the debits', () => {
    expect(itemsTotalPaise([{ item_name: 'a', type: CREDIT, paise: 500 }, { item_name: 'b', type: DEBIT, paise: 200 }])).toBe(300);
    expect(itemsTotalPaise([])).toBe(0);
  });

  it('refuses a structure whose items do not add up to its CTC', () => {
    expect(structureMismatch(3_000_000, structure)).toBe(false);
    expect(structureMismatch(3_100_000, structure)).toBe(true);
    expect(structureMismatch(3_100_000, [])).toBe(false);
    expect(() => computePayslip(3_100_000, structure, 30, 0)).toThrow(/do not add up/);
  });

  it('agrees with its salary amount for every month length and absence', () => {
    for (const ctc of [0, 100, 1_234_500, 3_000_000, 4_567_800]) {
      for (let total = 28; total <= 31; total++) {
        for (let absent = -total; absent <= total; absent++) {
          const p = computePayslip(ctc, [], total, absent);
          expect(p.totalPaise).toBe(p.salaryPaise);
          expect(p.salaryPaise % 100).toBe(0);
          expect(p.items.every((i) => i.paise >= 0)).toBe(true);
        }
      }
    }
  });
});

describe('months and leave types', () => {
  it('stores the month as its first day', () => {
    expect(monthStart('2026-10')).toBe('2026-10-01');
    expect(monthStart('2026-10-17')).toBe('2026-10-01');
    expect(() => monthStart('2026-13')).toThrow(RangeError);
    expect(() => monthStart('Oct 2026')).toThrow(RangeError);
  });

  it('counts the days of a month', () => {
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2028-02-10')).toBe(29);
    expect(daysInMonth('2026-10')).toBe(31);
    expect(daysInMonth('2026-11')).toBe(30);
  });

  it('names the leave types, 0 as Unknown', () => {
    expect(leaveTypeName(-1)).toBe('Loss of Pay');
    expect(leaveTypeName(1)).toBe('Casual');
    expect(leaveTypeName(2)).toBe('Sick');
    expect(leaveTypeName(4)).toBe('Others');
    expect(leaveTypeName(0)).toBe('Unknown');
    expect(leaveTypeName(3)).toBe('Unknown');
  });
});

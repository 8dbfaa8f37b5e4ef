import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import * as service from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { SCHOOL_TZ } from '../../framework/periods.js';
import { resourceByName } from '../../../shared/registry.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { CREDIT, DEBIT, type ItemType } from '../../../shared/payroll.js';
import { payInstallment } from './installment.js';

/** The demo CTCs (monthly, whole rupees), by HR employee in the order HR made them. */
const CTCS = [48000, 42000, 38000, 35000, 32000, 30000, 28000, 24000, 20000, 16000];

/** A usual Indian structure: basic half the CTC, HRA a fifth, PF 12% of basic (at most ₹1,800), the special allowance making the net the CTC. */
function structure(ctc: number): Array<{ item_name: string; type: ItemType; value: number }> {
  const basic = Math.round(ctc * 0.5);
  const hra = Math.round(ctc * 0.2);
  const pf = Math.min(Math.round(basic * 0.12), 1800);
  return [
    { item_name: 'Basic', type: CREDIT, value: basic },
    { item_name: 'HRA', type: CREDIT, value: hra },
    { item_name: 'Special Allowance', type: CREDIT, value: ctc - basic - hra + pf },
    { item_name: 'Provident Fund', type: DEBIT, value: pf },
  ];
}

/** 'YYYY-MM-01' of the month `back` months before today's (India time). */
function monthBefore(back: number, now = new Date()): string {
  const [y, m] = now.toLocaleDateString('en-CA', { timeZone: SCHOOL_TZ }).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * The demo school's payroll: a salary structure for each HR employee, payroll entries for the
 * last two months (absent days from HR's attendance, so the employee HR marked absent two days
 * last month has Loss of Pay), and last month's salaries paid from the bank account, some in two
 * installments, each an expense in the accounts. Everything goes through the same code the screens use.
 */
export async function seedDemoPayroll(ctx: Ctx) {
  const employees = await ctx.db.selectFrom('hr_employee').select(['id']).orderBy('id').limit(CTCS.length).execute();
  for (const [i, e] of employees.entries()) {
    const ctc = CTCS[i]!;
    const salary = structure(ctc);
    await items(ctx, 'payroll-salaries').create({ employee_id: e.id, ctc, salary }, { action: 'set' });
  }
  const payrolls = resourceByName('payrolls');
  const [before, last] = [monthBefore(2), monthBefore(1)];
  const lastMonth: Array<{ id: number; salary: number }> = [];
  for (const month of [before, last]) {
    for (const e of employees) {
      const row = await service.create(ctx, payrolls, { employee_id: e.id, month_year: month });
      if (month === last) lastMonth.push({ id: row.id, salary: toPaise(Number(row.salary_amount)) });
    }
  }
  const bank = await ctx.db.selectFrom('fin_account').select('id').where('type', '=', 'bank').orderBy('id').executeTakeFirst();
  if (!bank) return;
  const mode = await ctx.db.selectFrom('fin_payment_mode').select('id').orderBy(sql`name ilike '%bank%'`, 'desc').orderBy('id').executeTakeFirst()
    ?? await items(ctx, 'finance-payment-modes').create({ name: 'Bank Transfer' });
  const category = await ctx.db.selectFrom('fin_expense_category').select('id').where('name', 'ilike', '%salar%').orderBy('id').executeTakeFirst()
    ?? await items(ctx, 'finance-expense-categories').create({ name: 'Salaries' });
  const payDay = monthBefore(0);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: SCHOOL_TZ });
  const balanceDay = [`${payDay.slice(0, 8)}05`, today].sort()[0]!;
  for (const [i, p] of lastMonth.entries()) {
    const common = { payment_id: p.id, exp_debit_account: bank.id, exp_payment_mode: mode.id, exp_category: category.id, payment_date: payDay };
    if (i % 3 === 1) {
      // Paid in two parts: an advance on the 1st, the rest a few days later.
      const half = Math.floor(p.salary / 200) * 100;
      await payInstallment(ctx, { ...common, amount_paid: toRupees(half), payment_mode_details: `NEFT advance ${i + 1}` });
      await payInstallment(ctx, { ...common, amount_paid: toRupees(p.salary - half), payment_date: balanceDay, payment_mode_details: `NEFT balance ${i + 1}` });
    } else {
      await payInstallment(ctx, { ...common, amount_paid: toRupees(p.salary), payment_mode_details: `NEFT ${i + 1}` });
    }
  }
}

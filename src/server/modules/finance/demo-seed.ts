import { resourceByName } from '../../../shared/registry.js';
import type { Ctx } from '../../framework/context.js';
import { schoolToday } from '../../framework/periods.js';
import * as service from '../../framework/service.js';
import { createExpense, payInstallment } from './expenses.js';

/** The day `n` days before today in the school's calendar (YYYY-MM-DD). */
function daysAgo(n: number): string {
  const d = new Date(`${schoolToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

const create = async (ctx: Ctx, name: string, row: Record<string, unknown>): Promise<number> => (await service.create(ctx, resourceByName(name), row)).id as number;
const rupees = (r: number) => Math.round(r * 100);

/**
 * The demo school's books: a bank account and a cash book, vendors, categories and payment
 * modes, a month of expenses (some paid in full, some with installments still due), deposits
 * (fees banked, a donation, cash moved to the bank) and inventory bought with two of the
 * expenses. Everything goes through the finance ledger, so each balance is its transactions'.
 */
export async function seedDemoFinance(ctx: Ctx): Promise<void> {
  const bank = await create(ctx, 'finance-accounts', {
    name: 'Canara Bank Current A/c', type: 'bank',
    extras: { bank_name: 'Canara Bank', bank_branch: 'Jayanagar 4th Block', account_number: '0412201001234', ifsc_code: 'CNRB0000412' },
  });
  const cash = await create(ctx, 'finance-accounts', { name: 'Cash Book', type: 'book', extras: {} });
  const cat: Record<string, number> = {};
  for (const name of ['Stationery', 'Maintenance', 'Utilities', 'Salary', 'Events']) cat[name] = await create(ctx, 'finance-expense-categories', { name });
  const mode: Record<string, number> = {};
  for (const name of ['Cash', 'UPI', 'Bank transfer', 'Cheque']) mode[name] = await create(ctx, 'finance-payment-modes', { name });
  const vendor = {
    books: await create(ctx, 'finance-vendors', { name: 'Sri Ganesh Book House', phone: '9845011122', gstin: '29AAGFS1234K1Z2', address: '12, 9th Cross, Jayanagar, Bengaluru' }),
    electric: await create(ctx, 'finance-vendors', { name: 'Bharat Electricals', phone: '9845033344', gstin: '29AACFB5678L1Z8', email: 'sales@bharatelectricals.in' }),
    bescom: await create(ctx, 'finance-vendors', { name: 'BESCOM', website: 'https://bescom.karnataka.gov.in' }),
    furniture: await create(ctx, 'finance-vendors', { name: 'Woodcraft Furniture', phone: '9845055566', gstin: '29AADFW9012M1Z4' }),
  };

  // Money in first, so the accounts carry what the month then spends.
  await create(ctx, 'finance-deposits', { name: 'Term fees banked', deposit_type: 1, fin_account_id: bank, date: daysAgo(29), amount: 350000, mode: 'Bank transfer' });
  await create(ctx, 'finance-deposits', { name: 'Counter fee collection', deposit_type: 1, fin_account_id: cash, date: daysAgo(27), amount: 48000, mode: 'Cash' });
  await create(ctx, 'finance-deposits', { name: 'Alumni association donation', deposit_type: 2, fin_account_id: bank, date: daysAgo(20), amount: 25000, mode: 'Cheque', description: 'For the library' });
  await create(ctx, 'finance-deposits', { name: 'Cash deposited in bank', deposit_type: 3, fin_account_id: bank, from_account: cash, date: daysAgo(15), amount: 20000, mode: 'Cash' });
  await create(ctx, 'finance-deposits', { name: 'Canteen rent', deposit_type: 4, fin_account_id: cash, date: daysAgo(2), amount: 6000, mode: 'Cash' });

  const spend = (e: { name: string; cat: string; account: number; vendor?: number; amount: number; tax?: number; paid: number; days: number; mode: string; details?: string; description?: string }) =>
    createExpense(ctx, {
      name: e.name, exp_cat_id: cat[e.cat]!, account_id: e.account, vendor_id: e.vendor ?? null, amountPaise: rupees(e.amount), taxPaise: rupees(e.tax ?? 0),
      firstPaymentPaise: rupees(e.paid), date: daysAgo(e.days), payment_mode_id: mode[e.mode]!, payment_details: e.details ?? null, description: e.description ?? null,
    });
  const notebooks = await spend({ name: 'Notebooks and chalk for the term', cat: 'Stationery', account: bank, vendor: vendor.books, amount: 18500, tax: 2220, paid: 20720, days: 28, mode: 'Bank transfer', details: 'NEFT UTR CNRBN52610001' });
  await spend({ name: 'Electricity bill', cat: 'Utilities', account: bank, vendor: vendor.bescom, amount: 14230, paid: 14230, days: 24, mode: 'UPI', details: 'UPI ref 512345678901' });
  await spend({ name: 'Water tanker', cat: 'Utilities', account: cash, amount: 2400, paid: 2400, days: 21, mode: 'Cash' });
  const fans = await spend({ name: 'Ceiling fans for 5 A and 5 B', cat: 'Maintenance', account: bank, vendor: vendor.electric, amount: 16000, tax: 2880, paid: 8000, days: 18, mode: 'Cheque', details: 'Cheque 004512', description: 'Eight fans, fitted; balance after the warranty card comes' });
  const desks = await spend({ name: 'Student desks', cat: 'Maintenance', account: bank, vendor: vendor.furniture, amount: 60000, tax: 10800, paid: 30000, days: 12, mode: 'Bank transfer', details: 'NEFT UTR CNRBN52610044' });
  await spend({ name: 'Part-time music teacher', cat: 'Salary', account: cash, amount: 9000, paid: 9000, days: 8, mode: 'Cash' });
  await spend({ name: "Children's Day prizes", cat: 'Events', account: cash, vendor: vendor.books, amount: 4500, tax: 540, paid: 0, days: 5, mode: 'Cash', description: 'Prizes for the drawing and quiz competitions' });
  await spend({ name: 'Whiteboard markers', cat: 'Stationery', account: cash, vendor: vendor.books, amount: 1200, tax: 144, paid: 1344, days: 1, mode: 'UPI' });
  // A second installment on the desks; half of it is still due.
  await payInstallment(ctx, { expense_id: desks.id, paise: rupees(20000), account_id: bank, payment_mode_id: mode['Bank transfer']!, payment_details: 'NEFT UTR CNRBN52610077', payment_date: daysAgo(3) });

  const furniture = await create(ctx, 'finance-inventory-categories', { name: 'Furniture' });
  const electrical = await create(ctx, 'finance-inventory-categories', { name: 'Electrical' });
  await create(ctx, 'finance-inventory-categories', { name: 'Lab equipment' });
  await create(ctx, 'finance-inventory-items', { name: 'Student desk (dual)', inv_cat_id: furniture, expense_id: desks.id, quantity: 40, unit: 'pcs', amount: 60000, tax: 10800, details: 'Steel frame, laminated top' });
  await create(ctx, 'finance-inventory-items', { name: 'Ceiling fan 1200 mm', inv_cat_id: electrical, expense_id: fans.id, quantity: 8, unit: 'pcs', amount: 16000, tax: 2880 });
  await create(ctx, 'finance-inventory-items', { name: 'Long notebooks (stock)', inv_cat_id: null, expense_id: notebooks.id, quantity: 500, unit: 'pcs', amount: 12500, tax: 1500 });
}

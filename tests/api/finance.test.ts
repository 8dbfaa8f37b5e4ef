/** The finance module (spec 2): accounts and their ledger, vendors, categories, payment modes, expenses, inventory, deposits and transfers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let bank: number;
let cash: number;
let category: number;
let vendor: number;
let upi: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  bank = (await ok('PUT /finance/accounts/', { name: 'Canara Bank', type: 'bank', extras: { bank_name: 'Canara Bank', bank_branch: 'Jayanagar', account_number: '0412101001234', ifsc_code: 'CNRB0000412' } })).id;
  cash = (await ok('PUT /finance/accounts/', { name: 'Cash Book', type: 'book' })).id;
  category = (await ok('PUT /finance/expenses/categories/', { name: 'Stationery' })).id;
  vendor = (await ok('PUT /finance/vendors/', { name: 'Sri Ganesh Stores', gstin: '29ABCDE1234F1Z5', phone: '9845012345' })).id;
  upi = (await ok('PUT /finance/payment-modes/', { name: 'UPI' })).id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
async function ok(c: string, body?: unknown) {
  const res = await call(c, body);
  if (!res.body.success) throw new Error(`${c}: ${res.status} ${res.body.error}`);
  return res.body.data;
}
const account = async (id: number) => (await call(`GET /finance/account/${id}/`)).body.data;
/** The account's balance from its transactions, summed in SQL numeric. */
async function ledgerSum(id: number): Promise<{ credit: number; debit: number }> {
  const row = await schoolDb(t, s).selectFrom('fin_transaction')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('txn_type', '=', 0).then(eb.ref('amount')).else(0).end()), eb.lit(0)).as('credit'),
      eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('txn_type', '=', 1).then(eb.ref('amount')).else(0).end()), eb.lit(0)).as('debit')])
    .where('account_id', '=', id).executeTakeFirstOrThrow();
  return { credit: Number(row.credit), debit: Number(row.debit) };
}
const audits = (resource: string, action?: string) => {
  let q = schoolDb(t, s).selectFrom('audit').selectAll().where('resource', '=', resource);
  if (action) q = q.where('action', '=', action);
  return q.execute();
};
const expense = (extra: Record<string, unknown> = {}) => ({
  name: 'Notebooks', exp_cat_id: category, account_id: bank, vendor_id: vendor, amount: 1000, tax: 180, installment_amount: 500,
  date: '2026-11-02', payment_mode_id: upi, payment_details: 'UPI ref 1234', description: 'Class 5 notebooks', ...extra,
});

describe('accounts', () => {
  it('adds a bank account with its details and a cash book, each starting at zero', async () => {
    const a = await account(bank);
    expect(a).toMatchObject({ name: 'Canara Bank', type: 'bank', credit: 0, debit: 0, balance: 0, extras: { ifsc_code: 'CNRB0000412' } });
    const list = (await call('GET /finance/accounts/')).body.data;
    expect(list.map((r: any) => r.name)).toEqual(expect.arrayContaining(['Canara Bank', 'Cash Book']));
  });

  it('refuses an account without a name or type, and a bad IFSC code', async () => {
    for (const [body, message] of [
      [{ type: 'bank' }, 'Account name is required!'],
      [{ name: '  ', type: 'bank' }, 'Account name is required!'],
      [{ name: 'X', type: null }, 'Account type is required!'],
      [{ name: 'X', type: 'wallet' }, 'Account type is required!'],
      [{ name: 'X', type: 'bank', extras: { ifsc_code: 'BAD' } }, 'IFSC code is 11 characters, like SBIN0001234'],
      [{ name: 'X', type: 'bank', credit: 100 }, expect.any(String)],
    ] as const) {
      const res = await call('PUT /finance/accounts/', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(message);
    }
  });

  it('updates an account and deletes one without transactions; refuses one with transactions', async () => {
    const spare = (await ok('PUT /finance/accounts/', { name: 'Spare', type: 'book' })).id;
    const upd = await call(`POST /finance/account/${spare}/`, { name: 'Petty Cash' });
    expect(upd.body).toMatchObject({ success: true, message: 'Account updated', data: { name: 'Petty Cash' } });
    await ok('PUT /finance/deposits/', { name: 'Donation', deposit_type: 2, fin_account_id: spare, date: '2026-11-03', amount: 10 });
    const refused = await call(`DELETE /finance/account/${spare}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/This account is used by 1 (deposit|transaction)/);
    const empty = (await ok('PUT /finance/accounts/', { name: 'Unused', type: 'book' })).id;
    expect((await call(`DELETE /finance/account/${empty}/`)).body).toMatchObject({ success: true, message: 'Deleted' });
    expect((await call(`GET /finance/account/${empty}/`)).status).toBe(404);
  });
});

describe('vendors, categories and payment modes', () => {
  it('keeps vendors with a GSTIN and says the spec\'s messages', async () => {
    const v = await call('PUT /finance/vendors/', { name: 'Bharat Electricals', gstin: '29AAACB1234C1Z9', email: 'sales@bharat.in' });
    expect(v.body).toMatchObject({ success: true, message: 'Vendor added', data: { gstin: '29AAACB1234C1Z9' } });
    expect((await call('PUT /finance/vendors/', { phone: '9845000000' })).body.error).toBe('Vendor name is required!');
    expect((await call('PUT /finance/vendors/', { name: 'X', gstin: '123' })).body.error).toBe('GSTIN is 15 characters, like 29ABCDE1234F1Z5');
    expect((await call(`POST /finance/vendor/${v.body.data.id}/`, { phone: '9845000011' })).body).toMatchObject({ success: true, data: { phone: '9845000011' } });
    expect((await call(`GET /finance/vendor/${v.body.data.id}/`)).body.data.name).toBe('Bharat Electricals');
    expect((await call(`DELETE /finance/vendor/${v.body.data.id}/`)).body.success).toBe(true);
  });

  it('adds and deletes categories and payment modes with the spec\'s messages', async () => {
    expect((await call('PUT /finance/expenses/categories/', {})).body.error).toBe('Category name is required!');
    expect((await call('PUT /finance/inventory/categories/', { name: '' })).body.error).toBe('Category name is required!');
    expect((await call('PUT /finance/payment-modes/', {})).body.error).toBe('Name is required!');
    const c = await call('PUT /finance/expenses/categories/', { name: 'Events' });
    expect(c.body.message).toBe('Category added');
    const ic = await call('PUT /finance/inventory/categories/', { name: 'Furniture' });
    expect(ic.body.message).toBe('Inventory category added');
    const m = await call('PUT /finance/payment-modes/', { name: 'Cheque' });
    expect(m.body.message).toBe('New payment mode added');
    expect((await call('GET /finance/payment-modes/')).body.data.map((r: any) => r.name)).toContain('Cheque');
    expect((await call(`DELETE /finance/expenses/category/${c.body.data.id}/`)).body.message).toBe('Category deleted');
    expect((await call(`DELETE /finance/inventory/category/${ic.body.data.id}/`)).body.message).toBe('Category deleted');
    expect((await call(`DELETE /finance/payment-mode/${m.body.data.id}/`)).body.message).toBe('Deleted');
  });
});

describe('expenses', () => {
  it('adds an expense: total = amount + tax, the first installment debits the account; its details answer the installments', async () => {
    const before = await account(bank);
    const res = await call('PUT /finance/expenses/', expense({ total_amount: 1180 }));
    expect(res.body).toMatchObject({ success: true, message: 'New expense added' });
    const e = (await call(`GET /finance/expense/${res.body.data.id}/`)).body.data;
    expect(e).toMatchObject({ name: 'Notebooks', amount: 1000, tax: 180, total_amount: 1180, paid_amount: 500, category: 'Stationery', vendor: 'Sri Ganesh Stores', account: 'Canara Bank' });
    // The one call for an expense (spec 2 §7) carries its installments, as the details screen shows them.
    expect(e.installments).toMatchObject([{ id: expect.any(Number), expense_id: e.id, paid_amount: 500, account: 'Canara Bank', payment_mode: 'UPI', payment_date: '2026-11-02' }]);
    expect((await call(`GET /finance/expense/${e.id}/installments/`)).status).toBe(404);
    // Lists leave them out.
    expect((await call('GET /finance/expenses/')).body.data.find((r: any) => r.id === e.id)).not.toHaveProperty('installments');
    const after = await account(bank);
    expect(after.debit - before.debit).toBe(500);
    const txns = (await call(`GET /finance/account/${bank}/transactions/?start_date=2026-11-01&end_date=2026-11-30`)).body.data;
    expect(txns).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Notebooks', amount: 500, txn_type: 1, date: '2026-11-02' })]));
    expect(await audits('finance-expenses', 'create')).not.toHaveLength(0);
    expect((await audits('finance-transactions', 'create')).some((a) => (a.data as any).source_id === e.id)).toBe(true);
    // The account's debit moved through the service too, audited with the figure before and after.
    const debited = (await audits('finance-accounts', 'debit')).filter((a) => a.record_id === String(bank)).sort((a, b) => a.id - b.id).at(-1)!;
    expect([Number((debited.data as any).before.debit), (debited.data as any).changes.debit]).toEqual([before.debit, after.debit]);
  });

  it('computes the total on the server: a wrong total, missing name or installment, or too big a first payment is refused, nothing stored', async () => {
    const count = async () => (await call('GET /finance/expenses/')).body.data.length;
    const n = await count();
    for (const [body, message, status] of [
      [expense({ total_amount: 1000 }), 'Total must be amount plus tax', 400],
      [expense({ name: undefined }), 'Expense name is required!', 400],
      [expense({ name: '   ' }), 'Expense name is required!', 400],
      [expense({ installment_amount: undefined }), 'Installment amount is required!', 400],
      [expense({ installment_amount: 1180.01 }), 'Amount paying must be more than 0 and less than balance', 400],
      [expense({ account_id: 999999 }), 'Account not found', 400],
      [expense({ files: [{ name: 'bill.pdf', path: '/not/an/upload.pdf' }] }), 'An attachment was not uploaded here: upload it again', 400],
    ] as const) {
      const res = await call('PUT /finance/expenses/', JSON.parse(JSON.stringify(body)));
      expect(res.status, message).toBe(status);
      expect(res.body.error).toBe(message);
    }
    expect(await count()).toBe(n);
  });

  it('pays installments up to the balance, each debiting its account; refuses 0 and more than the balance', async () => {
    const id = (await ok('PUT /finance/expenses/', expense({ name: 'Lab chairs', installment_amount: 0 }))).id;
    const cashBefore = (await account(cash)).debit;
    const pay = (paid_amount: unknown, extra: Record<string, unknown> = {}) =>
      call('PATCH /finance/expenses/', { expense_id: id, paid_amount, account_id: cash, payment_mode_id: upi, payment_details: 'cash', payment_date: '2026-11-10', ...extra });
    for (const amount of [0, -5, 1180.01]) {
      const res = await pay(amount);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Amount paying must be more than 0 and less than balance');
    }
    expect((await pay(1000.5)).body).toMatchObject({ success: true, message: 'Installment Paid', data: { paid_amount: 1000.5, balance: 179.5 } });
    expect((await pay(179.5, { payment_date: '2026-11-05' })).body).toMatchObject({ success: true, data: { balance: 0 } });
    expect((await pay(0.01)).body.error).toBe('Amount paying must be more than 0 and less than balance');
    expect((await call('PATCH /finance/expenses/', { expense_id: 999999, paid_amount: 1, account_id: cash, payment_date: '2026-11-10' })).status).toBe(404);
    expect((await account(cash)).debit - cashBefore).toBeCloseTo(1180, 2);
    // Its installments in the order they were paid in, not made in.
    expect((await call(`GET /finance/expense/${id}/`)).body.data).toMatchObject({
      total_amount: 1180, paid_amount: 1180,
      installments: [{ paid_amount: 179.5, payment_date: '2026-11-05' }, { paid_amount: 1000.5, payment_date: '2026-11-10' }],
    });
    expect((await audits('finance-expenses', 'pay')).filter((a) => a.record_id === String(id))).toHaveLength(2);
  });

  it('20 concurrent installments on one expense never pay more than is pending', async () => {
    const id = (await ok('PUT /finance/expenses/', expense({ name: 'Sports day', amount: 1000, tax: 0, installment_amount: 0 }))).id;
    const before = await account(cash);
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      call('PATCH /finance/expenses/', { expense_id: id, paid_amount: 75, account_id: cash, payment_date: '2026-11-11' })));
    const paid = results.filter((r) => r.body.success).length;
    expect(paid).toBe(13); // 13 × 75 = 975; a 14th would be 1050 > 1000
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.error).toBe('Amount paying must be more than 0 and less than balance');
    expect((await call(`GET /finance/expense/${id}/`)).body.data.paid_amount).toBe(975);
    const { installments } = (await call(`GET /finance/expense/${id}/`)).body.data;
    expect(installments).toHaveLength(13);
    expect(installments.map((i: any) => i.paid_amount)).toEqual(Array(13).fill(75));
    expect((await account(cash)).debit - before.debit).toBeCloseTo(975, 2);
    const sum = await ledgerSum(cash);
    const a = await account(cash);
    expect([a.credit, a.debit, a.balance]).toEqual([sum.credit, sum.debit, Math.round((sum.credit - sum.debit) * 100) / 100]);
  });

  it('edits an expense keeping total = amount + tax, never below what is paid', async () => {
    const id = (await ok('PUT /finance/expenses/', expense({ name: 'Paint', amount: 200, tax: 0, installment_amount: 150 }))).id;
    expect((await call(`POST /finance/expense/${id}/`, { tax: 36 })).body.data).toMatchObject({ amount: 200, tax: 36, total_amount: 236 });
    const low = await call(`POST /finance/expense/${id}/`, { amount: 100, tax: 0 });
    expect(low.status).toBe(400);
    expect(low.body.error).toBe('The total cannot be less than what is already paid');
    expect((await call(`POST /finance/expense/${id}/`, { account_id: cash })).body.error).toBe('Account cannot be changed');
  });

  it('deleting an expense removes its installments and transactions, with the spec\'s reminder', async () => {
    const before = await account(bank);
    const id = (await ok('PUT /finance/expenses/', expense({ name: 'Printer ink', installment_amount: 300 }))).id;
    await ok('PATCH /finance/expenses/', { expense_id: id, paid_amount: 100, account_id: bank, payment_date: '2026-11-12' });
    expect((await account(bank)).debit - before.debit).toBe(400);
    const res = await call(`DELETE /finance/expense/${id}/`);
    expect(res.body).toMatchObject({ success: true, message: 'Expense deleted, please remove this from deposit as well' });
    expect((await account(bank)).debit).toBe(before.debit);
    expect(await schoolDb(t, s).selectFrom('fin_transaction').select('id').where('source', '=', 'expense').where('source_id', '=', id).execute()).toHaveLength(0);
    expect(await schoolDb(t, s).selectFrom('fin_expense_installment').select('id').where('expense_id', '=', id).execute()).toHaveLength(0);
    expect(await audits('finance-expenses', 'remove')).not.toHaveLength(0);
    expect((await audits('finance-accounts', 'reverse')).filter((a) => a.record_id === String(bank)).sort((a, b) => a.id - b.id).at(-1)!.data).toMatchObject({ changes: { debit: before.debit } });
  });
});

describe('inventory', () => {
  it('stores the total as amount + tax and says the spec\'s messages', async () => {
    const res = await call('PUT /finance/inventory/', { name: 'Student desks', quantity: 12, unit: 'pcs', amount: 36000, tax: 6480 });
    expect(res.body).toMatchObject({ success: true, message: 'Inventory Item Added', data: { total_amount: 42480 } });
    expect((await call('PUT /finance/inventory/', { name: 'X', quantity: 1, amount: 10, tax: 1, total_amount: 12 })).body.error).toBe('Total must be amount plus tax');
    expect((await call('PUT /finance/inventory/', { quantity: 1 })).body.error).toBe('Inventory name is required');
    expect((await call('PUT /finance/inventory/', { name: 'Chairs' })).body.error).toBe('Quantity is required');
    const id = res.body.data.id;
    expect((await call(`POST /finance/inventory/${id}/`, { tax: 0 })).body).toMatchObject({ message: 'Inventory item updated', data: { total_amount: 36000 } });
    expect((await call(`GET /finance/inventory/${id}/`)).body.data.name).toBe('Student desks');
    expect((await call(`DELETE /finance/inventory/${id}/`)).body.message).toBe('Inventory item deleted');
  });
});

describe('deposits and transfers', () => {
  it('a deposit credits its account; the list covers this month by default or the range asked', async () => {
    const before = await account(bank);
    const res = await call('PUT /finance/deposits/', { name: 'Alumni donation', deposit_type: 2, fin_account_id: bank, date: '2026-10-15', amount: 25000.75, mode: 'Cheque' });
    expect(res.body).toMatchObject({ success: true, message: 'Deposit entry added' });
    expect((await account(bank)).credit - before.credit).toBeCloseTo(25000.75, 2);
    const oct = (await call('GET /finance/deposits/?start_date=2026-10-01&end_date=2026-10-31')).body.data;
    expect(oct).toMatchObject([{ name: 'Alumni donation', amount: 25000.75, deposit_type: 2, account: 'Canara Bank' }]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await ok('PUT /finance/deposits/', { name: 'Canteen rent', deposit_type: 4, fin_account_id: cash, date: today, amount: 1500 });
    const now = (await call('GET /finance/deposits/')).body.data.map((r: any) => r.name);
    expect(now).toContain('Canteen rent');
    expect(now).not.toContain('Alumni donation');
    expect((await call('GET /finance/deposits/?start_date=2026-13-01')).status).toBe(400);
  });

  it('says the spec\'s messages for a deposit without title, type, account or amount', async () => {
    for (const [body, message] of [
      [{ deposit_type: 2, fin_account_id: bank, date: '2026-11-01', amount: 1 }, 'Title is required!'],
      [{ name: 'X', fin_account_id: bank, date: '2026-11-01', amount: 1 }, 'Deposit Type is required!'],
      [{ name: 'X', deposit_type: 2, date: '2026-11-01', amount: 1 }, 'Account is required!'],
      [{ name: 'X', deposit_type: 2, fin_account_id: bank, date: '2026-11-01' }, 'Amount is required!'],
      [{ name: 'X', deposit_type: 3, fin_account_id: bank, date: '2026-11-01', amount: 5 }, 'Please select the account the money is transferred from'],
      [{ name: 'X', deposit_type: 3, fin_account_id: bank, from_account: bank, date: '2026-11-01', amount: 5 }, 'A transfer needs two different accounts'],
    ] as const) {
      const res = await call('PUT /finance/deposits/', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it('a transfer credits one account and debits the other; deleting it reminds about the other side', async () => {
    const [b0, c0] = [await account(bank), await account(cash)];
    const res = await call('PUT /finance/deposits/', { name: 'Cash to bank', deposit_type: 3, fin_account_id: bank, from_account: cash, date: '2026-11-05', amount: 2000 });
    expect(res.body.success).toBe(true);
    expect((await account(bank)).credit - b0.credit).toBe(2000);
    expect((await account(cash)).debit - c0.debit).toBe(2000);
    const rows = (await call('GET /finance/account/transfers/?start_date=2026-11-01&end_date=2026-11-30')).body.data.filter((r: any) => r.name === 'Cash to bank');
    expect(rows.map((r: any) => [r.account, r.type, r.amount]).sort()).toEqual([['Canara Bank', 'credit', 2000], ['Cash Book', 'debit', 2000]]);
    const del = await call(`DELETE /finance/deposit/${res.body.data.id}/`);
    expect(del.body).toMatchObject({ success: true, message: 'Deposit deleted, please remove this from expenses as well' });
    expect((await account(bank)).credit).toBe(b0.credit);
    expect((await account(cash)).debit).toBe(c0.debit);
    const plain = await ok('PUT /finance/deposits/', { name: 'Fees', deposit_type: 1, fin_account_id: cash, date: '2026-11-05', amount: 10 });
    expect((await call(`DELETE /finance/deposit/${plain.id}/`)).body.message).toBe('Deposit deleted!');
    const gone = await call(`DELETE /finance/deposit/${plain.id}/`);
    expect([gone.status, gone.body.error]).toEqual([404, 'Something went wrong!']);
    expect(await audits('finance-deposits', 'remove')).toHaveLength(2);
  });

  it('20 concurrent transfers between two accounts leave both balances equal to the sum of their transactions', async () => {
    const a = (await ok('PUT /finance/accounts/', { name: 'Transfer A', type: 'bank' })).id;
    const b = (await ok('PUT /finance/accounts/', { name: 'Transfer B', type: 'book' })).id;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call('PUT /finance/deposits/', {
      name: `Move ${i}`, deposit_type: 3, fin_account_id: i % 2 ? a : b, from_account: i % 2 ? b : a, date: '2026-11-06', amount: 10 + i * 0.01,
    })));
    expect(results.every((r) => r.body.success)).toBe(true);
    for (const id of [a, b]) {
      const acc = await account(id);
      const sum = await ledgerSum(id);
      expect([acc.credit, acc.debit]).toEqual([sum.credit, sum.debit]);
      expect(acc.balance).toBeCloseTo(sum.credit - sum.debit, 2);
    }
    const [A, B] = [await account(a), await account(b)];
    expect(A.balance + B.balance).toBeCloseTo(0, 2);
    expect(A.credit).toBeCloseTo(10 * 10 + 0.01 * (1 + 3 + 5 + 7 + 9 + 11 + 13 + 15 + 17 + 19), 2);
  });

  it('account transactions default to this month and honour a range', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await ok('PUT /finance/deposits/', { name: 'Today money', deposit_type: 4, fin_account_id: cash, date: today, amount: 7 });
    const def = (await call(`GET /finance/account/${cash}/transactions/`)).body.data;
    expect(def.map((r: any) => r.name)).toContain('Today money');
    expect(def.every((r: any) => r.date >= `${today.slice(0, 8)}01` && r.date <= today)).toBe(true);
    const old = (await call(`GET /finance/account/${cash}/transactions/?start_date=2020-01-01&end_date=2020-12-31`)).body.data;
    expect(old).toEqual([]);
  });
});

describe('access', () => {
  it('an admin without the finance permission, and a teacher, are refused every finance call', async () => {
    for (const token of [s.tokens['admin-none']!, s.tokens['2']!, s.tokens['1']!]) {
      for (const c of ['GET /finance/accounts/', `GET /finance/account/${bank}/transactions/`, 'GET /finance/deposits/', 'GET /finance/expenses/']) {
        expect((await call(c, undefined, token)).status, c).toBe(403);
      }
      const pay = await call('PATCH /finance/expenses/', { expense_id: 1, paid_amount: 1, account_id: bank, payment_date: '2026-11-10' }, token);
      expect(pay.status).toBe(403);
      expect((await call('PUT /finance/deposits/', { name: 'X', deposit_type: 2, fin_account_id: bank, date: '2026-11-01', amount: 1 }, token)).status).toBe(403);
    }
    // The read-only admin reads but does not pay.
    expect((await call('GET /finance/accounts/', undefined, s.tokens['admin-read'])).status).toBe(200);
    expect((await call('PUT /finance/expenses/', expense(), s.tokens['admin-read'])).status).toBe(403);
  });
});

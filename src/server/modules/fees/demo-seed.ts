import type { Ctx } from '../../framework/context.js';
import * as service from '../../framework/service.js';
import { resourceByName } from '../../../shared/registry.js';
import { toPaise } from '../../../shared/money.js';
import { addInstallment, createBill, TRANSPORTATION } from './ledger.js';
import { FEE_SETTINGS_KEY, DEFAULT_FEE_SETTINGS } from './settings.js';
import { putSetting } from '../../platform/settings.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';

/**
 * The demo school's fees: items, settings that allow discounts, partial and online payment
 * through the test gateway, and a term's bills for four classes with payments, installments
 * and two refunds, all written through the fees ledger. The demo parent's son has a balance
 * left to pay online.
 */
export async function seedDemoFees(ctx: Ctx, input: { yearId: number; classIds: number[]; parentChildren: number[] }) {
  await putSetting(ctx.db, FEE_SETTINGS_KEY, {
    ...DEFAULT_FEE_SETTINGS,
    fee_discounts_enabled: '1', fee_partial_payment_enabled: '1', online_fee_payment_enabled: '1',
    payment_gateway_list: DEFAULT_FEE_SETTINGS.payment_gateway_list.map((g) => ({ ...g, enabled: g.value === 'test' })),
  });
  const item = async (name: string, type: number, amount: number) => (await service.create(ctx, resourceByName('fee-items'), { name, type, amount })).id as number;
  const tuition = await item('Tuition Fee', 1, 18000);
  const books = await item('Books and Uniform', 2, 4500);
  await item('Bus Fee', 3, 9000);
  await item('Computer Lab', 2, 1200);
  await item('Annual Day', 4, 500);

  const students = await ctx.db.selectFrom('student_year').select('student_id').where('ac_year_id', '=', input.yearId)
    .where('class_id', 'in', input.classIds).where('status', '=', STUDENT_YEAR_STATUS.CURRENT).orderBy('student_id').execute();
  const day = (d: string) => new Date(`${d}T11:00:00+05:30`);
  for (const [i, { student_id }] of students.entries()) {
    const bus = i % 3 === 0;
    const lines = [
      { fee_item_id: tuition, amount: 18000, quantity: 1 },
      { fee_item_id: books, amount: 4500, quantity: 1 },
      ...(bus ? [{ fee_item_name: TRANSPORTATION, amount: 9000, quantity: 1 }] : []),
    ];
    const discount = i % 7 === 0 ? 1500 : 0;
    const total = toPaise(22500 + (bus ? 9000 : 0) - discount);
    const billed = day(`2026-06-${String(5 + (i % 20)).padStart(2, '0')}`);
    const bill = await createBill(ctx, { student_id, ac_year_id: input.yearId, name: 'Term 1', lines, discount, at: billed });
    const ownChild = input.parentChildren.includes(student_id);
    // The demo parent's son pays half and has the rest to pay online; his sister's bill is paid in full.
    const pattern = ownChild ? (student_id === input.parentChildren[0] ? 2 : 0) : i % 4;
    if (pattern === 3) continue;
    const first = pattern === 0 ? total : Math.round(total / 2);
    await addInstallment(ctx, bill, first, { mode: i % 2 ? 'cash' : 'wallet', kind: 'payment', at: billed });
    if (pattern === 1) await addInstallment(ctx, bill, total - first, { mode: 'transfer', kind: 'installment', at: day(`2026-09-${String(1 + (i % 25)).padStart(2, '0')}`) });
    if (!ownChild && pattern === 0 && i % 8 === 0) {
      await addInstallment(ctx, bill, -toPaise(500), { mode: 'cheque', kind: 'refund', extras: { transaction_details: `Cheque ${104500 + i}` }, at: day('2026-10-06') });
    }
  }
}

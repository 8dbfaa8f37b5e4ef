import { toPaise } from '../../../shared/money.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { storedUploads } from '../../framework/files.js';
import { inTransaction } from '../../framework/service.js';
import { createExpense, payInstallment } from './expenses.js';

/** The upload kind of expense attachments (resources/finance/expense.ts `uploads`). */
const ATTACHMENTS = 'expense-files';

/** The attachments as stored: each must be this school's upload of the expenses' kind. */
async function storedAttachments(ctx: CallCtx, files: ReadonlyArray<{ path: string }>) {
  return (await storedUploads(ctx, files, ATTACHMENTS, () => ctx.fail('file'))).map(({ path, name, url }) => ({ path, name, url }));
}

export default defineHandlers('finance-expenses', {
  create: async (ctx, { body }) => {
    const amountPaise = toPaise(body.amount);
    const taxPaise = toPaise(body.tax ?? 0);
    if (body.total_amount != null && toPaise(body.total_amount) !== amountPaise + taxPaise) throw ctx.fail('total');
    return inTransaction(ctx, async (tx) => createExpense(tx, {
      name: body.name, exp_cat_id: body.exp_cat_id, account_id: body.account_id, vendor_id: body.vendor_id ?? null,
      amountPaise, taxPaise, firstPaymentPaise: toPaise(body.installment_amount), date: body.date,
      payment_mode_id: body.payment_mode_id ?? null, payment_details: body.payment_details ?? null,
      description: body.description ?? null, files: await storedAttachments(tx, body.files ?? []),
    }));
  },
  pay: async (ctx, { body }) => payInstallment(ctx, {
    expense_id: body.expense_id, paise: toPaise(body.paid_amount), account_id: body.account_id,
    payment_mode_id: body.payment_mode_id ?? null, payment_details: body.payment_details ?? null, payment_date: body.payment_date,
  }),
});

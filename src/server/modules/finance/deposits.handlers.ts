import { defineHandlers } from '../../framework/calls.js';
import { moneyColumn } from '../../framework/query.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { DEPOSIT_SOURCE, TRANSFER } from './deposit.hooks.js';
import { removeTransactions } from './ledger.js';
import { dateRange } from './range.js';

export default defineHandlers('finance-deposits', {
  list: async (ctx, { query }) => {
    const { start, end } = dateRange(query);
    return ctx.db.selectFrom('fin_deposit as d')
      .leftJoin('fin_account as a', 'a.id', 'd.fin_account_id')
      .leftJoin('fin_account as f', 'f.id', 'd.from_account')
      .select(['d.id', 'd.name', 'd.description', 'd.deposit_type', 'd.fin_account_id', 'd.from_account', 'd.date', 'd.mode', moneyColumn('d.amount'), 'a.name as account', 'f.name as from_account_name'])
      .where('d.date', '>=', start).where('d.date', '<=', end)
      .orderBy('d.date', 'desc').orderBy('d.id', 'desc').execute();
  },
  // A transfer's counterpart (the money left another account) is the person's to settle: the answer reminds them.
  remove: async (ctx, { params }) => inTransaction(ctx, async (tx) => {
    const deposit = await tx.db.selectFrom('fin_deposit').selectAll().where('id', '=', params.id).forUpdate().executeTakeFirst();
    if (!deposit) throw ctx.fail('notFound', 404);
    await removeTransactions(tx, DEPOSIT_SOURCE, deposit.id);
    await items(tx, 'finance-deposits').remove(deposit.id);
    return ctx.answer({ id: deposit.id }, deposit.deposit_type === TRANSFER ? 'transfer' : 'deleted');
  }),
});

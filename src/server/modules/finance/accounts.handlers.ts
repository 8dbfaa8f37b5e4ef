import { sql } from 'kysely';
import { defineHandlers } from '../../framework/calls.js';
import { moneyColumn } from '../../framework/query.js';
import { DEPOSIT_SOURCE, TRANSFER } from './deposit.hooks.js';
import { dateRange } from './range.js';

export default defineHandlers('finance-accounts', {
  transactions: async (ctx, { params, query }) => {
    const { start, end } = dateRange(query);
    return ctx.db.selectFrom('fin_transaction').select(['id', 'name', moneyColumn('amount'), 'txn_type', 'date', 'source', 'source_id', 'created_at'])
      .where('account_id', '=', params.id).where('date', '>=', start).where('date', '<=', end)
      .orderBy('date', 'desc').orderBy('id', 'desc').execute();
  },
  // Both legs of every transfer in the range: the account credited and the one debited.
  transfers: async (ctx, { query }) => {
    const { start, end } = dateRange(query);
    return ctx.db.selectFrom('fin_transaction as t')
      .innerJoin('fin_deposit as d', (j) => j.onRef('d.id', '=', 't.source_id').on('t.source', '=', DEPOSIT_SOURCE))
      .innerJoin('fin_account as a', 'a.id', 't.account_id')
      .select(['t.id', 't.name', 'a.name as account', 't.account_id', moneyColumn('t.amount'), 't.txn_type', 't.date', 't.created_at', 'd.id as deposit_id'])
      .select(sql<string>`case when t.txn_type = 0 then 'credit' else 'debit' end`.as('type'))
      .where('d.deposit_type', '=', TRANSFER).where('t.date', '>=', start).where('t.date', '<=', end)
      .orderBy('t.date', 'desc').orderBy('t.id', 'desc').execute();
  },
});

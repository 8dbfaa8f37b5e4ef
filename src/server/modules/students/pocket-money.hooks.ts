import { sql } from 'kysely';
import type { PocketMoney } from '../../../generated/entities/students.js';
import { badRequest, notFound } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';

export const CREDIT = 0;
export const DEBIT = 1;

/**
 * Pocket money never goes below zero. The student's row is locked (FOR UPDATE) before the
 * balance is summed, so two debits at the same moment are taken one after the other and the
 * second sees the first.
 */
export const pocketMoneyHooks: ResourceHooks<PocketMoney> = {
  async beforeCreate(ctx, data) {
    const student = await ctx.db.selectFrom('student').select('id').where('id', '=', data.student_id).forUpdate().executeTakeFirst();
    if (!student) throw notFound('Student not found');
    if (data.txn_type === DEBIT) {
      const row = await ctx.db.selectFrom('pocket_money')
        .select(sql<boolean>`coalesce(sum(case when txn_type = ${CREDIT} then amount else -amount end), 0) >= cast(${String(data.amount)} as numeric)`.as('enough'))
        .where('student_id', '=', data.student_id)
        .executeTakeFirstOrThrow();
      if (!row.enough) throw badRequest('Insufficient pocket money balance');
    }
    return data;
  },
};

export default pocketMoneyHooks;

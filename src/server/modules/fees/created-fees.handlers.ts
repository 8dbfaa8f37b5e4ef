import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { defineHandlers } from '../../framework/calls.js';
import { assertClass, assertYear } from '../../framework/lookups.js';
import { givenId } from '../../platform/query-text.js';

/**
 * Created fees (spec 2: /fees/create/). The list and the form are generated from the
 * declaration (resources/fees/created-fee.ts); creating one bills the class's current students
 * (created-fee.hooks.ts). Here: GET /fees/create/?name=&ac_year_id=&class_id=, the students
 * billed for one created fee, with what each has paid and has pending on that bill.
 */

/** The bills of one created fee with their students, by roll number then name. */
export function createdFeeStudentsQuery(db: Kysely<DB>, createdFeeId: number) {
  return db.selectFrom('fee_payment as p')
    .innerJoin('created_fee as cf', 'cf.id', 'p.created_fee_id')
    .innerJoin('student as s', 's.id', 'p.student_id')
    .leftJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 'p.student_id').onRef('sy.ac_year_id', '=', 'cf.ac_year_id')
      .onRef('sy.class_id', '=', 'cf.class_id'))
    .select([
      'p.student_id', 's.admission_no', 's.fullname', 'sy.roll_no', 'p.id as payment_id', 'p.name as fee_name', 'p.timestamp as date',
      sql<number>`${sql.ref('p.total_amount')}::float8`.as('total_amount'),
      sql<number>`${sql.ref('p.paid_amount')}::float8`.as('paid_amount'),
      sql<number>`(${sql.ref('p.total_amount')} - ${sql.ref('p.paid_amount')})::float8`.as('pending_amount'),
    ])
    .where('p.created_fee_id', '=', createdFeeId)
    .orderBy(sql`${sql.ref('sy.roll_no')} asc nulls last`).orderBy('s.fullname').orderBy('p.id');
}

export default defineHandlers('created-fees', {
  async students(ctx, { query: q }) {
    const name = q.name.trim();
    const yearId = givenId(q.ac_year_id);
    if (yearId == null) throw ctx.fail('year');
    const classId = givenId(q.class_id);
    if (classId == null) throw ctx.fail('class');
    await assertYear(ctx, yearId, { inPayload: true });
    await assertClass(ctx, classId, { inPayload: true });
    const fee = await ctx.db.selectFrom('created_fee').select('id')
      .where('name', '=', name).where('ac_year_id', '=', yearId).where('class_id', '=', classId).executeTakeFirst();
    if (!fee) throw ctx.fail('missing', 404);
    return createdFeeStudentsQuery(ctx.db, fee.id).execute();
  },
});

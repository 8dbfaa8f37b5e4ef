import type { CreatedFee } from '../../../generated/entities/fees.js';
import { conflict } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { STUDENT_YEAR_STATUS as ACY, STUDENT_STATUS } from '../../../generated/enums/students.js';
import { analyzeTables } from '../../db/statistics.js';
import { createBill } from './ledger.js';
import type { Ctx } from '../../framework/context.js';
import { formatINR } from '../../../shared/money.js';
import { counted } from '../../../shared/plural.js';
import { classSectionLabel } from '../../../shared/labels.js';

/** The tables a created fee's billing adds rows to. */
const BILL_TABLES = ['fee_payment', 'fee_payment_detail'];

/**
 * A created fee (spec 2: /fees/create/) bills every current student of its class and year once,
 * through the fees ledger, in the same transaction as the fee itself: one bill each, named
 * after the fee, with one line (the fee item, or the fee's title without one) of the fee's
 * amount, marked with the created fee's id. Students who join the class later are billed on
 * the billing screen. A class and year cannot have two fees of the same title (the students
 * report finds a created fee by title, class and year).
 */
/** The fee's title, refused when the class and year already have a fee of that title. */
async function freshTitle(ctx: Ctx, data: CreatedFee): Promise<string> {
  const name = data.name.trim();
  const clash = await ctx.db.selectFrom('created_fee').select('id')
    .where('name', '=', name).where('class_id', '=', data.class_id).where('ac_year_id', '=', data.ac_year_id).executeTakeFirst();
  if (clash) throw conflict('A fee with this title already exists for this class and academic year');
  return name;
}

/** The students a created fee bills: the class's current students of the year. */
const billedStudents = (ctx: Ctx, fee: Pick<CreatedFee, 'class_id' | 'ac_year_id'>) => ctx.db.selectFrom('student_year as sy')
  .innerJoin('student as s', 's.id', 'sy.student_id')
  .select('s.id')
  .where('sy.class_id', '=', fee.class_id).where('sy.ac_year_id', '=', fee.ac_year_id)
  .where('sy.status', '=', ACY.CURRENT).where('s.status', '=', STUDENT_STATUS.ACTIVE)
  .groupBy('s.id').orderBy('s.id');

export const createdFeeHooks: ResourceHooks<CreatedFee> = {
  async beforeCreate(ctx, data) {
    // One created fee of a class at a time: the title check and the billing cannot interleave.
    await ctx.db.selectFrom('class').select('id').where('id', '=', data.class_id).forUpdate().executeTakeFirst();
    return { ...data, name: await freshTitle(ctx, data) };
  },
  async summarizeCreate(ctx, data) {
    await freshTitle(ctx, data);
    const students = (await billedStudents(ctx, data).execute()).length;
    const c = await ctx.db.selectFrom('class').select(['class', 'section']).where('id', '=', data.class_id).executeTakeFirstOrThrow();
    const y = await ctx.db.selectFrom('ac_year').select('name').where('id', '=', data.ac_year_id).executeTakeFirstOrThrow();
    const where = `${classSectionLabel(c)} ${y.name}`;
    if (students === 0) return `${where} has no current students: the fee will bill no one. Create it?`;
    return `Bill ${counted(students, 'student')} of ${where} ${formatINR(data.amount_total)} each?`;
  },
  async afterCreate(ctx, row) {
    const students = await billedStudents(ctx, row).execute();
    const item = row.fee_item_id == null ? undefined
      : await ctx.db.selectFrom('fee_item').select('name').where('id', '=', row.fee_item_id).executeTakeFirst();
    const line = { fee_item_id: row.fee_item_id ?? null, fee_item_name: item?.name ?? row.name, amount: row.amount_total, quantity: 1 };
    for (const s of students) {
      await createBill(ctx, { student_id: s.id, ac_year_id: row.ac_year_id, name: row.name, lines: [line], discount: 0, createdFeeId: row.id });
    }
    // A class's worth of bills at once: the planner's statistics must know them (the embedded database has no autovacuum).
    if (students.length) await analyzeTables(ctx.db, ctx.school.schema, BILL_TABLES);
  },
};

export default createdFeeHooks;

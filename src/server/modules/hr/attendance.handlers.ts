/**
 * Employee attendance (spec 3 HR): a day's sheet, one row per employee, and saving it.
 *
 * A saved record is locked (spec 3 §4: records that already have an id), because payroll's loss
 * of pay is counted from it. Saving the day writes, in one transaction, the rows not yet saved;
 * a row for an employee already saved that day may come back only unchanged and named by its
 * `id` (the whole sheet sent again as read). A row naming its record with another mark is
 * refused, and so is one that does not name it (someone else saved before): nothing saved
 * is ever overwritten. Saves of one day take one lock; each new record is audited. Present clears the leave type; a row left unmarked (present null) is
 * not recorded.
 */
import { sql } from 'kysely';
import type { EmployeeAttendanceSavePayload } from '../../../generated/call-inputs.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { schoolToday } from '../../framework/periods.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { matchesFormat } from '../../framework/validation.js';

type Entry = EmployeeAttendanceSavePayload['data'][number];

/** The day's sheet: every employee by name, with the day's record when there is one. */
function daySheet(ctx: CallCtx, date: string) {
  return ctx.db.selectFrom('hr_employee as e')
    .leftJoin('hr_employee_attendance as a', (j) => j.onRef('a.emp_id', '=', 'e.id').on('a.date', '=', date))
    .select(['e.id as emp_id', 'e.name', 'e.job_title', 'a.id', 'a.present', 'a.leave_type'])
    .orderBy('e.name').orderBy('e.id').execute();
}

const nameOf = async (ctx: CallCtx, empId: number) =>
  (await ctx.db.selectFrom('hr_employee').select('name').where('id', '=', empId).executeTakeFirst())?.name ?? `Employee ${empId}`;

/** What is stored for a row: present clears the leave type; absent keeps it (on leave) or none. */
const stored = (e: Entry) => ({ present: e.present!, leave_type: e.present === 1 ? null : e.leave_type ?? null });

async function save(ctx: CallCtx, body: EmployeeAttendanceSavePayload) {
  if (body.date > schoolToday()) throw ctx.fail('future');
  const seen = new Set<number>();
  const twice = body.data.find((e) => seen.has(e.emp_id) || !seen.add(e.emp_id));
  if (twice) throw ctx.fail('twice', 400, { name: await nameOf(ctx, twice.emp_id) });
  const marked = body.data.filter((e) => e.present !== null);

  return inTransaction(ctx, async (tx) => {
    // Saves of one day run one after another, so the saved records read below are all there are.
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':employee-attendance:' || ${body.date}))`.execute(tx.db);
    const ids = marked.map((e) => e.emp_id);
    const known = new Set((ids.length ? await tx.db.selectFrom('hr_employee').select('id').where('id', 'in', ids).execute() : []).map((r) => r.id));
    const stray = marked.find((e) => !known.has(e.emp_id));
    if (stray) throw ctx.fail('unknown', 400, { emp_id: stray.emp_id });
    // The day's saved records, locked against a concurrent save of the same day.
    const saved = new Map((ids.length ? await tx.db.selectFrom('hr_employee_attendance').selectAll()
      .where('date', '=', body.date).where('emp_id', 'in', ids).forUpdate().execute() : []).map((r) => [r.emp_id, r]));
    for (const e of marked) {
      const record = saved.get(e.emp_id);
      if (e.id != null && record?.id !== e.id) throw ctx.fail('wrongRecord', 400, { id: e.id, name: await nameOf(tx, e.emp_id) });
      if (record && e.id == null) throw ctx.fail('locked', 409, { name: await nameOf(tx, e.emp_id) });
      if (!record) continue;
      const next = stored(e);
      if (record.present !== next.present || record.leave_type !== next.leave_type) throw ctx.fail('saved', 409, { name: await nameOf(tx, e.emp_id) });
    }
    const fresh = marked.filter((e) => !saved.has(e.emp_id));
    const created = (await items(tx, 'employee-attendance').createMany(fresh.map((e) => ({ emp_id: e.emp_id, date: body.date, ...stored(e) })), { action: 'save' })).length;
    return { date: body.date, created, rows: await daySheet(tx, body.date) };
  });
}

export default defineHandlers('employee-attendance', {
  async day(ctx, { query }) {
    if (!query.date || !matchesFormat('date', query.date)) throw ctx.fail('date');
    return daySheet(ctx, query.date);
  },
  save: (ctx, { body }) => save(ctx, body),
});


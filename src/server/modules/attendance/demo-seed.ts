import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { configOf } from '../../framework/school-config.js';
import { holidayDays } from '../../../shared/calendar.js';

/**
 * The demo school's attendance as its calendar has it: the days recorded for 5A and 10A since
 * June (students/demo-seed.ts) lose those falling on the school's holidays, and the absences
 * already recorded count as told to the families, so saving an old day again texts no one.
 * The office admin, who corrects students' records, takes attendance too.
 */
export async function seedDemoAttendance(ctx: Ctx, opts: { officeUserId: number }): Promise<void> {
  const holidays = holidayDays(configOf(ctx).config?.calendar, '2026-06-01', '2027-03-31').map((h) => h.date);
  // raw write: the demo school's past, stored as it happened (demo data)
  if (holidays.length) await ctx.db.deleteFrom('attendance').where('date', 'in', holidays).execute();
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.updateTable('attendance').set({ alerted_at: sql<Date>`(date::timestamp + interval '4 hours')`, alert_sent_at: sql<Date>`(date::timestamp + interval '4 hours')` }).where('present', '=', 0).execute();
  await ctx.db.insertInto('admin_module_access').values({ user_id: opts.officeUserId, module_key: 'attendance', create: true, read: true, update: true, delete: false }).execute();
}

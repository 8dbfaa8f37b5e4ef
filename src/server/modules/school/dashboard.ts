import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { notFound } from '../../framework/errors.js';
import { periodRows, SCHOOL_TZ, schoolToday } from '../../framework/periods.js';
import { inListOrder } from '../../framework/query.js';
import { STUDENT_YEAR_STATUS as ACY, STUDENT_STATUS } from '../../../generated/enums/students.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

/**
 * The admin dashboard's figures (spec 3 "Dashboard data"), each made by the database in one
 * query over the stored rows, for one academic year. Money is an exact numeric sum cast to a
 * JSON number of rupees only at the end, as the fee reports do, so the cards agree with them.
 * Days, weeks and months are the school's, in India time.
 */

const TZ = sql.lit(SCHOOL_TZ);
const sumOf = (expr: string) => sql<number>`coalesce(sum(${sql.ref(expr)}), 0)::float8`;
const countAll = sql<number>`count(*)::int`;

/** How many months and days the fee charts cover; the day chart ends today. */
export const FEE_CHART_DAYS = 30;
/** The top defaulters listed. */
export const DEFAULTERS_LISTED = 5;

/** The year asked, else the school's enabled (default) year, else its latest. */
export async function dashboardYear(db: Kysely<DB>, yearId: number | undefined) {
  const years = db.selectFrom('ac_year').select(['id', 'name', 'start_date', 'end_date']);
  if (yearId !== undefined) {
    const year = await years.where('id', '=', yearId).executeTakeFirst();
    if (!year) throw notFound('Academic year not found');
    return year;
  }
  const year = await years.orderBy(sql`status = ${sql.lit(ACYEAR_STATUS.ENABLED)}`, 'desc').orderBy('start_date', 'desc').executeTakeFirst();
  if (!year) throw notFound('Add an academic year first');
  return year;
}

/** The year's students: a live year row (not shuffled away) of a student still with the school. */
function yearStudents(db: Kysely<DB>, yearId: number) {
  return db.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id')
    .where('sy.ac_year_id', '=', yearId).where('sy.status', '<>', ACY.SHUFFLED)
    .where('s.status', 'in', [STUDENT_STATUS.ACTIVE, STUDENT_STATUS.YEAR_BREAK]);
}

/** Students card and the students-by-class chart: how many, present today, app users. */
export async function studentFigures(db: Kysely<DB>, yearId: number) {
  const byClass = await inListOrder(yearStudents(db, yearId)
    .innerJoin('class as c', 'c.id', 'sy.class_id')
    .leftJoin('attendance as a', (j) => j.onRef('a.student_id', '=', 's.id').on('a.date', '=', schoolToday()).on('a.present', '=', 1))
    .select(['c.id as class_id', 'c.class', 'c.section', countAll.as('students'), sql<number>`count(a.id)::int`.as('present'),
      sql<number>`count(s.user_id)::int`.as('app_users')])
    .groupBy(['c.id', 'c.class', 'c.section']), 'classes', 'c')
    .execute() as Array<{ class_id: number; class: string; section: string; students: number; present: number; app_users: number }>;
  const total = (k: 'students' | 'present' | 'app_users') => byClass.reduce((n, r) => n + r[k], 0);
  return {
    card: { total_students: total('students'), present_students: total('present'), app_users: total('app_users') },
    graph: byClass.map(({ class_id, class: cls, section, students, present }) => ({ class_id, class: cls, section, students, present })),
  };
}

/** The students the dashboard lists as the latest admissions. */
export const ADMISSIONS_LISTED = 10;

/**
 * Admissions panel: students admitted (by admission date) today, this week (from Monday) and
 * this month at the school, and the last ten admitted with their class.
 */
export async function admissionFigures(db: Kysely<DB>) {
  const local = sql`(now() at time zone ${TZ})`;
  const since = (unit: 'day' | 'week' | 'month') => sql<string>`date_trunc(${sql.lit(unit)}, ${local})::date`;
  const admitted = (unit: 'day' | 'week' | 'month') =>
    sql<number>`count(*) filter (where admission_date >= ${since(unit)} and admission_date <= ${local}::date)::int`;
  const [counts, list] = await Promise.all([
    db.selectFrom('student').select([admitted('day').as('today'), admitted('week').as('week'), admitted('month').as('month')]).executeTakeFirstOrThrow(),
    db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
      .select(['s.id', 's.fullname', 's.admission_no', 's.admission_date', 'c.class', 'c.section'])
      .where('s.admission_date', '<=', sql<string>`${local}::date`)
      .orderBy('s.admission_date', 'desc').orderBy('s.id', 'desc').limit(ADMISSIONS_LISTED)
      .execute(),
  ]);
  return { ...counts, list };
}

/** Fees card: the year's bills (total, paid, discount, what is still owed, how many owe), and today's collection. */
export async function feeFigures(db: Kysely<DB>, yearId: number) {
  const bills = await db.selectFrom('fee_payment').where('ac_year_id', '=', yearId)
    .select([sumOf('total_amount').as('total_amount'), sumOf('paid_amount').as('paid_amount'), sumOf('discount_amount').as('discount_amount'),
      sql<number>`coalesce(sum(greatest(total_amount - paid_amount, 0)), 0)::float8`.as('pending_amount'),
      sql<number>`count(distinct student_id) filter (where total_amount > paid_amount)::int`.as('due_count')])
    .executeTakeFirstOrThrow();
  const collected = await db.selectFrom(periodRows().as('p'))
    .select(['p.period', (eb) => eb.selectFrom('fee_installment as i').select(sumOf('i.paid_amount').as('v'))
      .where(sql<boolean>`i.timestamp >= p.lo and i.timestamp < p.hi`).as('amount')])
    .where('p.period', 'in', ['today', 'month'])
    .execute();
  const of = (period: string) => collected.find((c) => c.period === period)?.amount ?? 0;
  return { ...bills, collected_today: of('today'), collected_month: of('month') };
}

/** A YYYY-MM-DD day of the calendar, `n` days on. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The months a year spans, YYYY-MM. */
function monthsOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let y = Number(start.slice(0, 4)), m = Number(start.slice(5, 7)); `${y}-${String(m).padStart(2, '0')}` <= end.slice(0, 7); m === 12 ? (y++, m = 1) : m++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return out;
}

/** Rupees as whole paise, so sums of day totals stay exact. */
const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * The fees chart's two series: per month of the year and per day of the last FEE_CHART_DAYS
 * days, the year's bills raised (total, discount) and the money received on them (paid). The
 * database sums each school day once (one pass over the bills, one over the installments); the
 * months add those days up in whole paise.
 */
export async function feeSeries(db: Kysely<DB>, year: { id: number; start_date: string; end_date: string }) {
  const today = schoolToday();
  const firstDay = addDays(today, 1 - FEE_CHART_DAYS);
  const day = (column: string) => sql<string>`to_char((${sql.ref(column)} at time zone ${TZ}), 'YYYY-MM-DD')`;
  const [billed, paid] = await Promise.all([
    db.selectFrom('fee_payment as p').where('p.ac_year_id', '=', year.id)
      .select([day('p.timestamp').as('date'), sumOf('p.total_amount').as('total'), sumOf('p.discount_amount').as('discount')])
      .groupBy(sql`1`).execute(),
    db.selectFrom('fee_installment as i').innerJoin('fee_payment as p', 'p.id', 'i.payment_id').where('p.ac_year_id', '=', year.id)
      .select([day('i.timestamp').as('date'), sumOf('i.paid_amount').as('paid')])
      .groupBy(sql`1`).execute(),
  ]);
  // Per day and per month, in paise.
  const sums = new Map<string, { total: number; paid: number; discount: number }>();
  const add = (key: string, part: Partial<{ total: number; paid: number; discount: number }>) => {
    const s = sums.get(key) ?? { total: 0, paid: 0, discount: 0 };
    for (const k of ['total', 'paid', 'discount'] as const) s[k] += paise(part[k] ?? 0);
    sums.set(key, s);
  };
  for (const r of billed) for (const key of [r.date, r.date.slice(0, 7)]) add(key, { total: r.total, discount: r.discount });
  for (const r of paid) for (const key of [r.date, r.date.slice(0, 7)]) add(key, { paid: r.paid });
  const point = (date: string) => {
    const s = sums.get(date) ?? { total: 0, paid: 0, discount: 0 };
    return { date, total_amount: s.total / 100, paid_amount: s.paid / 100, discount_amount: s.discount / 100 };
  };
  return {
    month: monthsOf(year.start_date, year.end_date).map(point),
    day: Array.from({ length: FEE_CHART_DAYS }, (_, i) => point(addDays(firstDay, i))),
  };
}

/** The students owing most on the year's bills. */
export function topDefaulters(db: Kysely<DB>, yearId: number) {
  return db.selectFrom('fee_payment as p').innerJoin('student as s', 's.id', 'p.student_id').leftJoin('class as c', 'c.id', 's.class_id')
    .where('p.ac_year_id', '=', yearId).where('s.status', '=', STUDENT_STATUS.ACTIVE)
    .groupBy(['s.id', 's.fullname', 's.admission_no', 'c.class', 'c.section'])
    .having(sql<boolean>`sum(p.total_amount - p.paid_amount) > 0`)
    .select(['s.id as student_id', 's.fullname', 's.admission_no', 'c.class', 'c.section', sql<number>`sum(p.total_amount - p.paid_amount)::float8`.as('pending_amount')])
    .orderBy(sql`sum(p.total_amount - p.paid_amount)`, 'desc').orderBy('s.fullname')
    .limit(DEFAULTERS_LISTED)
    .execute();
}

/** SMS card: texts sent today, this month and in all, from the SMS log. */
export async function smsFigures(db: Kysely<DB>) {
  const rows = await db.selectFrom(periodRows().as('p'))
    .select(['p.period', (eb) => eb.selectFrom('outbox_sms as m').select(countAll.as('n'))
      .where(sql<boolean>`m.created_at >= p.lo and m.created_at < p.hi`).as('count')])
    .execute();
  const of = (period: string) => rows.find((r) => r.period === period)?.count ?? 0;
  return { today: of('today'), month: of('month'), total: of('total') };
}

/** Storage card: the bytes of the school's stored files. */
export async function storageFigures(db: Kysely<DB>) {
  const row = await db.selectFrom('file').select(sql<number>`coalesce(sum(size), 0)::float8`.as('bytes')).executeTakeFirstOrThrow();
  return { used_storage: Math.round((row.bytes / 1024 / 1024) * 100) / 100, storage_unit: 'MB' };
}

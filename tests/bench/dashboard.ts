/**
 * Bench figures for the admin dashboard (a section of `npm run bench`) on a school of 10,000
 * students in 40 classes with 1,00,000 bills (ten a student, dated over the year), 60,000
 * installments and today's attendance: GET /dashboard/admin/ through the app (access, the
 * fees permission, every card, both fee series, students by class, the top defaulters) next to
 * the same figures asked as plain SQL statements, one after another, in the same run.
 * Run alone: `node --import tsx tests/bench/dashboard.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { insertChunked, timed, timing, timingLine, withBenchSchool, type Timing } from './bench-school.js';

const STUDENTS = Number(process.env.BENCH_DASHBOARD_STUDENTS ?? 10_000);
const BILLS_EACH = 10;
const CLASSES = 40;
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 20);

export interface DashboardBench { students: number; bills: number; installments: number; runs: number; dashboard: Timing }

export async function measureDashboard(): Promise<DashboardBench> {
  return withBenchSchool('DB', async ({ db, schema, call }) => {
    const year = await db.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-04-01', end_date: '2027-03-31', status: 1 }).returning('id').executeTakeFirstOrThrow();
    const classes = await db.insertInto('class').values(Array.from({ length: CLASSES }, (_, i) => ({ class: String(1 + Math.floor(i / 4)), section: 'ABCD'[i % 4]! }))).returning('id').execute();
    await insertChunked(db, 'student', Array.from({ length: STUDENTS }, (_, i) => ({
      fullname: `Student ${i + 1}`, admission_no: `D${i + 1}`, mobile: '9876543210', dob: '2012-04-01', admission_date: '2026-04-01',
      ac_year_id: year.id, class_id: classes[i % CLASSES]!.id,
    })));
    const students = await db.selectFrom('student').select(['id', 'class_id']).orderBy('id').execute();
    await insertChunked(db, 'student_year', students.map((s, i) => ({ student_id: s.id, ac_year_id: year.id, class_id: s.class_id, roll_no: Math.floor(i / CLASSES) + 1, status: 1 })));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await insertChunked(db, 'attendance', students.map((s, i) => ({ student_id: s.id, class_id: s.class_id, ac_year_id: year.id, date: today, present: i % 10 ? 1 : 0 })));
    // Ten bills a student dated over the year's first 300 days; six in ten paid in one installment.
    const start = Date.parse('2026-04-01T05:00:00Z');
    const bills = students.flatMap((s, i) => Array.from({ length: BILLS_EACH }, (_, k) => ({
      student_id: s.id, ac_year_id: year.id, name: `Bill ${k + 1}`, total_amount: 1000 + ((i * 7 + k * 13) % 5000) + 0.5, paid_amount: 0, discount_amount: 0,
      timestamp: new Date(start + ((i + k * 31) % 300) * 86_400_000),
    })));
    await insertChunked(db, 'fee_payment', bills);
    await db.updateTable('fee_payment').set({ paid_amount: sql`total_amount` }).where(sql<boolean>`id % 10 < 6`).execute();
    await db.executeQuery(sql`insert into ${sql.id(schema, 'fee_installment')} (payment_id, paid_amount, mode, kind, receipt_no, timestamp)
      select id, paid_amount, 'cash', 'payment', id, timestamp + interval '2 days' from ${sql.id(schema, 'fee_payment')} where paid_amount > 0`.compile(db));
    const installments = Number((await db.selectFrom('fee_installment').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    await db.executeQuery(sql`analyze`.compile(db));

    const check = await call('GET', '/dashboard/admin/');
    if (check.cards.students.total_students !== STUDENTS || check.fees_graph.month.length !== 12) throw new Error('dashboard: wrong figures');
    const app = await timed(RUNS, async () => { await call('GET', '/dashboard/admin/'); });

    // The same figures as plain statements.
    const t = (name: string) => sql.id(schema, name);
    const TZ = sql.lit('Asia/Kolkata');
    const statements = [
      sql`select c.id, count(*) as students, count(a.id) as present, count(s.user_id) as app_users
        from ${t('student_year')} sy join ${t('student')} s on s.id = sy.student_id join ${t('class')} c on c.id = sy.class_id
        left join ${t('attendance')} a on a.student_id = s.id and a.date = (now() at time zone ${TZ})::date and a.present = 1
        where sy.ac_year_id = ${year.id} and sy.status <> 4 and s.status in (0, 1) group by c.id`,
      sql`select sum(total_amount), sum(paid_amount), sum(discount_amount), sum(greatest(total_amount - paid_amount, 0)),
        count(distinct student_id) filter (where total_amount > paid_amount) from ${t('fee_payment')} where ac_year_id = ${year.id}`,
      sql`select sum(paid_amount) filter (where timestamp >= date_trunc('day', now())), sum(paid_amount) filter (where timestamp >= date_trunc('month', now()))
        from ${t('fee_installment')} where timestamp >= date_trunc('month', now())`,
      sql`select to_char(timestamp at time zone ${TZ}, 'YYYY-MM-DD'), sum(total_amount), sum(discount_amount) from ${t('fee_payment')} where ac_year_id = ${year.id} group by 1`,
      sql`select to_char(i.timestamp at time zone ${TZ}, 'YYYY-MM-DD'), sum(i.paid_amount)
        from ${t('fee_installment')} i join ${t('fee_payment')} p on p.id = i.payment_id where p.ac_year_id = ${year.id} group by 1`,
      sql`select s.id, sum(p.total_amount - p.paid_amount) from ${t('fee_payment')} p join ${t('student')} s on s.id = p.student_id
        where p.ac_year_id = ${year.id} group by s.id having sum(p.total_amount - p.paid_amount) > 0 order by 2 desc limit 5`,
    ].map((q) => q.compile(db));
    const raw = await timed(RUNS, async () => { for (const q of statements) await db.executeQuery(q); });
    return { students: STUDENTS, bills: bills.length, installments, runs: RUNS, dashboard: timing(app, raw) };
  });
}

export function formatDashboardBench(d: DashboardBench | null, note = ''): string[] {
  if (!d) return [`12. Admin dashboard: ${note}`];
  return [
    `12. Admin dashboard, ${d.students} students, ${d.bills} bills, ${d.installments} installments (${d.runs} runs, one after another):`,
    timingLine('GET /dashboard/admin/ next to its figures as 6 plain statements', d.dashboard),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatDashboardBench(await measureDashboard()).join('\n'));
}

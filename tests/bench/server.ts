/**
 * The bench's server process (started by run.ts as `node --import tsx tests/bench/server.ts`):
 * creates a school on the configured database, fills it with plain multi-row inserts, then
 * serves, in this one process and over the one Kysely handle:
 *   - the real app (buildApp) on APP port,
 *   - a bare Fastify on BARE port whose routes run the very SQL the app's list calls run
 *     (compiled once from selectRecords + applySort; a page of all subjects as the rows of the
 *     page and the count of all, as a paged generated list runs it) and answer the same JSON envelope,
 *     plus GET /ping to show what the load generator itself can do;
 *   - on the bare server too, the baselines of the student import: POST /bare/insert-students/
 *     (the same rows as plain multi-row inserts of student and student_year) and POST /bare/hash/
 *     (argon2 hashes of some of the new logins: what hashing them would cost; the import makes none).
 *   - fees: GET /bare/reports/fees/{class_id}/{ac_year_id}/ (the cards' SQL of
 *     src/server/modules/fees/reports.ts) and GET /bare/reports/fees/items/ (the fee items
 *     table's), compiled once; the same two under /naive/ with the previous release's SQL
 *     (tests/bench/naive-fees.ts), run with that release's planner setting; PUT /bare/fees/pay/ (the ledger's createBill + addInstallment in
 *     one transaction, no HTTP auth, access or validation) and GET /bare/fees/check/ (bills whose
 *     paid amount is not the sum of their installments, repeated receipt numbers).
 * The school also gets an enabled academic year with 10,000 students in its first 40 classes,
 * and 10 bills a student (two lines each) with two installments a bill (every tenth second one a
 * refund), made with INSERT ... SELECT (the ledger's fee item totals then built from them).
 * It prints one line `BENCH_READY {json}` when both listen, and closes everything
 * (and the database, cleanly) on SIGTERM/SIGINT or when its parent's pipe closes.
 */
import Fastify from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { resourceByName } from '../../src/shared/registry.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { buildDerived } from '../../src/server/db/derived.js';
import { openDatabase } from '../../src/server/db/index.js';
import { acquireStoreLock } from '../../src/server/db/store-lock.js';
import type { Ctx } from '../../src/server/framework/context.js';
import { hashPassword } from '../../src/server/framework/passwords.js';
import { applySort, selectRecords } from '../../src/server/framework/query.js';
import { studentYearRows } from '../../src/server/modules/students/queries.js';
import { likePattern } from '../../src/server/framework/paging.js';
import { studentSearch } from '../../src/server/modules/students/lists.handlers.js';
import { createIntegrations } from '../../src/server/integrations/index.js';
import { inTransaction } from '../../src/server/framework/service.js';
import { addInstallment, createBill } from '../../src/server/modules/fees/ledger.js';
import { feeItemTotalsTable } from '../../src/server/modules/fees/item-totals.js';
import { cardsFrom, cardsQuery, feeItemsQuery, type CardRow } from '../../src/server/modules/fees/reports.js';
import { naiveCardBillsQuery, naiveCardInstallmentsQuery, naiveCardsFrom, naiveFeeItemsQuery } from './naive-fees.js';
import { billTotalPaise } from '../../src/shared/money.js';
import { createSchool } from '../../src/server/provision.js';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 200);
const SUBJECTS_PER_CLASS = Number(process.env.BENCH_SUBJECTS_PER_CLASS ?? 10);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 60);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const STUDENT_CLASSES = Number(process.env.BENCH_STUDENT_CLASSES ?? 40);
const CODE = process.env.BENCH_CODE ?? 'BENCH1';
const ADMIN = { email: 'admin@bench.school', password: 'Bench@12345' };

const config = loadConfig(process.env);
const lock = config.databaseUrl ? null : acquireStoreLock(config.dataDir, 'bench');
const t0 = performance.now();
const database = await openDatabase(config);
const tOpen = performance.now();
const { schema } = await createSchool(database.db, { code: CODE, name: 'Bench School', adminEmail: ADMIN.email, adminPassword: ADMIN.password });
const tSchool = performance.now();

const sdb = database.db.withSchema(schema);
const chunks = <T>(rows: T[], n = 500) => Array.from({ length: Math.ceil(rows.length / n) }, (_, i) => rows.slice(i * n, i * n + n));

const teacherIds: number[] = [];
for (const part of chunks(Array.from({ length: TEACHERS }, (_, i) => ({
  fullname: `Teacher ${i + 1}`, email: `teacher${i + 1}@bench.school`, mobile: `9${String(800000000 + i)}`,
  employee_id: `EMP${1000 + i}`, job_title: 'Teacher', extras: JSON.stringify({}),
})))) {
  const rows = await sdb.insertInto('teacher').values(part).returning('id').execute();
  teacherIds.push(...rows.map((r) => r.id as number));
}

const SECTIONS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const perGrade = Math.ceil(CLASSES / 12);
const classIds: number[] = [];
for (const part of chunks(Array.from({ length: CLASSES }, (_, i) => ({
  class: String(Math.floor(i / perGrade) + 1),
  section: SECTIONS[i % perGrade % 26]! + (i % perGrade >= 26 ? String(Math.floor(i % perGrade / 26)) : ''),
  class_teacher_id: teacherIds[i % teacherIds.length],
})))) {
  const rows = await sdb.insertInto('class').values(part).returning('id').execute();
  classIds.push(...rows.map((r) => r.id as number));
}

const SUBJECT_NAMES = ['English', 'Mathematics', 'Science', 'Social Studies', 'Kannada', 'Hindi', 'Computer Science', 'Physical Education', 'Art', 'Music', 'Environmental Studies', 'General Knowledge'];
const subjects = classIds.flatMap((classId, c) => Array.from({ length: SUBJECTS_PER_CLASS }, (_, s) => ({
  class_id: classId,
  name: SUBJECT_NAMES[s % SUBJECT_NAMES.length] + (s >= SUBJECT_NAMES.length ? ` ${Math.floor(s / SUBJECT_NAMES.length) + 1}` : ''),
  code: `S${c + 1}-${s + 1}`,
  subject_type: 1,
  marks_type: 1,
  subject_teacher_id: teacherIds[(c * SUBJECTS_PER_CLASS + s) % teacherIds.length],
  // What the app's subject hook stores for a non-elective subject.
  extras: JSON.stringify({ subjects: [] }),
})));
for (const part of chunks(subjects)) await sdb.insertInto('subject').values(part).execute();

// Students: an enabled year, STUDENTS students spread over the first STUDENT_CLASSES classes, each with its year row.
const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan', 'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Myra', 'Kavya', 'Meera'];
const LAST = ['Sharma', 'Verma', 'Rao', 'Reddy', 'Nair', 'Iyer', 'Gowda', 'Patil', 'Kumar', 'Singh', 'Das', 'Joshi', 'Menon', 'Pillai', 'Shetty', 'Hegde'];
const year = await sdb.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31', status: 1 }).returning('id').executeTakeFirstOrThrow();
const yearId = year.id as number;
const studentClassIds = classIds.slice(0, STUDENT_CLASSES);
const perClass = Math.ceil(STUDENTS / studentClassIds.length);
const studentRows = Array.from({ length: STUDENTS }, (_, i) => ({
  fullname: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i + 1}`,
  mobile: `9${String(700000000 + i)}`, dob: `201${i % 8}-0${1 + (i % 9)}-1${i % 10}`,
  admission_no: `A${i + 1}`, admission_date: '2026-06-01', roll_no: (i % perClass) + 1,
  class_id: studentClassIds[Math.floor(i / perClass)]!, ac_year_id: yearId, gender: i % 2 ? 'Female' : 'Male',
  religion: 'Hindu', quota: 'General', status: 1, extras: JSON.stringify({ father_name: `Father ${i + 1}`, address: `${i + 1}, Main Road, Bengaluru` }),
}));
for (const part of chunks(studentRows)) {
  const ids = await sdb.insertInto('student').values(part).returning(['id', 'class_id', 'roll_no']).execute();
  await sdb.insertInto('student_year').values(ids.map((r) => ({ student_id: r.id, ac_year_id: yearId, class_id: r.class_id, roll_no: r.roll_no, status: 1, admission_type: 'NEW' }))).execute();
}
const tSeed = performance.now();

// Fees: BILLS_PER_STUDENT bills a student (two lines each) over the last 150 days, each paid in
// part at once and then either paid further or partly refunded (every tenth), all with plain
// INSERT ... SELECT statements; the bills' totals and paid amounts are then summed from their
// lines and installments, so the seeded data holds the ledger's rules, and the receipt counter
// continues after the seeded receipt numbers.
const BILLS_PER_STUDENT = Number(process.env.BENCH_BILLS_PER_STUDENT ?? 10);
const FEE_ITEMS: Array<[string, number, number]> = [
  ['Tuition', 1, 12500.5], ['Books', 2, 1999.99], ['Uniform', 2, 2450], ['Computer Lab', 4, 1800.75], ['Sports', 4, 950], ['Examination', 4, 1200], ['Library', 4, 500.25],
];
const feeItems = await sdb.insertInto('fee_item').values(FEE_ITEMS.map(([name, type, amount]) => ({ name, type, amount }))).returning(['id', 'name', 'amount']).execute();
const tFeesStart = performance.now();
await database.db.transaction().execute(async (trx) => {
  await sql.raw(`set local search_path to "${schema}"`).execute(trx);
  const run = (text: string) => sql.raw(text).execute(trx);
  await run(`insert into fee_payment (student_id, ac_year_id, name, total_amount, paid_amount, discount_amount, timestamp)
    select s.id, ${yearId}, 'Term ' || g, 0, 0, case when (s.id + g) % 10 = 0 then 100 else 0 end,
      now() - ((s.id * 7 + g * 13) % 150) * interval '1 day' - ((s.id * 31 + g * 17) % 86400) * interval '1 second'
    from student s cross join generate_series(1, ${BILLS_PER_STUDENT}) g`);
  // Statistics after each bulk insert, as after any big import: the next statements are planned on them.
  await run('analyze fee_payment');
  // Line 1: one of the seven items; line 2: another item (quantity 1 to 3) or, on every fourth bill, transportation.
  await run(`with items as (select id, name, amount, (row_number() over (order by id) - 1)::int as k from fee_item)
    insert into fee_payment_detail (payment_id, fee_item_id, fee_item_name, amount, quantity)
    select p.id, i.id, i.name, i.amount, 1 from fee_payment p join items i on i.k = p.id % 7
    union all
    select p.id, case when p.id % 4 = 0 then null else i.id end, case when p.id % 4 = 0 then 'Transportation' else i.name end,
      case when p.id % 4 = 0 then 1500 else i.amount end, case when p.id % 4 = 0 then 1 else p.id % 3 + 1 end
    from fee_payment p join items i on i.k = (p.id + 3) % 7`);
  await run('analyze fee_payment_detail');
  await run(`update fee_payment p set total_amount = d.t - p.discount_amount
    from (select payment_id, sum(amount * quantity) as t from fee_payment_detail group by payment_id) d where d.payment_id = p.id`);
  await run(`insert into fee_installment (payment_id, paid_amount, mode, kind, receipt_no, timestamp, extras)
    select payment_id, amount, mode, kind, row_number() over (order by ts, payment_id, n), ts, extras from (
      select p.id as payment_id, round(p.total_amount * 0.6, 2) as amount, 'cash' as mode, 'payment' as kind, p.timestamp as ts, 1 as n, '{}'::jsonb as extras
      from fee_payment p
      union all
      select p.id, case when p.id % 10 = 0 then -round(p.total_amount * 0.1, 2) else round(p.total_amount * 0.25, 2) end,
        case when p.id % 10 = 0 then 'cheque' else (array['cash', 'card', 'wallet', 'transfer'])[p.id % 4 + 1] end,
        case when p.id % 10 = 0 then 'refund' else 'installment' end,
        least(p.timestamp + (p.id % 20) * interval '1 day', now()), 2,
        case when p.id % 10 = 0 then jsonb_build_object('transaction_details', 'Cheque ' || p.id) else '{}'::jsonb end
      from fee_payment p
    ) x`);
  await run('analyze fee_installment');
  await run(`update fee_payment p set paid_amount = i.s
    from (select payment_id, sum(paid_amount) as s from fee_installment group by payment_id) i where i.payment_id = p.id`);
  await run(`insert into setting (key, value) select 'fee_receipt_no', to_jsonb(max(receipt_no)) from fee_installment
    on conflict (key) do update set value = excluded.value`);
  // The bills were written around the ledger: its fee item totals are built from them.
  await buildDerived(trx, feeItemTotalsTable);
  await run('analyze');
});
const feeCounts = await sdb.selectNoFrom((eb) => [
  eb.selectFrom('fee_payment').select(sql<number>`count(*)::int`.as('n')).as('bills'),
  eb.selectFrom('fee_payment_detail').select(sql<number>`count(*)::int`.as('n')).as('lines'),
  eb.selectFrom('fee_installment').select(sql<number>`count(*)::int`.as('n')).as('installments'),
  eb.selectFrom('fee_installment').select(sql<number>`count(*)::int`.as('n')).where('kind', '=', 'refund').as('refunds'),
]).executeTakeFirstOrThrow();
const tFees = performance.now();
const studentIdRange = await sdb.selectFrom('student').select([sql<number>`min(id)`.as('lo'), sql<number>`max(id)`.as('hi')]).executeTakeFirstOrThrow();

// The app, exactly as main.ts builds it.
const app = await buildApp({ config, database });

// The baseline: the same SQL the generated list calls run, compiled once, through the same handle.
const classRes = resourceByName('classes');
const subjectRes = resourceByName('subjects');
const classesSql = applySort(selectRecords(sdb, classRes), classRes).compile();
const subjectsSql = applySort(selectRecords(sdb, subjectRes).where('t.class_id', '=', -1), subjectRes).compile();
const filterAt = subjectsSql.parameters.lastIndexOf(-1);
if (filterAt < 0) throw new Error('bench: could not find the class_id parameter of the subjects query');

// The student list and search: the SQL of src/server/modules/students/lists.ts for a super admin
// (who is not narrowed to their own children), compiled once; run.ts checks the JSON is the same.
const adminCtx = { db: sdb, user: { id: 0, role: 4 } } as unknown as Ctx;
const studentsListSql = studentYearRows(adminCtx).where('sy.class_id', '=', -1).where('sy.ac_year_id', '=', -2)
  .orderBy(sql`sy.roll_no asc nulls last`).orderBy('s.fullname').orderBy('s.id').compile();
const listClassAt = studentsListSql.parameters.indexOf(-1);
const listYearAt = studentsListSql.parameters.indexOf(-2);
// A needle with no LIKE wildcards in it, so the compiled parameters are found as they are.
const like = '%benchneedle%';
const searchSql = studentSearch(adminCtx, 'benchneedle').compile();
if (listClassAt < 0 || listYearAt < 0 || !searchSql.parameters.includes(like)) throw new Error('bench: could not find the parameters of the student queries');

// A page of the generated list of all subjects (GET /subjects/?page&page_size): the rows of one page
// and the count of all, the SQL src/server/framework/service.ts listPage runs for it, compiled
// once for placeholder LIMIT (-1) and OFFSET (-2) values replaced per request.
const subjectPageSql = applySort(selectRecords(sdb, subjectRes), subjectRes).limit(-1).offset(-2).compile();
const subjectCountSql = selectRecords(sdb, subjectRes).clearSelect().select(sql<number>`count(*)::int`.as('n')).compile();
const limitAt = subjectPageSql.parameters.indexOf(-1);
const offsetAt = subjectPageSql.parameters.indexOf(-2);
if (limitAt < 0 || offsetAt < 0) throw new Error('bench: could not find the paging parameters of the subjects page query');

const bare = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
bare.get('/ping', async () => ({ ok: true }));
bare.get('/bare/classes-list/', async () => {
  const { rows } = await database.db.executeQuery(classesSql);
  return { success: true, data: rows, error: null };
});
bare.get<{ Params: { class_id: string } }>('/bare/subjects/:class_id/', async (req) => {
  const params = [...subjectsSql.parameters];
  params[filterAt] = Number(req.params.class_id);
  const { rows } = await database.db.executeQuery(CompiledQuery.raw(subjectsSql.sql, params));
  return { success: true, data: rows, error: null };
});
bare.get<{ Querystring: { page: string; page_size: string } }>('/bare/subjects/', async (req) => {
  const size = Number(req.query.page_size);
  const params = [...subjectPageSql.parameters];
  params[limitAt] = size;
  params[offsetAt] = (Number(req.query.page) - 1) * size;
  const [rows, count] = await Promise.all([
    database.db.executeQuery(CompiledQuery.raw(subjectPageSql.sql, params)),
    database.db.executeQuery<{ n: number }>(subjectCountSql),
  ]);
  return { success: true, data: rows.rows, error: null, meta: { total: count.rows[0]!.n } };
});

bare.get<{ Params: { class_id: string; ac_year_id: string } }>('/bare/students-list/:class_id/:ac_year_id/', async (req) => {
  const params = [...studentsListSql.parameters];
  params[listClassAt] = Number(req.params.class_id);
  params[listYearAt] = Number(req.params.ac_year_id);
  const { rows } = await database.db.executeQuery(CompiledQuery.raw(studentsListSql.sql, params));
  return { success: true, data: rows, error: null };
});
bare.get<{ Querystring: { q: string } }>('/bare/search/students/', async (req) => {
  const pattern = likePattern(String(req.query.q ?? '').trim());
  // The text is matched anywhere, and at the start of the name for the order.
  const params = searchSql.parameters.map((p) => (p === like ? pattern : p === like.slice(1) ? pattern.slice(1) : p));
  const { rows } = await database.db.executeQuery(CompiledQuery.raw(searchSql.sql, params));
  return { success: true, data: rows, error: null };
});

// Fees: the report calls' very SQL (src/server/modules/fees/reports.ts), compiled once for a
// placeholder class (-1) and year (-2) whose parameters are replaced per request.
const compiledWith = (q: { compile(): CompiledQuery }) => {
  const c = q.compile();
  if (!c.parameters.includes(-2)) throw new Error('bench: could not find the year parameter of a fees query');
  return (classId: number | undefined, year: number) =>
    CompiledQuery.raw(c.sql, c.parameters.map((p) => (p === -1 ? classId : p === -2 ? year : p)));
};
const cardsSql = compiledWith(cardsQuery(sdb, -1, -2));
const classItemsSql = compiledWith(feeItemsQuery(sdb, { classId: -1, yearId: -2 }));
const schoolItemsSql = compiledWith(feeItemsQuery(sdb, { yearId: -2 }));
// The previous release's SQL (tests/bench/naive-fees.ts), run as its planner ran it.
const naiveCardsInstallmentsSql = compiledWith(naiveCardInstallmentsQuery(sdb, -1, -2));
const naiveCardsBillsSql = compiledWith(naiveCardBillsQuery(sdb, -1, -2));
const naiveClassItemsSql = compiledWith(naiveFeeItemsQuery(sdb, { classId: -1, yearId: -2 }));
const naiveSchoolItemsSql = compiledWith(naiveFeeItemsQuery(sdb, { yearId: -2 }));
const asBefore = <T>(fn: (trx: Kysely<any>) => Promise<T>) => database.db.transaction().execute(async (trx) => {
  await sql`set local random_page_cost = 4`.execute(trx);
  return fn(trx);
});

type ClassYear = { Params: { class_id: string; ac_year_id: string } };
type ItemsQuery = { Querystring: { class_id?: string; ac_year_id: string } };
bare.get<ClassYear>('/bare/reports/fees/:class_id/:ac_year_id/', async (req) => {
  const { rows } = await database.db.executeQuery<CardRow>(cardsSql(Number(req.params.class_id), Number(req.params.ac_year_id)));
  return { success: true, data: cardsFrom(rows), error: null };
});
bare.get<ItemsQuery>('/bare/reports/fees/items/', async (req) => {
  const year = Number(req.query.ac_year_id);
  const q = req.query.class_id === undefined ? schoolItemsSql(undefined, year) : classItemsSql(Number(req.query.class_id), year);
  const { rows } = await database.db.executeQuery(q);
  return { success: true, data: rows, error: null };
});
bare.get<ClassYear>('/naive/reports/fees/:class_id/:ac_year_id/', async (req) => {
  const classId = Number(req.params.class_id);
  const year = Number(req.params.ac_year_id);
  const data = await asBefore(async (trx) => naiveCardsFrom(
    (await trx.executeQuery<Record<string, any>>(naiveCardsInstallmentsSql(classId, year))).rows,
    (await trx.executeQuery<Record<string, any>>(naiveCardsBillsSql(classId, year))).rows,
  ));
  return { success: true, data, error: null };
});
bare.get<ItemsQuery>('/naive/reports/fees/items/', async (req) => {
  const year = Number(req.query.ac_year_id);
  const q = req.query.class_id === undefined ? naiveSchoolItemsSql(undefined, year) : naiveClassItemsSql(Number(req.query.class_id), year);
  const { rows } = await asBefore((trx) => trx.executeQuery(q));
  return { success: true, data: rows, error: null };
});

/**
 * Billing baseline: the ledger alone (createBill, then addInstallment for the payment, in one
 * transaction, as PUT /fees/pay/ runs them), without HTTP auth, access checks, payload validation
 * or the settings read.
 */
const superAdmin = await sdb.selectFrom('user').select(['id', 'name', 'email']).where('role', '=', 4).executeTakeFirstOrThrow();
const ledgerCtx: Ctx = {
  db: sdb, school: { code: CODE, name: 'Bench School', schema }, config, integrations: createIntegrations(config),
  user: { id: superAdmin.id, name: superAdmin.name, email: superAdmin.email, username: null, mobile: null, role: 4 },
};
type BillBody = { student_id: number; ac_year_id: number; name?: string; discounts?: number; amount_paid: number; details: Array<{ fee_item_id?: number | null; fee_item_name?: string | null; amount: number; quantity: number }>; installments: Array<{ amount: number; mode: string }> };
bare.put<{ Body: BillBody }>('/bare/fees/pay/', async (req) => {
  const b = req.body;
  const paying = Math.round(b.amount_paid * 100);
  if (billTotalPaise(b.details, b.discounts ?? 0) < paying) throw new Error('bench: the bill body does not add up');
  const data = await inTransaction(ledgerCtx, async (tx) => {
    const billId = await createBill(tx, { student_id: b.student_id, ac_year_id: b.ac_year_id, name: b.name ?? 'Fees', lines: b.details, discount: b.discounts ?? 0 });
    const paid = await addInstallment(tx, billId, paying, { mode: b.installments[0]!.mode, kind: 'payment' });
    return { payment_id: billId, ...paid };
  });
  return { success: true, data, error: null, message: 'Fees Paid' };
});
/** After the billing runs: every bill's paid amount is the sum of its installments, and receipt numbers are unique. */
bare.get('/bare/fees/check/', async () => {
  const r = await sdb.selectNoFrom((eb) => [
    eb.selectFrom('fee_payment as p').select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`p.paid_amount <> (select coalesce(sum(i.paid_amount), 0) from ${sql.id(schema, 'fee_installment')} i where i.payment_id = p.id)`).as('paid_mismatch'),
    eb.selectFrom('fee_installment').select(sql<number>`(count(*) - count(distinct receipt_no))::int`.as('n')).as('receipt_duplicates'),
    eb.selectFrom('fee_installment').select(sql<number>`count(*)::int`.as('n')).as('installments'),
    eb.selectFrom('fee_payment').select(sql<number>`count(*)::int`.as('n')).as('bills'),
  ]).executeTakeFirstOrThrow();
  return r;
});

/** Import baseline 1: the same students as plain multi-row inserts (student, then student_year), 500 rows a statement. */
bare.post<{ Body: { class_id: number; rows: Array<Record<string, unknown>> } }>('/bare/insert-students/', async (req) => {
  const t = performance.now();
  await database.db.transaction().execute(async (trx) => {
    const tdb = trx.withSchema(schema);
    for (const part of chunks(req.body.rows)) {
      const ids = await tdb.insertInto('student').values(part.map((r) => ({ ...r, class_id: req.body.class_id, ac_year_id: yearId, status: 1 }))).returning(['id', 'roll_no']).execute();
      await tdb.insertInto('student_year').values(ids.map((r) => ({ student_id: r.id, ac_year_id: yearId, class_id: req.body.class_id, roll_no: r.roll_no, status: 1, admission_type: 'NEW' }))).execute();
    }
  });
  return { ms: performance.now() - t, rows: req.body.rows.length };
});
/** Import baseline 2: argon2 hashes of the new logins, 64 at a time as the import makes them. */
bare.post<{ Body: { mobiles: string[] } }>('/bare/hash/', async (req) => {
  const t = performance.now();
  for (const part of chunks(req.body.mobiles, 64)) await Promise.all(part.map((m) => hashPassword(m)));
  return { ms: performance.now() - t, hashes: req.body.mobiles.length };
});

const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  try {
    await app.close();
    await bare.close();
    await database.close();
  } finally {
    lock?.release();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The parent holds our stdin open; if it dies, we go too.
process.stdin.on('end', () => void shutdown());
process.stdin.resume();

const info = {
  kind: database.kind,
  code: CODE,
  schema,
  admin: ADMIN,
  appPort: Number(new URL(appAddress).port),
  barePort: Number(new URL(bareAddress).port),
  classIds,
  yearId,
  studentClassIds,
  counts: { teachers: teacherIds.length, classes: classIds.length, subjects: subjects.length, students: studentRows.length, studentClasses: studentClassIds.length },
  timings: { openMs: tOpen - t0, createSchoolMs: tSchool - tOpen, seedMs: tSeed - tSchool, feesSeedMs: tFees - tFeesStart },
  fees: { ...feeCounts, items: feeItems.map((i) => ({ id: i.id as number, name: i.name as string, amount: Number(i.amount) })), studentIds: [studentIdRange.lo, studentIdRange.hi] },
  sql: { classes: classesSql.sql, subjects: subjectsSql.sql, studentsList: studentsListSql.sql, search: searchSql.sql },
};
console.log(`BENCH_READY ${JSON.stringify(info)}`);

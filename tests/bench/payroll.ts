/**
 * Bench figures for payroll (a section of `npm run bench`): a month's payroll for 300 employees
 * made through the app (PUT /simple/payroll/ per employee, one after another: access, the payroll
 * permission, payload, the salary structure read, the arithmetic, the unique month, the insert
 * and its audit record) next to the same work as raw SQL in the same run (per employee: read the
 * structure, insert the computed entry, insert the audit row). Entries per second, each way.
 * Run alone: `node --import tsx tests/bench/payroll.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { insertChunked, withBenchSchool } from './bench-school.js';
import { toPaise, toRupees } from '../../src/shared/money.js';
import { computePayslip, CREDIT, DEBIT, type ItemType } from '../../src/shared/payroll.js';

const EMPLOYEES = Number(process.env.BENCH_PAYROLL_EMPLOYEES ?? 300);

export interface PayrollBench { employees: number; appMs: number; sqlMs: number; appPerSecond: number; sqlPerSecond: number }

export async function measurePayroll(): Promise<PayrollBench> {
  return withBenchSchool('PR', async ({ db, schema, call }) => {
    const dept = await db.insertInto('hr_department').values({ name: 'Staff' }).returning('id').executeTakeFirstOrThrow();
    await insertChunked(db, 'hr_employee', Array.from({ length: EMPLOYEES }, (_, i) => ({
      name: `Employee ${i + 1}`, job_title: 'Teacher', hr_department_id: dept.id, dob: '1990-01-01', hire_date: '2020-06-01', join_date: '2020-06-01',
    })));
    const employees = await db.selectFrom('hr_employee').select('id').orderBy('id').execute();
    await insertChunked(db, 'payroll_salary', employees.map((e, i) => {
      const ctc = 20000 + (i % 50) * 500;
      return { employee_id: e.id, ctc, salary: JSON.stringify([{ item_name: 'Basic', type: 0, value: ctc + 1800 }, { item_name: 'PF', type: 1, value: 1800 }]) };
    }));
    await db.executeQuery(sql`analyze`.compile(db));

    const t0 = performance.now();
    for (const [i, e] of employees.entries()) await call('PUT', '/simple/payroll/', { employee_id: e.id, month_year: '2026-10-01', total_days: 31, absent_days: i % 7 === 0 ? 2 : 0 });
    const appMs = performance.now() - t0;
    const made = Number((await db.selectFrom('payroll').select(sql<string>`count(*)`.as('n')).where('month_year', '=', '2026-10-01').executeTakeFirstOrThrow()).n);
    if (made !== EMPLOYEES) throw new Error(`payroll: ${made} entries made, ${EMPLOYEES} expected`);

    // The same month's work as raw statements, for the next month.
    const t = (name: string) => sql.id(schema, name);
    const t1 = performance.now();
    for (const [i, e] of employees.entries()) {
      const s = (await db.executeQuery(sql<{ ctc: string; salary: Array<{ item_name: string; type: number; value: number }> }>`select ctc, salary from ${t('payroll_salary')} where employee_id = ${e.id}`.compile(db))).rows[0]!;
      const absent = i % 7 === 0 ? 2 : 0;
      const slip = computePayslip(toPaise(Number(s.ctc)), s.salary.map((x) => ({ item_name: x.item_name, type: (x.type === DEBIT ? DEBIT : CREDIT) as ItemType, paise: toPaise(x.value) })), 30, absent);
      const extras = JSON.stringify({ ctc: Number(s.ctc), payslip: slip.items.map((x) => ({ key: x.key, item_name: x.item_name, type: x.type, value: toRupees(x.paise) })) });
      const row = (await db.executeQuery(sql<{ id: number }>`insert into ${t('payroll')} (employee_id, month_year, absent_days, total_days, present_days, salary_amount, amount_paid, extras)
        values (${e.id}, '2026-11-01', ${absent}, 30, ${slip.present_days}, ${toRupees(slip.salaryPaise)}, 0, ${extras}::jsonb) returning id`.compile(db))).rows[0]!;
      await db.executeQuery(sql`insert into ${t('audit')} (user_id, resource, action, record_id, data) values (null, 'payrolls', 'create', ${String(row.id)}, ${extras}::jsonb)`.compile(db));
    }
    const sqlMs = performance.now() - t1;
    return { employees: EMPLOYEES, appMs, sqlMs, appPerSecond: (EMPLOYEES * 1000) / appMs, sqlPerSecond: (EMPLOYEES * 1000) / sqlMs };
  });
}

export function formatPayrollBench(p: PayrollBench | null, note = ''): string[] {
  if (!p) return [`13. Payroll: ${note}`];
  const f = (n: number) => n.toFixed(0);
  return [
    `13. Payroll, a month for ${p.employees} employees (one entry after another):`,
    `   PUT /simple/payroll/ ${f(p.appPerSecond)} entries/s (${f(p.appMs)} ms);  raw SQL ${f(p.sqlPerSecond)} entries/s (${f(p.sqlMs)} ms);  SQL/app = ${(p.sqlPerSecond / p.appPerSecond).toFixed(1)}x`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatPayrollBench(await measurePayroll()).join('\n'));
}

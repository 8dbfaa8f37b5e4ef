/**
 * Bench figures for the admission leads list (a section of `npm run bench`): 50,000 leads, then
 * GET /admissions/leads/ through the server-side list contract (page, page_size, q) each next
 * to the raw SQL the page needs (its rows and its total) in the same run: the first page, a deep
 * page, a search by name and a search by mobile digits. Milliseconds per answer, one at a time.
 * Run alone: `node --import tsx tests/bench/leads.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { insertChunked, timed, timing, timingLine, withBenchSchool, type Timing } from './bench-school.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const RUNS = 30;
const PAGE = 50;

export interface LeadsBench { leads: number; first: Timing; deep: Timing; byName: Timing; byMobile: Timing }

const FIRST = ['Priya', 'Rahul', 'Anjali', 'Mohammed', 'Sunita', 'Deepak', 'Lakshmi', 'Harpreet', 'Kavya', 'Arjun', 'Fatima', 'Suresh'];
const LAST = ['Sharma', 'Menon', 'Reddy', 'Iyer', 'Khan', 'Singh', 'Nair', 'Verma', 'Joshi', 'Rao', 'Das', 'Patel', 'Gupta', 'Kulkarni'];

export async function measureLeads(): Promise<LeadsBench> {
  return withBenchSchool('LD', async ({ db, schema, call }) => {
    const now = Date.now();
    await insertChunked(db, 'adm_lead', Array.from({ length: LEADS }, (_, i) => {
      const at = new Date(now - i * 9 * 60_000).toISOString();
      return {
        parent_name: `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]} ${i}`, mobile: `9${String(800_000_000 + i * 37).padStart(9, '0')}`,
        email: i % 3 ? null : `parent${i}@example.com`, student_name: `Child ${i}`, class: String((i % 10) + 1), status: (i % 10) - 3,
        extras: '{}', created: at, updated: at,
      };
    }));
    await db.executeQuery(sql`analyze`.compile(db));

    const t = sql.id(schema, 'adm_lead');
    const cols = sql.raw('id, parent_name, mobile, email, student_name, class, status, created, updated, extras');
    const rawPage = async (page: number, q?: string) => {
      const where = q ? sql`where parent_name ilike ${`%${q}%`} or mobile ilike ${`%${q}%`} or student_name ilike ${`%${q}%`} or email ilike ${`%${q}%`}` : sql``;
      await Promise.all([
        db.executeQuery(sql`select ${cols} from ${t} ${where} order by created desc, id desc limit ${PAGE} offset ${(page - 1) * PAGE}`.compile(db)),
        db.executeQuery(sql`select count(*)::int as n from ${t} ${where}`.compile(db)),
      ]);
    };
    const appPage = (page: number, q?: string) => call('GET', `/admissions/leads/?page=${page}&page_size=${PAGE}${q ? `&q=${encodeURIComponent(q)}` : ''}`);
    const pair = async (page: number, q?: string) =>
      timing(await timed(RUNS, async () => { await appPage(page, q); }), await timed(RUNS, () => rawPage(page, q)));
    // The searches must find something, or they measure nothing.
    if (!(await appPage(1, 'Kulkarni')).length) throw new Error('the name search found no lead');

    return {
      leads: LEADS,
      first: await pair(1),
      deep: await pair(Math.floor(LEADS / PAGE / 2)),
      byName: await pair(1, 'Kulkarni'),
      byMobile: await pair(1, '98000'),
    };
  });
}

export function formatLeadsBench(l: LeadsBench | null, note = ''): string[] {
  if (!l) return [`15. Leads list: ${note}`];
  return [
    `15. Admission leads list on ${l.leads} leads, GET /admissions/leads/?page&page_size=${PAGE}[&q] (rows and total; ${RUNS} runs each, one at a time):`,
    timingLine('first page'.padEnd(28), l.first),
    timingLine(`page ${Math.floor(l.leads / PAGE / 2)} (deep offset)`.padEnd(28), l.deep),
    timingLine("search 'Kulkarni' (name)".padEnd(28), l.byName),
    timingLine("search '98000' (mobile)".padEnd(28), l.byMobile),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatLeadsBench(await measureLeads()).join('\n'));
}

/**
 * Bench figures for the library (a section of `npm run bench`): the search by code at the
 * counter, GET /library/book/search/{code}/, on a school of 1,00,000 books, through the app
 * (access, the module switch, the envelope) next to its raw SQL, the same select by code, one
 * after another in the same run. Each run looks up a different code.
 * Run alone: `node --import tsx tests/bench/library.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { insertChunked, timed, timing, timingLine, withBenchSchool, type Timing } from './bench-school.js';

const BOOKS = Number(process.env.BENCH_LIBRARY_BOOKS ?? 100_000);
const RUNS = Number(process.env.BENCH_LIBRARY_RUNS ?? 200);

export interface LibraryBench { books: number; runs: number; search: Timing }

const codeOf = (i: number) => `LIB-${String(i + 1).padStart(6, '0')}`;

export async function measureLibrary(): Promise<LibraryBench> {
  return withBenchSchool('LB', async ({ db, schema, call }) => {
    await insertChunked(db, 'lib_book', Array.from({ length: BOOKS }, (_, i) => ({
      code: codeOf(i), title: `Title ${i % 5000}`, author: `Author ${i % 700}`, publisher: `Publisher ${i % 40}`,
      category: ['Fiction', 'Reference', 'Textbook', 'Stories'][i % 4], shelf_no: `S-${i % 300}`, status: i % 7 ? 2 : 1,
    })));
    await db.executeQuery(sql`analyze`.compile(db));
    // Spread over the table, never the same code twice in a row.
    const pick = (i: number) => codeOf((i * 7919) % BOOKS);
    const check = await call('GET', `/library/book/search/${pick(1)}/`);
    if (check.length !== 1 || check[0].code !== pick(1)) throw new Error('library: the search found the wrong book');

    const app = await timed(RUNS, async (i) => { await call('GET', `/library/book/search/${pick(i)}/`); });
    const t = sql.id(schema, 'lib_book');
    const raw = await timed(RUNS, async (i) => {
      await db.executeQuery(sql`select id, code, title, author, publisher, isbn_10, isbn_13, edition, price::float8 as price, category, pages,
        print_date, purchase_date, shelf_no, image, status, timestamp from ${t} where code = ${pick(i)}`.compile(db));
    });
    return { books: BOOKS, runs: RUNS, search: timing(app, raw) };
  });
}

export function formatLibraryBench(d: LibraryBench | null, note = ''): string[] {
  if (!d) return [`16. Library: ${note}`];
  return [
    `16. Library, ${d.books} books (${d.runs} searches, one after another, each a different code):`,
    timingLine('GET /library/book/search/{code}/ next to its select by code', d.search),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatLibraryBench(await measureLibrary()).join('\n'));
}

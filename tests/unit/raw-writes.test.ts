/**
 * One write path: hand-written code under src/server/modules writes a declared resource's table
 * through the generic service (`items(ctx, '<resource>')`, src/server/framework/items.ts), so the
 * scope, hooks, reference and uniqueness checks and the audit run for every write. A raw Kysely
 * write (insertInto, updateTable, deleteFrom, replaceInto, mergeInto) is allowed only
 * - on a table no resource declares (settings, logins, derived totals): it is not checked here;
 * - where a benchmark shows the cost, declared on the statement (its line or the comment lines
 *   just above it) as `// raw write: <why> (bench: <name>)`, <name> a file of tests/bench.
 * - in a module's demo data (`demo-seed*.ts`), which lays down months of a school's past once, on a
 *   first start (attendance since June, leads stamped weeks ago) as the store would hold them and
 *   as the hooks of today would refuse them: `// raw write: <why> (demo data)`.
 * A write whose table the test cannot read (a variable) counts as a write to a declared table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { RESOURCES } from '../../src/shared/registry.js';

const MODULES = path.join(ROOT, 'src/server/modules');
const BENCHES = new Set(fs.readdirSync(path.join(ROOT, 'tests/bench')).filter((f) => f.endsWith('.ts')).map((f) => path.basename(f, '.ts')));
const DECLARED = new Set(RESOURCES.flatMap((r) => (r.table ? [r.table] : [])));

export interface RawWrite { line: number; table: string | null; text: string }

const WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^)]*?)\s*\)/g;
const MARKER = /\/\/\s*raw write:.*\((?:bench:\s*([\w-]+)|(demo data))\)/;
/** What a marker's `(demo data)` reads as: allowed only in a module's demo data. */
const DEMO = 'demo data';
const marked = (line: string) => { const m = MARKER.exec(line); return m ? m[1] ?? m[2]! : null; };

/** The raw writes of a file's text, the table each writes (null when it is not a literal or a file constant), and whether a marker declares it. */
export function rawWrites(text: string): Array<RawWrite & { bench: string | null }> {
  const lines = text.split('\n');
  const constants = new Map([...text.matchAll(/\bconst\s+(\w+)\s*=\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
  const out: Array<RawWrite & { bench: string | null }> = [];
  for (const m of text.matchAll(WRITE)) {
    const line = text.slice(0, m.index).split('\n').length;
    const arg = m[2]!;
    const literal = /^['"`]([^'"`]+)['"`]$/.exec(arg)?.[1] ?? (/^\w+$/.test(arg) ? constants.get(arg) : undefined);
    // `school_x.student as s` → student
    const table = literal ? literal.split(/\s+as\s+/)[0]!.split('.').at(-1)! : null;
    // The marker: on the statement's line, or on the comment lines right above it.
    let bench = marked(lines[line - 1]!);
    for (let i = line - 2; bench === null && i >= 0 && /^\s*\/\//.test(lines[i]!); i--) bench = marked(lines[i]!);
    out.push({ line, table, text: m[0], bench });
  }
  return out;
}

const moduleFiles = () => fs.readdirSync(MODULES, { recursive: true }).map(String).filter((f) => f.endsWith('.ts')).sort();

it('src/server/modules writes declared tables only through the service, or with a declared benchmark', () => {
  const problems: string[] = [];
  for (const f of moduleFiles()) {
    const rel = path.join('src/server/modules', f);
    for (const w of rawWrites(fs.readFileSync(path.join(MODULES, f), 'utf8'))) {
      if (w.table !== null && !DECLARED.has(w.table)) continue;
      if (w.bench === DEMO) {
        if (!path.basename(f).startsWith('demo-seed')) problems.push(`${rel}:${w.line}: only a module's demo data (demo-seed*.ts) may mark a raw write as demo data`);
        continue;
      }
      if (w.bench !== null) {
        if (!BENCHES.has(w.bench)) problems.push(`${rel}:${w.line}: the marker names the benchmark ${w.bench}, which tests/bench does not have`);
        continue;
      }
      problems.push(`${rel}:${w.line}: ${w.text}${w.table ? '' : ' (a table the test cannot read)'} writes a declared table raw: `
        + 'write through items(ctx, \'<resource>\') (src/server/framework/items.ts), or mark a benchmarked write "// raw write: <why> (bench: <name>)"');
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

it('finds raw writes, reads their table and sees a declared benchmark', () => {
  const text = [
    "const TOTALS = 'fee_item_totals';",
    "await ctx.db.insertInto('student').values(x).execute();",
    "await db.deleteFrom(TOTALS).execute();",
    '// raw write: locked balance updates (bench: run)',
    "await tx.db.updateTable('fin_account as a')",
    "await untypedDb(ctx.db).deleteFrom(table).where('id', '=', 1).execute();",
  ].join('\n');
  expect(rawWrites(text).map((w) => [w.line, w.table, w.bench])).toEqual([
    [2, 'student', null], [3, 'fee_item_totals', null], [5, 'fin_account', 'run'], [6, null, null],
  ]);
});

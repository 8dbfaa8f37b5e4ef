import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { resourceByName } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { storedColumns } from '../db/sync.js';

/** A money column selected as a number of rupees: exact numeric in the database, a JSON number on the wire. */
export const moneyColumn = <R extends string, A extends string = LastName<R>>(ref: R, alias?: A) =>
  sql<number>`${sql.ref(ref)}::float8`.as((alias ?? ref.split('.').pop()!) as A);
/** 'p.total_amount' → 'total_amount'. */
type LastName<R extends string> = R extends `${string}.${infer T}` ? LastName<T> : R;

/**
 * The select every list and detail call of a resource uses: its columns plus declared
 * relations, a joined field for each pointer and a counting subquery for each count.
 */
export function selectRecords(db: Kysely<any>, r: ResourceDef): SelectQueryBuilder<any, any, any> {
  let qb: SelectQueryBuilder<any, any, any> = db
    .selectFrom(`${r.table} as t`)
    .select(['t.id', ...storedColumns(r).filter(([, p]) => p.format !== 'money').map(([c]) => `t.${c}`)]);
  // Money is exact numeric in the database; JSON carries it as a number of rupees.
  for (const [c] of storedColumns(r).filter(([, p]) => p.format === 'money')) qb = qb.select(moneyColumn(`t.${c}`));
  // A school's custom fields: the jsonb column, spread into the row by the service (flattenCustom).
  if (r.customFields?.length) qb = qb.select('t.custom');
  const joined = new Map<string, string>();
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    if (rel.from) {
      const key = `${rel.resource}.${rel.from}`;
      let alias = joined.get(key);
      if (!alias) {
        alias = `j${joined.size}`;
        joined.set(key, alias);
        qb = qb.leftJoin(`${resourceByName(rel.resource!).table} as ${alias}`, `${alias}.id`, `t.${rel.from}`);
      }
      qb = qb.select(`${alias}.${rel.field} as ${name}`);
    } else if (rel.count) {
      const child = resourceByName(rel.count);
      const within = rel.within;
      qb = qb.select((eb) => {
        let counted = eb.selectFrom(`${child.table} as c`).select(sql<number>`count(*)::int`.as('n')).whereRef(`c.${rel.by}`, '=', 't.id');
        if (within) {
          let parents = eb.selectFrom(`${resourceByName(within.resource).table} as w`).select('w.id');
          // Declared values are literals, so a compiled list keeps its filters as its only parameters.
          for (const [col, value] of Object.entries(within.where)) parents = parents.where(`w.${col}`, '=', sql.lit(value));
          counted = counted.where(`c.${within.from}`, 'in', parents);
        }
        return counted.as(name);
      });
    }
  }
  return qb;
}

export function applySort(qb: SelectQueryBuilder<any, any, any>, r: ResourceDef, alias = 't') {
  const sort = r.list?.sort;
  if (sort) {
    const desc = sort.startsWith('-');
    const field = desc ? sort.slice(1) : sort;
    const col = field in (r.schema.properties ?? {}) ? `${alias}.${field}` : field;
    qb = qb.orderBy(col, desc ? 'desc' : 'asc');
  }
  return qb.orderBy(`${alias}.id`, 'asc');
}

/**
 * Orders rows joined to a resource (as `alias`) the way that resource's own list is ordered:
 * e.g. students by class as the classes list shows them (LKG, UKG, 1 … 12), not as text.
 */
export const inListOrder = (qb: SelectQueryBuilder<any, any, any>, resource: string, alias: string) =>
  applySort(qb, resourceByName(resource), alias);

/** A row read with its `custom` column, as the API shows it: each configured custom field flat, the column itself gone. */
export function flattenCustom<T extends Record<string, any>>(r: ResourceDef, row: T): T {
  if (!r.customFields?.length || !row) return row;
  const stored = (row.custom ?? {}) as Record<string, unknown>;
  const out: Record<string, any> = { ...row };
  delete out.custom;
  for (const k of r.customFields) out[k] = stored[k] ?? null;
  return out as T;
}

import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { resourceByName } from '../../shared/registry.js';
import type { JsonSchema, RelationDef, ResourceDef } from '../../shared/resource.js';
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
  const joined = new Set<string>();
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    if (rel.from) {
      const alias = joinAlias(r, rel);
      if (!joined.has(alias)) {
        joined.add(alias);
        qb = qb.leftJoin(`${resourceByName(rel.resource!).table} as ${alias}`, `${alias}.id`, `t.${rel.from}`);
      }
      qb = qb.select(`${alias}.${rel.field} as ${name}`);
    } else if (rel.sum) {
      const { sum } = rel;
      const child = resourceByName(sum.resource);
      const money = child.schema.properties?.[sum.field]?.format === 'money';
      const value = sum.negate
        ? sql`case when ${sql.ref(`s.${sum.negate.field}`)} in (${sql.join(sum.negate.in.map((v) => sql.lit(v)))}) then -${sql.ref(`s.${sum.field}`)} else ${sql.ref(`s.${sum.field}`)} end`
        : sql`${sql.ref(`s.${sum.field}`)}`;
      qb = qb.select((eb) => eb.selectFrom(`${child.table} as s`)
        .select(money ? sql<number>`coalesce(sum(${value}), 0)::float8`.as('v') : sql<number>`coalesce(sum(${value}), 0)`.as('v'))
        .whereRef(`s.${sum.by}`, '=', `t.${sum.on ?? 'id'}`).as(name));
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

/** The alias of a pointer relation's joined table: one join per target resource and column (j0, j1 …). */
function joinAlias(r: ResourceDef, rel: RelationDef): string {
  const keys: string[] = [];
  for (const x of Object.values(r.relations ?? {})) {
    if (!x.from) continue;
    const key = `${x.resource}.${x.from}`;
    if (!keys.includes(key)) keys.push(key);
  }
  return `j${keys.indexOf(`${rel.resource}.${rel.from}`)}`;
}

const isText = (p: JsonSchema | undefined) => p?.type === 'string' || (Array.isArray(p?.type) && p.type.includes('string'));

/**
 * A field of a resource's rows as selectRecords reads it, for WHERE clauses (which cannot use
 * the answer's names): the id, a stored column, a joined pointer field, or `column.key` of a
 * jsonb column (the expression searchIndexes index). Null when the rows have no such field.
 */
export function fieldExpression(r: ResourceDef, field: string): { expr: RawBuilder<unknown>; text: boolean } | null {
  if (field === 'id') return { expr: sql`${sql.ref('t.id')}`, text: false };
  const [col, key] = field.split('.');
  const prop = r.schema.properties?.[col!] as JsonSchema | undefined;
  if (key !== undefined) return prop && !prop.writeOnly ? { expr: sql`${sql.ref(`t.${col}`)}->>${sql.lit(key)}`, text: true } : null;
  const rel = r.relations?.[field];
  if (rel?.from) {
    const target = resourceByName(rel.resource!);
    return { expr: sql`${sql.ref(`${joinAlias(r, rel)}.${rel.field}`)}`, text: isText(target.schema.properties?.[rel.field!] as JsonSchema | undefined) };
  }
  if (prop && !prop.writeOnly && !rel) return { expr: sql`${sql.ref(`t.${field}`)}`, text: isText(prop) };
  return null;
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

/** A table of the school's schema named in full: raw `sql` statements are not rewritten by the handle's schema binding. */
export type SchoolTables = (name: string) => RawBuilder<unknown>;
export const schoolTables = (schema: string): SchoolTables => (name) => sql.table(`${schema}.${name}`);

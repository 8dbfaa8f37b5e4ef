/**
 * Row scope on the server: the resource's declared `scope` for the person's role narrows every
 * read of its rows (generated lists and reads, declared calls' `ctx.scoped(...)`, scoped ids).
 */
import type { SelectQueryBuilder } from 'kysely';
import { rowScopeOf, SCOPE_KINDS } from '../../shared/access.js';
import { resourceByName } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { untypedDb, type Ctx } from './context.js';

type AnyQuery = SelectQueryBuilder<any, any, any>;

/** Whether the person's role is narrowed on `r` at all. */
export const isScoped = (ctx: Pick<Ctx, 'user'>, r: ResourceDef) => rowScopeOf(r, ctx.user.role) !== null;

/** Narrows a query of `r`'s rows (aliased `alias`) to the rows the person reaches. */
export function applyScope<Q extends AnyQuery>(ctx: Ctx, r: ResourceDef, qb: Q, alias = 't'): Q {
  const scope = rowScopeOf(r, ctx.user.role);
  if (!scope) return qb;
  let out: AnyQuery = qb;
  for (const [kind, column] of Object.entries(scope)) {
    if (!SCOPE_KINDS[kind]) throw new Error(`${r.name}: unknown row scope kind ${kind}`);
    out = out.where(`${alias}.${column}`, 'in', reach(ctx, kind));
  }
  return out as Q;
}

/** The ids a kind of reach admits for the person (src/shared/access.ts SCOPE_KINDS), as a subquery. */
export function reach(ctx: Pick<Ctx, 'db' | 'user'>, kind: string): AnyQuery {
  const k = SCOPE_KINDS[kind];
  if (!k) throw new Error(`Unknown row scope kind ${kind}`);
  const db = untypedDb(ctx.db);
  const table = (name: string) => resourceByName(name).table!;
  if ('owner' in k) return db.selectFrom(table(k.resource)).select('id').where(k.owner, '=', ctx.user.id);
  const paths = k.any.map((p) => db.selectFrom(table(p.resource)).select(`${p.pick ?? 'id'} as id`).where(p.by, 'in', reach(ctx, p.from)));
  return paths.reduce((all, p) => all.union(p));
}

/** The rows of a resource the person reaches, as `<table> as <alias>`, ready for more conditions. */
export function scoped(ctx: Ctx, name: string, alias = 't'): AnyQuery {
  const r = resourceByName(name);
  return applyScope(ctx, r, untypedDb(ctx.db).selectFrom(`${r.table!} as ${alias}`), alias);
}

/** Whether the row `id` of a resource exists and the person reaches it. */
export async function reaches(ctx: Ctx, name: string, id: number): Promise<boolean> {
  return !!(await scoped(ctx, name).select('t.id').where('t.id', '=', id).executeTakeFirst());
}

/** The kinds of reach the role's row scope on `name` applies to `column`. */
const kindsOn = (ctx: Pick<Ctx, 'user'>, name: string, column: string) =>
  Object.entries(rowScopeOf(resourceByName(name), ctx.user.role) ?? {}).filter(([, col]) => col === column).map(([kind]) => kind);

/** The resource a value scope's values are rows of (a class id of a teacher's classes: classes), if the role is scoped there. */
export const valueScopeResource = (ctx: Pick<Ctx, 'user'>, name: string, column: string): string | undefined => {
  const kind = kindsOn(ctx, name, column)[0];
  return kind ? SCOPE_KINDS[kind]!.resource : undefined;
};

/**
 * Whether the row scope of `name` admits `value` in `column` (a call's `'<resource>.<column>'`
 * scope): every kind of reach the role has on that column must hold the value. 'missing' when
 * the value names no row at all (answered like any missing row, not as a refusal).
 */
export async function reachesValue(ctx: Ctx, name: string, column: string, value: number): Promise<'yes' | 'no' | 'missing'> {
  const db = untypedDb(ctx.db);
  for (const kind of kindsOn(ctx, name, column)) {
    if (await db.selectFrom(reach(ctx, kind).as('r')).select('r.id').where('r.id', '=', value).executeTakeFirst()) continue;
    const table = resourceByName(SCOPE_KINDS[kind]!.resource).table!;
    return (await db.selectFrom(table).select('id').where('id', '=', value).executeTakeFirst()) ? 'no' : 'missing';
  }
  return 'yes';
}

import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { JsonSchema, ResourceDef } from '../../shared/resource.js';
import { filterColumns, filterType, LIST_PARAMS, MAX_PAGE_SIZE, sortFields } from '../../shared/list-query.js';
import { badRequest } from './errors.js';

/**
 * The query of lists that can grow without bound: `page`, `page_size`, `q`, `sort`. Without
 * `page` and `page_size` the documented answer stands; with them the answer carries `meta.total`.
 */
export interface Page { page: number; size: number }

/** A request's query string as parsed (`req.query`, or a declared call's `query`). */
type QueryOf = FastifyRequest['query'];

function one(query: QueryOf, name: string): string | undefined {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > 200) throw badRequest(`Invalid ${name.replace(/_/g, ' ')}`);
  return v;
}

/** ?page&page_size: either asks for a page (page 1, 50 rows unless given); at most 1,000 rows. */
export function queryPage(query: QueryOf): Page | null {
  const page = one(query, 'page');
  const size = one(query, 'page_size');
  if (page === undefined && size === undefined) return null;
  const p = Number(page ?? '1');
  const n = Number(size ?? '50');
  if (!Number.isInteger(p) || p < 1 || p > 1_000_000) throw badRequest('Invalid page');
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) throw badRequest(`Page size must be from 1 to ${MAX_PAGE_SIZE}`);
  return { page: p, size: n };
}

/** Text for ILIKE: the wildcards a person types are matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ?q: trimmed search text, or undefined when empty. */
export function querySearch(query: QueryOf): string | undefined {
  const q = one(query, 'q')?.trim();
  return q ? q : undefined;
}

/**
 * ?sort=field or ?sort=-field (descending), among `columns` (answer field -> column);
 * an unknown field is refused naming the ones allowed.
 */
export function querySort(query: QueryOf, columns: Record<string, string>): { column: string; desc: boolean } | null {
  const raw = one(query, 'sort');
  if (raw === undefined || raw === '') return null;
  const desc = raw.startsWith('-');
  const field = desc ? raw.slice(1) : raw;
  if (!Object.hasOwn(columns, field)) throw badRequest(`Sort by one of: ${Object.keys(columns).join(', ')}`);
  return { column: columns[field]!, desc };
}

/** The rows of one page. */
export function pageOf<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, page: Page): Q {
  return qb.limit(page.size).offset((page.page - 1) * page.size) as Q;
}

/** What a generated list was asked beyond its documented answer. */
export interface ListQuery {
  page: Page | null;
  q: string | undefined;
  sort: { column: string; desc: boolean } | null;
  /** Column -> value, equality. */
  filters: Record<string, string | number | boolean>;
}

/** A filter's text as its column's value, or a 400 naming the field. */
function filterValue(name: string, p: JsonSchema, raw: string): string | number | boolean {
  const bad = () => badRequest(`Invalid ${(p.title ?? name).toString().toLowerCase()}`);
  const type = filterType(p);
  let v: string | number | boolean = raw;
  if (type === 'integer') {
    if (!/^-?\d{1,15}$/.test(raw)) throw bad();
    v = Number(raw);
  } else if (type === 'number') {
    if (raw.trim() === '' || !Number.isFinite(Number(raw))) throw bad();
    v = Number(raw);
  } else if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw bad();
    v = raw === 'true';
  }
  const allowed = Array.isArray(p.enum) ? p.enum : Array.isArray(p.oneOf) ? p.oneOf.map((o: JsonSchema) => o.const) : null;
  if (allowed && !allowed.includes(v)) throw bad();
  return v;
}

/**
 * ?page&page_size&q&sort and equality filters (?class_id=3) of a generated list, validated; null when
 * none is given, so the documented answer stands. A name that is neither is refused, naming the ones allowed.
 */
export function queryList(req: FastifyRequest, r: ResourceDef): ListQuery | null {
  const raw = (req.query ?? {}) as Record<string, unknown>;
  const names = Object.keys(raw);
  if (names.length === 0) return null;
  const columns = filterColumns(r);
  const filters: ListQuery['filters'] = {};
  for (const name of names) {
    if ((LIST_PARAMS as readonly string[]).includes(name)) continue;
    if (!Object.hasOwn(columns, name)) {
      throw badRequest(`Unknown list parameter ${name}: use page, page_size, q, sort or a filter by ${Object.keys(columns).join(', ')}`);
    }
    filters[name] = filterValue(name, columns[name]!, one(raw, name)!);
  }
  const q = querySearch(raw);
  if (q !== undefined && !(r.list?.search ?? []).length) throw badRequest(`${r.label} cannot be searched`);
  return { page: queryPage(raw), q, sort: querySort(raw, Object.fromEntries(sortFields(r).map((f) => [f, f]))), filters };
}

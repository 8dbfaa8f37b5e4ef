/**
 * Pure helpers that turn Refine's requests into the declared calls: pick the list call,
 * fill paths, split filters, ask the server for a page (or, for lists it answers whole, apply
 * search/sort/pagination here), clean write bodies.
 * No React and no fetch here, so each is unit tested on its own (tests/unit/client-calls.test.ts).
 */
import { fillPath, listCalls, parseCall, type Call, type ResourceDef } from '../../../src/shared/resource.js';
import { MAX_PAGE_SIZE, sortFields } from '../../../src/shared/list-query.js';

export interface PreparedCall { method: string; path: string }

/** A filter value counts as given when it is not empty. */
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Equality filters as a plain map (Refine gives `[{field, operator: 'eq', value}]`). */
export function eqValues(filters: Array<{ field?: string; operator: string; value: unknown }> = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters) if (f.operator === 'eq' && f.field && given(f.value)) out[f.field] = f.value;
  return out;
}

/**
 * The list call to use: among the declared list calls whose path parameters are all given,
 * the one with the most parameters (the narrowest list). Returns the filled call and which
 * filters it consumed, or null when no declared call can be made with these values.
 */
export function selectListCall(def: ResourceDef, values: Record<string, unknown>): { call: PreparedCall; used: string[] } | null {
  let best: { call: Call; params: string[] } | null = null;
  for (const call of listCalls(def)) {
    const { params } = parseCall(call);
    if (!params.every((p) => given(values[p]))) continue;
    if (!best || params.length > best.params.length) best = { call, params };
  }
  if (!best) return null;
  return { call: prepare(best.call, values), used: best.params };
}

/** Method and filled path of a declared call. */
export function prepare(call: Call, values: Record<string, unknown>): PreparedCall {
  const { method, path } = parseCall(call);
  return { method, path: fillPath(path, values) };
}

/** Loose equality so that '3' from a URL matches 3 from the API. */
export const sameValue = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** Rows that match the equality filters the call did not already apply. */
export function applyEq<T extends Record<string, any>>(rows: T[], values: Record<string, unknown>, used: string[]): T[] {
  const rest = Object.entries(values).filter(([k]) => !used.includes(k));
  if (rest.length === 0) return rows;
  return rows.filter((r) => rest.every(([k, v]) => !(k in r) || sameValue(r[k], v)));
}

/** Case-insensitive search of `q` over the given fields. */
export function searchRows<T extends Record<string, any>>(rows: T[], q: string, fields: string[]): T[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((r) => fields.some((f) => r[f] !== null && r[f] !== undefined && String(r[f]).toLowerCase().includes(needle)));
}

/** Compares numbers as numbers, everything else as text (dates in ISO order sort correctly as text). */
export function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) && empty(b)) return 0;
  if (empty(a)) return 1;
  if (empty(b)) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Sort by Refine sorters or by a declared sort string such as '-start_date'. */
export function sortRows<T extends Record<string, any>>(rows: T[], sorters: Array<{ field: string; order: 'asc' | 'desc' }>): T[] {
  if (sorters.length === 0) return rows;
  return [...rows].sort((x, y) => {
    for (const s of sorters) {
      const c = compareValues(x[s.field], y[s.field]);
      if (c !== 0) return s.order === 'desc' ? -c : c;
    }
    return 0;
  });
}

/** The filter field list pages use for their search box (the server's ?q). */
export const SEARCH_FIELD = 'q';

export interface ListRequest {
  filters: Array<{ field?: string; operator: string; value: unknown }>;
  sorters: Array<{ field: string; order: 'asc' | 'desc' }>;
  page?: { current: number; size: number };
}

/**
 * Whether the server can answer this request itself: its filters are equalities or the search
 * box, and it sorts by one field the server sorts by.
 */
export function serverCanAnswer(def: ResourceDef, req: ListRequest): boolean {
  const sortable = sortFields(def);
  return req.filters.every((f) => f.operator === 'eq' || (f.operator === 'contains' && f.field === SEARCH_FIELD))
    && req.sorters.length <= 1 && req.sorters.every((s) => sortable.includes(s.field));
}

/**
 * The declared list call with the query a generated list answers by itself: the page, the
 * search text, the sort and the equality filters the path does not take. Null when no declared
 * list call can be made with these values.
 */
export function pagedListCall(def: ResourceDef, req: ListRequest): { call: PreparedCall; used: string[] } | null {
  const eq = eqValues(req.filters);
  const chosen = selectListCall(def, eq);
  if (!chosen) return null;
  const query: Record<string, unknown> = {};
  if (req.page) Object.assign(query, { page: req.page.current, page_size: req.page.size });
  const search = req.filters.find((f) => f.field === SEARCH_FIELD && f.operator === 'contains');
  if (search && given(search.value)) query.q = String(search.value).trim();
  const sort = req.sorters[0];
  if (sort) query.sort = `${sort.order === 'desc' ? '-' : ''}${sort.field}`;
  for (const [k, v] of Object.entries(eq)) if (!chosen.used.includes(k)) query[k] = v;
  return { call: { method: chosen.call.method, path: chosen.call.path + queryString(query) }, used: chosen.used };
}

/**
 * Every row of a list the server pages, page after page of `size` rows (an export of the whole
 * filtered list, not the page on screen); stops at the total or at a short page.
 */
export async function allPages<T>(fetchPage: (page: number, size: number) => Promise<{ data: T[]; total: number }>, size = MAX_PAGE_SIZE): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await fetchPage(page, size);
    rows.push(...data);
    if (data.length < size || rows.length >= total) return rows;
  }
}

export function paginate<T>(rows: T[], current = 1, pageSize = 10): T[] {
  return rows.slice((current - 1) * pageSize, current * pageSize);
}

/**
 * What a write may send: only the schema's own, writable properties. Relation fields,
 * readOnly properties (id, status) and anything unknown are dropped, since the server
 * refuses unknown fields.
 */
export function cleanBody(def: ResourceDef, values: Record<string, unknown>): Record<string, unknown> {
  const props: Record<string, any> = def.schema.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    const p = props[k];
    if (!p || p.readOnly || def.relations?.[k] || v === undefined) continue;
    out[k] = v;
  }
  return out;
}

/** The batch body `{shared..., rows: [...]}` with each row cleaned like a single record. */
export function cleanBatchBody(def: ResourceDef, values: Record<string, any>): Record<string, unknown> {
  const batch = def.batch!;
  const out: Record<string, unknown> = {};
  for (const k of batch.shared) if (values[k] !== undefined) out[k] = values[k];
  const rows: any[] = Array.isArray(values[batch.rows]) ? values[batch.rows] : [];
  out[batch.rows] = rows.map((r) => {
    const c = cleanBody(def, r);
    for (const k of batch.shared) delete c[k];
    return c;
  });
  return out;
}

/** Fills a React route template ('/academics/test/list/:test_id') from a record or params. */
export function fillRoute(route: string, values: Record<string, unknown>): string {
  return route.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '')));
}

/** Names of a route template's parameters. */
export const routeParams = (route: string): string[] => [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Fills '{field}' placeholders in a success message from the record. */
export function fillMessage(message: string, record: Record<string, unknown> | undefined): string {
  return message.replace(/\{(\w+)\}/g, (m, k: string) => (record && record[k] !== undefined && record[k] !== null ? String(record[k]) : m));
}

/** A query string from the given values (empty ones left out), with its '?'. */
export function queryString(values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

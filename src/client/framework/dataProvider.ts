/**
 * The Refine data provider: every Refine call becomes one of the resource's declared calls.
 * A paged request (Refine's server pagination) is answered by the server: the page, the search
 * text, the sort and the filters go in the list call's query and `meta.total` comes back. Lists
 * asked whole (pagination off) and lists the server answers whole (no `meta.total`) are filtered,
 * searched, sorted and paged here. Errors carry the server's text so Refine's antd notification
 * provider shows exactly that.
 */
import type { BaseRecord, CrudFilter, DataProvider, HttpError } from '@refinedev/core';
import type { ResourceDef } from '../../../src/shared/resource.js';
import { ApiError, GENERIC_ERROR } from '../api.js';
import {
  applyEq, cleanBatchBody, cleanBody, eqValues, paginate, pagedListCall, prepare, SEARCH_FIELD, searchRows, selectListCall, serverCanAnswer, sortRows,
} from './calls.js';

/** Sends one call and returns the envelope's data (throws ApiError with the server's text). */
export type Fetcher = (method: string, path: string, body?: unknown) => Promise<any>;

/** Sends a GET and returns the envelope's data with its `meta.total`, when it has one. */
export type PageFetcher = (method: string, path: string) => Promise<{ data: any; total?: number }>;

export { SEARCH_FIELD };

function toHttpError(e: unknown): HttpError {
  if (e instanceof ApiError) return { message: e.message, statusCode: e.statusCode };
  return { message: e instanceof Error && e.message ? e.message : GENERIC_ERROR, statusCode: 0 };
}

/** Wraps a fetcher so every failure is an HttpError Refine understands. */
async function run<T>(fn: () => Promise<T>): Promise<T> {
  try { return await fn(); } catch (e) { throw toHttpError(e); }
}

function flatFilters(filters: CrudFilter[] | undefined) {
  return (filters ?? []).filter((f): f is { field: string; operator: any; value: any } => 'field' in f);
}

export function createDataProvider(resources: ResourceDef[], fetcher: Fetcher, apiUrl = '',
  fetchPage: PageFetcher = async (m, p) => ({ data: await fetcher(m, p) })): DataProvider {
  const find = (name: string) => {
    const def = resources.find((r) => r.name === name);
    if (!def) throw { message: `Unknown resource ${name}`, statusCode: 0 } satisfies HttpError;
    return def;
  };

  /** The whole list for the given equality filters, as the server answers it. */
  async function fetchList(def: ResourceDef, values: Record<string, unknown>) {
    const chosen = selectListCall(def, values);
    if (!chosen) throw { message: `Missing filter for ${def.label}`, statusCode: 0 } satisfies HttpError;
    const rows = await run(() => fetcher(chosen.call.method, chosen.call.path));
    return applyEq(Array.isArray(rows) ? rows : [], values, chosen.used);
  }

  return {
    getApiUrl: () => apiUrl,

    async getList({ resource, filters, sorters, pagination }) {
      const def = find(resource);
      const flat = flatFilters(filters);
      const mode = pagination?.mode ?? 'server';
      const page = { current: pagination?.currentPage ?? 1, size: pagination?.pageSize ?? 10 };
      const asked = { filters: flat, sorters: (sorters ?? []) as Array<{ field: string; order: 'asc' | 'desc' }>, page };
      let rows: any[];
      if (mode === 'server' && serverCanAnswer(def, asked)) {
        const chosen = pagedListCall(def, asked);
        if (!chosen) throw { message: `Missing filter for ${def.label}`, statusCode: 0 } satisfies HttpError;
        const answer = await run(() => fetchPage(chosen.call.method, chosen.call.path));
        const data = Array.isArray(answer.data) ? answer.data : [];
        if (typeof answer.total === 'number') return { data, total: answer.total };
        // A list the server answers whole (a hand-written call) is searched, sorted and paged here.
        rows = applyEq(data, eqValues(flat), chosen.used);
      } else {
        rows = await fetchList(def, eqValues(flat));
      }
      for (const f of flat) {
        if (f.operator !== 'contains' || !f.value) continue;
        rows = searchRows(rows, String(f.value), f.field === SEARCH_FIELD ? def.list?.search ?? [] : [f.field]);
      }
      rows = sortRows(rows, asked.sorters);
      const total = rows.length;
      if (mode === 'server') rows = paginate(rows, page.current, page.size);
      return { data: rows, total };
    },

    async getOne({ resource, id, meta }) {
      const def = find(resource);
      const values = { ...(meta?.params ?? {}), id };
      if (def.api.one) {
        const c = prepare(def.api.one, values);
        return { data: await run(() => fetcher(c.method, c.path)) };
      }
      // No single-record call declared: find it in the list.
      const rows = await fetchList(def, meta?.params ?? {});
      const row = rows.find((r: any) => String(r.id) === String(id));
      if (!row) throw { message: 'Not found', statusCode: 404 } satisfies HttpError;
      return { data: row };
    },

    async getMany({ resource, ids, meta }) {
      const def = find(resource);
      const rows = await fetchList(def, meta?.params ?? {});
      return { data: rows.filter((r: any) => ids.some((id) => String(id) === String(r.id))) };
    },

    async create({ resource, variables, meta }) {
      const def = find(resource);
      if (!def.api.create) throw { message: `${def.label} cannot be created`, statusCode: 0 } satisfies HttpError;
      const vars = variables as Record<string, any>;
      const body = def.batch ? cleanBatchBody(def, vars) : cleanBody(def, vars);
      const c = prepare(def.api.create, { ...(meta?.params ?? {}), ...vars });
      const data = await run(() => fetcher(c.method, c.path, body));
      return { data: (data ?? {}) as BaseRecord as any };
    },

    async update({ resource, id, variables, meta }) {
      const def = find(resource);
      if (!def.api.update) throw { message: `${def.label} cannot be changed`, statusCode: 0 } satisfies HttpError;
      const c = prepare(def.api.update, { ...(meta?.params ?? {}), id });
      const data = await run(() => fetcher(c.method, c.path, cleanBody(def, variables as Record<string, unknown>)));
      return { data: (data ?? { id }) as any };
    },

    async deleteOne({ resource, id, meta }) {
      const def = find(resource);
      if (!def.api.remove) throw { message: `${def.label} cannot be deleted`, statusCode: 0 } satisfies HttpError;
      const c = prepare(def.api.remove, { ...(meta?.params ?? {}), id });
      const data = await run(() => fetcher(c.method, c.path));
      return { data: (data ?? { id }) as any };
    },

    /** Any other documented call: `url` is a path under the school's API base. */
    async custom({ url, method, payload, query }) {
      let path = url;
      if (query && typeof query === 'object') {
        const qs = new URLSearchParams(Object.entries(query as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
        if (qs) path += (path.includes('?') ? '&' : '?') + qs;
      }
      const data = await run(() => fetcher(method, path, method === 'get' ? undefined : payload ?? {}));
      return { data };
    },
  };
}

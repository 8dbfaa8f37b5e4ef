import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { badRequest } from './errors.js';

/**
 * The query of lists that can grow without bound: `page`, `page_size`, `q`, `sort`. Without
 * `page` and `page_size` the documented answer stands; with them the answer carries `meta.total`.
 */
export interface Page { page: number; size: number }

function one(req: FastifyRequest, name: string): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > 200) throw badRequest(`Invalid ${name.replace(/_/g, ' ')}`);
  return v;
}

/** ?page&page_size: either asks for a page (page 1, 50 rows unless given); at most 1,000 rows. */
export function queryPage(req: FastifyRequest): Page | null {
  const page = one(req, 'page');
  const size = one(req, 'page_size');
  if (page === undefined && size === undefined) return null;
  const p = Number(page ?? '1');
  const n = Number(size ?? '50');
  if (!Number.isInteger(p) || p < 1 || p > 1_000_000) throw badRequest('Invalid page');
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw badRequest('Page size must be from 1 to 1000');
  return { page: p, size: n };
}

/** ?q: trimmed search text, or undefined when empty. */
export function querySearch(req: FastifyRequest): string | undefined {
  const q = one(req, 'q')?.trim();
  return q ? q : undefined;
}

/**
 * ?sort=field or ?sort=-field (descending), among `columns` (answer field -> column);
 * an unknown field is refused naming the ones allowed.
 */
export function querySort(req: FastifyRequest, columns: Record<string, string>): { column: string; desc: boolean } | null {
  const raw = one(req, 'sort');
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

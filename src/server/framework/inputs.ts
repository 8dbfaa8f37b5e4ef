/** Reading what a request carries beyond its body: query values and ids in the query. */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import { isIdText } from './route.js';

/** A single query-string value; repeated or non-text values are refused. */
export function queryValue(req: FastifyRequest, name: string): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > 200) throw badRequest(`Invalid ${name.replace(/_/g, ' ')}`);
  return v;
}

/** An optional id written as text (?class_id=3); a browser's empty 'null'/'undefined' counts as none. */
export function idText(v: string | undefined, label: string): number | undefined {
  if (v === undefined || v === '' || v === 'null' || v === 'undefined') return undefined;
  if (v.length > 200 || !isIdText(v)) throw badRequest(`Invalid ${label}`);
  return Number(v);
}

/** An optional id in the query string (?class_id=3). */
export function queryId(req: FastifyRequest, name: string, label = name.replace(/_/g, ' ')): number | undefined {
  return idText(queryValue(req, name), label);
}

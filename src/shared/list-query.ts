/**
 * What a generated list may be asked beyond its documented answer, read alike by the server
 * (which validates the query) and the browser (which offers only sorts the server takes).
 */
import type { JsonSchema, ResourceDef } from './resource.js';

/** The query parameters a generated list reads itself; any other names a column to filter by. */
export const LIST_PARAMS = ['page', 'page_size', 'q', 'sort'] as const;

/** The largest page a list answers. */
export const MAX_PAGE_SIZE = 1000;

const typesOf = (p: JsonSchema): string[] => (Array.isArray(p.type) ? p.type : [p.type]).filter((t: unknown) => t !== 'null');

/** The columns a generated list is filtered by (equality): the id and its stored scalar columns. */
export function filterColumns(r: ResourceDef): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { id: { type: 'integer', title: 'Id' } };
  for (const [c, p] of Object.entries<JsonSchema>(r.schema.properties ?? {})) {
    if (c === 'id' || p.writeOnly) continue;
    const t = typesOf(p);
    if (t.length === 1 && ['string', 'integer', 'number', 'boolean'].includes(t[0]!)) out[c] = p;
  }
  return out;
}

/** Fields a generated list may be sorted by: those columns and the declared relations (joined fields, counts; a record's child rows are not in lists). */
export function sortFields(r: ResourceDef): string[] {
  return [...Object.keys(filterColumns(r)), ...Object.entries(r.relations ?? {}).filter(([, rel]) => !rel.rows).map(([name]) => name)];
}

/** The type a filter's text is read as. */
export const filterType = (p: JsonSchema): string => typesOf(p)[0] ?? 'string';

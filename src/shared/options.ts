/**
 * Option tables of enum fields: each value with its label (the schema's `title`) and its tag
 * colour (the schema's `color` beside it, an antd colour name), read from
 * `oneOf: [{ const, title, color }]`. The build writes one per field into
 * src/generated/enums/<module>.ts (`LEADS_STATUS_OPTIONS`); a declared list column
 * `{ render: 'tag' }` reads the same from its schema.
 */
import type { JsonSchema } from './resource.js';

export interface EnumOption<V extends string | number | boolean = string | number | boolean> {
  value: V;
  label: string;
  /** antd Tag colour; none for a plain tag. */
  color?: string;
}

/** The options a schema property lists, in its order. */
export function optionsOf(prop: JsonSchema | undefined): EnumOption[] {
  const one: unknown = prop?.oneOf ?? prop?.anyOf;
  if (!Array.isArray(one)) return [];
  return one
    .filter((o): o is { const: string | number | boolean; title?: string; color?: string } => !!o && typeof o === 'object' && 'const' in o && o.const !== null)
    .map((o) => ({ value: o.const, label: o.title ?? String(o.const), ...(o.color ? { color: o.color } : {}) }));
}

/** The option of a value (compared as text, so a code read as a string still finds it). */
export const optionOf = <V extends string | number | boolean>(options: readonly EnumOption<V>[], value: unknown): EnumOption<V> | undefined =>
  value === null || value === undefined ? undefined : options.find((o) => String(o.value) === String(value));

/** A list column's tags (value → label and colour) from the options. */
export const tagsOf = (options: readonly EnumOption[]): Record<string, { label: string; color: string }> =>
  Object.fromEntries(options.map((o) => [String(o.value), { label: o.label, color: o.color ?? 'default' }]));

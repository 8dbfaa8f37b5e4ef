/**
 * Formatting of values for tables and CSV: dates in the declared dayjs format (UTC from
 * the API shown in local time), money in Indian rupees, enum codes as their schema titles.
 */
import dayjs from 'dayjs';
import type { ColumnDef, JsonSchema, ResourceDef } from '../../../src/shared/resource.js';
import { formatINR } from '../../../src/shared/money.js';
import { optionsOf, tagsOf } from '../../../src/shared/options.js';
import { DATE_FORMAT, WIRE_DATE } from './dates.js';

export function formatMoney(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? formatINR(n) : String(v);
}

/** A YYYY-MM-DD date: parsed as a calendar day, never shifted by time zone. */
export function formatDate(v: unknown, format = DATE_FORMAT): string {
  if (!v) return '';
  const d = dayjs(String(v).slice(0, 10), WIRE_DATE);
  return d.isValid() ? d.format(format) : String(v);
}

/** A timestamp (UTC ISO) shown in the browser's local time. */
export function formatDateTime(v: unknown, format = 'DD MMM, YYYY h:mm a'): string {
  if (!v) return '';
  const d = dayjs(String(v));
  return d.isValid() ? d.format(format) : String(v);
}

/** The `oneOf: [{const, title}]` of a property as value → label. */
export function enumLabels(prop: JsonSchema | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of (prop?.oneOf ?? []) as Array<{ const?: unknown; title?: string }>) {
    if ('const' in o) out.set(String(o.const), o.title ?? String(o.const));
  }
  if (Array.isArray(prop?.enum)) for (const e of prop!.enum) if (!out.has(String(e))) out.set(String(e), String(e));
  return out;
}

/** Declared column, with its defaults filled: title from the schema, enum render for oneOf fields. */
export function columnDef(def: ResourceDef, c: string | ColumnDef): ColumnDef & { title: string } {
  const col: ColumnDef = typeof c === 'string' ? { field: c } : c;
  const prop = def.schema.properties?.[col.field];
  const title = col.title ?? prop?.title ?? humanize(col.field);
  let render = col.render;
  if (!render && prop?.oneOf) render = 'enum';
  if (!render && prop?.format === 'date') render = 'date';
  if (!render && prop?.format === 'date-time') render = 'datetime';
  // A tag's labels and colours are the schema's options unless the column names its own.
  if (render === 'tag' && !col.tags) return { ...col, title, render, tags: tagsOf(optionsOf(prop)) };
  return { ...col, title, render };
}

export function humanize(field: string): string {
  const s = field.replace(/_/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The text a cell shows (and the CSV holds) for a value under a column. */
export function displayText(def: ResourceDef, col: ColumnDef, row: Record<string, any>): string {
  // A dotted field ('extras.landmark') reads a key of a JSON column.
  const v = col.field in row || !col.field.includes('.') ? row[col.field] : col.field.split('.').reduce<any>((o, k) => o?.[k], row);
  switch (col.render) {
    case 'date': return formatDate(v, col.format);
    case 'datetime': return formatDateTime(v, col.format);
    case 'money': return formatMoney(v);
    case 'enum': {
      const labels = enumLabels(def.schema.properties?.[col.field]);
      if (v === null || v === undefined) return '';
      // A code the schema does not name (e.g. a test type other than 1 or 2) reads 'Unknown'.
      return labels.get(String(v)) ?? 'Unknown';
    }
    case 'tag': return v === null || v === undefined ? '' : col.tags?.[String(v)]?.label ?? String(v);
    default: return v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

/**
 * Pure helpers that turn a resource declaration into what the RJSF form needs: the form
 * schema for create or edit, the uiSchema, which fields `showWhen` hides, initial data and
 * the body to send. Tested in tests/unit/client-form.test.ts.
 */
import type { JsonSchema, ResourceDef } from '../../../../src/shared/resource.js';
import { prepareSchema } from '../../../../src/shared/schema.js';

export type FormMode = 'create' | 'edit';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

const allowsNull = (p: JsonSchema | undefined) => p?.type === 'null' || (Array.isArray(p?.type) && p!.type.includes('null'));

/** Fields the form edits in this mode: the schema's properties minus readOnly ones and, on edit, writeOnly ones. */
export function formFields(def: ResourceDef, mode: FormMode): string[] {
  const props: Record<string, JsonSchema> = def.schema.properties ?? {};
  const writeOnly = new Set(Object.keys(props).filter((k) => props[k]!.writeOnly));
  return Object.keys(props).filter((k) => !props[k]!.readOnly && !(mode === 'edit' && writeOnly.has(k)));
}

/**
 * The schema RJSF renders: the server's prepared schema, without `$id` (ajv would refuse to compile a second schema with
 * the same id) and limited to `fields`, with `required` and `errorMessage.required` trimmed
 * to match so hidden fields are neither required nor reported.
 */
export function formSchema(def: ResourceDef, fields: string[]): JsonSchema {
  // The server's derivation (required messages for empty strings, length limits), so both say the same.
  const s = dropEnumBesideOneOf(prepareSchema(def.schema));
  delete s.$id;
  // The page's card already carries the title.
  delete s.title;
  const keep = new Set(fields);
  s.properties = Object.fromEntries(Object.entries(s.properties ?? {}).filter(([k]) => keep.has(k)));
  if (Array.isArray(s.required)) s.required = s.required.filter((k: string) => keep.has(k));
  const em = s.errorMessage;
  if (em && typeof em === 'object') {
    for (const part of ['required', 'properties'] as const) {
      if (em[part] && typeof em[part] === 'object') {
        em[part] = Object.fromEntries(Object.entries(em[part]).filter(([k]) => keep.has(k)));
        if (Object.keys(em[part]).length === 0) delete em[part];
      }
    }
    if (Object.keys(em).length === 0) delete s.errorMessage;
  }
  return s;
}

/**
 * prepareSchema adds a plain `enum` beside `oneOf: [{const, title}]` for the server's messages;
 * RJSF would then label radios and selects with the raw codes, so the form keeps only the
 * oneOf (which accepts exactly the same values).
 */
export function dropEnumBesideOneOf(s: JsonSchema): JsonSchema {
  if (!s || typeof s !== 'object') return s;
  if (Array.isArray(s.oneOf) && Array.isArray(s.enum) && s.oneOf.every((o: JsonSchema) => 'const' in o) && !s.enum.includes(null)) delete s.enum;
  for (const p of Object.values<JsonSchema>(s.properties ?? {})) dropEnumBesideOneOf(p);
  if (s.items) dropEnumBesideOneOf(s.items);
  return s;
}

/** Fields hidden by `form.showWhen` for the current data. */
export function hiddenByCondition(def: ResourceDef, data: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [field, cond] of Object.entries(def.form?.showWhen ?? {})) {
    const holds = Object.entries(cond).every(([other, allowed]) => allowed.some((a) => String(a) === String(data[other] ?? '')));
    if (!holds) out.push(field);
  }
  return out;
}

/** The uiSchema: the declaration's, with fixed fields read-only on edit and a Submit label. */
export function formUiSchema(def: ResourceDef, mode: FormMode, fields: string[]): Record<string, any> {
  const ui: Record<string, any> = clone(def.form?.uiSchema ?? {});
  const order: string[] | undefined = ui['ui:order'];
  if (order) {
    // RJSF refuses an order naming fields the schema lacks; keep the declared order of those present.
    const present = order.filter((k) => k === '*' || fields.includes(k));
    if (!present.includes('*')) present.push('*');
    ui['ui:order'] = present;
  }
  if (mode === 'edit') {
    for (const f of def.form?.fixedAfterCreate ?? []) ui[f] = { ...(ui[f] ?? {}), 'ui:readonly': true };
  }
  ui['ui:submitButtonOptions'] = { submitText: 'Submit', props: { type: 'primary' } };
  return ui;
}

/** A random password of `n` letters and digits (no look-alikes such as 0/O, 1/l). */
export function randomPassword(n = 8, rnd: () => number = Math.random): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < n; i++) s += chars[Math.floor(rnd() * chars.length)];
  return s;
}

/** Create-form start values: schema defaults, generated values, then any preset (e.g. the class chosen on the list). */
export function initialCreateData(def: ResourceDef, preset: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries<JsonSchema>(def.schema.properties ?? {})) if (p.default !== undefined && !p.readOnly) out[k] = clone(p.default);
  for (const [k, kind] of Object.entries(def.form?.generated ?? {})) if (kind === 'password8') out[k] = randomPassword(8);
  const fields = formFields(def, 'create');
  const props: Record<string, JsonSchema> = def.schema.properties ?? {};
  for (const [k, v] of Object.entries(preset)) if (fields.includes(k) && v !== undefined && v !== null && v !== '') out[k] = fromRoute(props[k], v);
  return out;
}

/** A value taken from the route (text) as the field's type wants it: '12' for an integer id is 12. */
function fromRoute(p: JsonSchema | undefined, v: unknown): unknown {
  const types = [p?.type].flat();
  if (typeof v === 'string' && (types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

/** Edit-form start values: the record limited to the form's fields (relations, id and status dropped). */
export function initialEditData(def: ResourceDef, record: Record<string, unknown>): Record<string, unknown> {
  const fields = formFields(def, 'edit');
  const out: Record<string, unknown> = {};
  for (const k of fields) if (record[k] !== undefined && record[k] !== null) out[k] = clone(record[k]);
  // Nullable fields keep an explicit null so clearing and re-saving compare equal.
  const props: Record<string, JsonSchema> = def.schema.properties ?? {};
  for (const k of fields) if (record[k] === null && allowsNull(props[k])) out[k] = null;
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What to send. Create: every visible field with a value. Edit: only changed visible fields,
 * never the fixed ones; a field hidden by showWhen that had a value is cleared to null
 * when the schema allows null (an elective subject has no single teacher).
 */
export function buildBody(def: ResourceDef, mode: FormMode, data: Record<string, unknown>, original: Record<string, unknown> = {}): Record<string, unknown> {
  const fields = formFields(def, mode);
  const hidden = new Set(hiddenByCondition(def, data));
  const fixed = new Set(mode === 'edit' ? def.form?.fixedAfterCreate ?? [] : []);
  const props: Record<string, JsonSchema> = def.schema.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const k of fields) {
    if (fixed.has(k)) continue;
    if (hidden.has(k)) {
      if (mode === 'edit' && original[k] !== undefined && original[k] !== null && allowsNull(props[k])) out[k] = null;
      continue;
    }
    const v = data[k];
    if (mode === 'create') {
      if (v !== undefined) out[k] = v;
    } else if (!same(v, original[k])) {
      // A cleared optional field is sent as null when the schema allows it, else left out.
      if (v === undefined) { if (allowsNull(props[k])) out[k] = null; } else out[k] = v;
    }
  }
  return out;
}

/** The data RJSF holds for the visible fields only (hidden values are kept aside by the page). */
export function pick(data: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of fields) if (data[k] !== undefined) out[k] = data[k];
  return out;
}

/**
 * What a picker's `prefill` option fills when a record is chosen: `{ amount_total: 'amount' }`
 * and a chosen fee item `{ amount: 500 }` give `{ amount_total: 500 }`. A value given as
 * numeric text (a SQL numeric) becomes a number for a number field of `schema`. Fields the
 * chosen record has no value for are left alone; nothing is filled when no record was chosen.
 */
export function prefillValues(
  prefill: Record<string, string> | undefined, chosen: Record<string, unknown> | undefined | null, schema?: JsonSchema,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!prefill || !chosen) return out;
  for (const [field, from] of Object.entries(prefill)) {
    const v = chosen[from];
    if (v === undefined || v === null || v === '') continue;
    const t = schema?.properties?.[field]?.type;
    const numeric = t === 'number' || t === 'integer' || (Array.isArray(t) && (t.includes('number') || t.includes('integer')));
    out[field] = numeric && typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
  }
  return out;
}

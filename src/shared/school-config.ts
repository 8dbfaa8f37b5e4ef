/**
 * A school's configuration (config/schools/<CODE>.json, described by
 * config/school-config.schema.json and docs/school-config.md) and what it does to the
 * declarations. Both sides use the same functions: the server validates payloads with the
 * merged schema, the browser draws its menu, titles, forms and lists from the same configured
 * copies, so a custom field or a renamed label is the same on both.
 */
import type { JsonSchema, ModuleDef, ResourceDef } from './resource.js';
import type { CustomField, SchoolConfigFile } from '../generated/school-config.js';

/** A school's file, typed from its published schema (src/generated/school-config.ts, by `npm run generate`). */
export type SchoolConfig = SchoolConfigFile;
export type { CustomField };
export type ReceiptConfig = NonNullable<SchoolConfig['receipt']>;

/** What the browser needs to draw the school's screens (sent on GET /about/school/ as `config`). */
export type BrowserConfig = Pick<SchoolConfig, 'language' | 'labels' | 'fields' | 'receipt' | 'calendar'> & { version: string; map?: TransportMap };

export const browserPart = (c: SchoolConfig, version: string): BrowserConfig => ({
  version, language: c.language, labels: c.labels, fields: c.fields, receipt: c.receipt, calendar: c.calendar, map: c.transport?.map,
});

export type TransportMap = NonNullable<NonNullable<SchoolConfig['transport']>['map']>;

/** The map's defaults: Bengaluru at zoom 14 on OpenStreetMap's tiles (spec 3 §9: a city, zoom 13 to 15). */
export const DEFAULT_MAP = {
  city: 'Bengaluru',
  center: { lat: 12.9716, lon: 77.5946 },
  zoom: 14,
  tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; OpenStreetMap contributors',
} as const;

/** The map a school's screens draw: its configuration over the defaults. */
export const mapSettings = (m: TransportMap | undefined) => ({
  city: m?.city ?? (m?.center ? '' : DEFAULT_MAP.city),
  center: m?.center ?? DEFAULT_MAP.center,
  zoom: m?.zoom ?? DEFAULT_MAP.zoom,
  tileUrl: m?.tile_url ?? DEFAULT_MAP.tile_url,
  attribution: m?.attribution ?? (m?.tile_url ? '' : DEFAULT_MAP.attribution),
});

/** Days a bus's positions are kept when the school does not say. */
export const DEFAULT_POSITIONS_DAYS = 30;

/** Receipt defaults: two copies on an A4 sheet, signed by the Authorised Signatory. */
export const DEFAULT_COPY_NAMES = ['Institution Copy', 'Student Copy', 'Office Copy'];

export function receiptSettings(c: ReceiptConfig | undefined) {
  const copies = c?.copies_per_sheet ?? c?.copy_names?.length ?? 2;
  const names = Array.from({ length: copies }, (_, i) => c?.copy_names?.[i] ?? DEFAULT_COPY_NAMES[i]!);
  return { copies: names, headerLines: c?.header_lines ?? [], footer: c?.footer ?? '', signatory: c?.signatory ?? 'Authorised Signatory' };
}

/** SMS templates the product sends, with the placeholders each may use. */
export const SMS_TEMPLATES: Record<string, { what: string; placeholders: string[] }> = {
  fee_due: { what: 'Due alert of a bill or of a year (Fees reports, Fee records)', placeholders: ['school', 'student', 'bill', 'amount'] },
  marks_approved: { what: 'A test\'s marks approved for a class (Marks viewer, Approve Marks)', placeholders: ['school', 'student', 'test', 'marks'] },
  absent_today: { what: 'A student marked absent, once a day (Take Attendance, when Attendance SMS is on)', placeholders: ['school', 'student', 'date'] },
  bus_approaching: { what: 'The school bus about 10 minutes from a student\'s stop, once a trip (when transport.approach_sms is on)', placeholders: ['school', 'student', 'stop', 'minutes'] },
};

/** Fills '{student}' placeholders of a template. */
export const fillTemplateText = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? values[k]! : m));

// --- terms and labels -------------------------------------------------------------------------

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces each term as a whole word: 'Class' → 'Grade' turns 'Class and Section' into
 * 'Grade and Section' and 'Please select class' into 'Please select grade'.
 */
export function termReplacer(terms: Record<string, string> | undefined): (text: string) => string {
  const pairs = Object.entries(terms ?? {}).sort((a, b) => b[0].length - a[0].length);
  if (!pairs.length) return (t) => t;
  const map = new Map<string, string>();
  for (const [from, to] of pairs) {
    map.set(from, to);
    if (!map.has(from.toLowerCase())) map.set(from.toLowerCase(), to.toLowerCase());
  }
  const re = new RegExp(`\\b(${[...map.keys()].map(escapeRe).join('|')})\\b`, 'g');
  return (text) => (typeof text === 'string' ? text.replace(re, (m) => map.get(m) ?? m) : text);
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Entities a school may add fields to: resources with a table and a create call. */
export const customizable = (r: ResourceDef) => Boolean(r.table && r.api.create);

/** The JSON Schema property of a custom field. */
export function customProperty(f: CustomField): JsonSchema {
  const nullable = (t: string) => (f.required ? t : [t, 'null']);
  switch (f.type) {
    case 'integer': case 'number':
      return { type: nullable(f.type), title: f.title, ...(f.minimum !== undefined ? { minimum: f.minimum } : {}), ...(f.maximum !== undefined ? { maximum: f.maximum } : {}) };
    case 'boolean': return { type: nullable('boolean'), title: f.title };
    case 'date': return { type: nullable('string'), title: f.title, format: 'date' };
    default: {
      // A choice is one of its values or left out (the forms' selects offer no 'null' choice).
      if (f.enum) return { type: 'string', title: f.title, oneOf: f.enum.map((v) => ({ const: v, title: v })) };
      return { type: nullable('string'), title: f.title, maxLength: f.max_length ?? (f.type === 'text' ? 2000 : 200) };
    }
  }
}

const requiredMessage = (title: string, kind: 'enter' | 'select') => `Please ${kind} ${title}`;

/**
 * A resource as the school sees it: labels and terms applied, fields hidden, required,
 * reordered and retitled, and its custom fields added to the schema (listed in `customFields`,
 * stored in the row's `custom` column). Without a configuration the declaration is returned as is.
 */
export function configureResource(base: ResourceDef, c: SchoolConfig | null | undefined): ResourceDef {
  if (!c) return base;
  const terms = termReplacer(c.labels?.terms);
  const f = c.fields?.[base.name];
  const names = c.labels?.resources?.[base.name];
  const hasTerms = Object.keys(c.labels?.terms ?? {}).length > 0;
  const menu = Object.entries(c.labels?.menu ?? {}).filter(([k]) => k.startsWith(`${base.name}:`));
  if (!f && !names && !hasTerms && !menu.length) return base;
  const r = clone(base);
  const s = r.schema;
  const props: Record<string, JsonSchema> = s.properties ?? {};

  // Custom fields first, so titles, order and terms treat them like the declared ones.
  const custom = Object.entries(f?.custom ?? {});
  if (custom.length) {
    r.customFields = custom.map(([k]) => k);
    for (const [k, field] of custom) {
      props[k] = customProperty(field);
      if (field.required) {
        s.required = [...(s.required ?? []), k];
        s.errorMessage = s.errorMessage ?? {};
        s.errorMessage.required = { ...(s.errorMessage.required ?? {}), [k]: requiredMessage(field.title, field.enum || field.type === 'date' ? 'select' : 'enter') };
      }
    }
  }
  for (const [k, title] of Object.entries(f?.titles ?? {})) if (props[k]) props[k].title = title;
  for (const k of f?.require ?? []) {
    if (!props[k] || (s.required ?? []).includes(k)) continue;
    s.required = [...(s.required ?? []), k];
    const p = props[k];
    // A required value may not be null.
    if (Array.isArray(p.type)) p.type = p.type.filter((t: string) => t !== 'null');
    if (Array.isArray(p.type) && p.type.length === 1) p.type = p.type[0];
    s.errorMessage = s.errorMessage ?? {};
    s.errorMessage.required = { ...(s.errorMessage.required ?? {}), [k]: requiredMessage(p.title ?? k, p.oneOf || p.format === 'date' ? 'select' : 'enter') };
    if (p.type === 'string' && p.minLength === undefined && !p.format && !p.oneOf) p.minLength = 1;
  }

  const ui: Record<string, any> = (r.form ??= {}).uiSchema ??= {};
  for (const k of f?.hide ?? []) ui[k] = { ...(ui[k] ?? {}), 'ui:widget': 'hidden' };
  for (const [k, field] of custom) if (field.type === 'text') ui[k] = { ...(ui[k] ?? {}), 'ui:widget': 'textarea' };
  if (f?.order?.length) {
    const declared: string[] = ui['ui:order'] ?? ['*'];
    ui['ui:order'] = [...f.order, ...declared.filter((k) => !f.order!.includes(k))];
    if (!ui['ui:order'].includes('*')) ui['ui:order'].push('*');
  }

  if (r.list) {
    const hidden = new Set(f?.hide ?? []);
    const col = (c: string | { field: string }) => (typeof c === 'string' ? c : c.field);
    r.list.columns = r.list.columns.filter((c) => !hidden.has(col(c)));
    for (const [k, field] of custom) if (field.list) r.list.columns.push(k);
    for (const c of r.list.columns) if (typeof c !== 'string' && c.title) c.title = terms(c.title);
    for (const fl of r.list.filters ?? []) fl.label = terms(fl.label);
    if (r.list.addLabel) r.list.addLabel = terms(r.list.addLabel);
  }

  // Labels: the school's own words first, then its terms over everything shown.
  if (names?.label) r.label = names.label;
  if (names?.singular) r.singular = names.singular;
  r.label = terms(r.label);
  if (r.singular) r.singular = terms(r.singular);
  for (const [name, page] of Object.entries(r.pages ?? {})) {
    const own = c.labels?.menu?.[`${r.name}:${name}`];
    if (own) page.menu = own;
    else if (page.menu) page.menu = terms(page.menu);
  }
  if (hasTerms) applyTermsToSchema(s, terms);
  return r;
}

/** Titles and the schema's own messages follow the school's terms. */
function applyTermsToSchema(s: JsonSchema, terms: (t: string) => string) {
  if (!s || typeof s !== 'object') return;
  if (typeof s.title === 'string') s.title = terms(s.title);
  const em = s.errorMessage;
  if (typeof em === 'string') s.errorMessage = terms(em);
  else if (em && typeof em === 'object') {
    for (const [k, v] of Object.entries<any>(em)) {
      if (typeof v === 'string') em[k] = terms(v);
      else if (v && typeof v === 'object') for (const [kk, vv] of Object.entries<any>(v)) if (typeof vv === 'string') v[kk] = terms(vv);
    }
  }
  for (const p of Object.values<JsonSchema>(s.properties ?? {})) applyTermsToSchema(p, terms);
  if (s.items) applyTermsToSchema(s.items, terms);
  for (const o of s.oneOf ?? []) if (o && typeof o.title === 'string') o.title = terms(o.title);
}

export function configureModule(base: ModuleDef, c: SchoolConfig | null | undefined): ModuleDef {
  const own = c?.labels?.modules?.[base.key];
  const terms = termReplacer(c?.labels?.terms);
  const title = terms(own ?? base.title);
  return title === base.title ? base : { ...base, title };
}

// --- checks the JSON Schema cannot make --------------------------------------------------------

export interface ConfigProblem { path: string; reason: string }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Checks that need the declarations: entities, fields and modules exist, a hidden field is not
 * one the product needs, custom fields do not clash, ranges and dates make sense. Paths are
 * JSON paths into the file ($.fields.students.hide[0]).
 */
export function checkAgainstDeclarations(c: SchoolConfig, resources: ResourceDef[], modules: ModuleDef[], code?: string): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const add = (path: string, reason: string) => out.push({ path, reason });
  const byName = new Map(resources.map((r) => [r.name, r]));
  const quote = (k: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `.${k}` : `['${k}']`);
  if (code && c.code && c.code !== code) add('$.code', `is ${c.code} but the file is for ${code}`);
  for (const key of Object.keys(c.labels?.modules ?? {})) {
    if (!modules.some((m) => m.key === key)) add(`$.labels.modules${quote(key)}`, `no module is called ${key} (modules: ${modules.map((m) => m.key).join(', ')})`);
  }
  for (const key of Object.keys(c.labels?.resources ?? {})) if (!byName.has(key)) add(`$.labels.resources${quote(key)}`, `no entity is called ${key}`);
  for (const key of Object.keys(c.labels?.menu ?? {})) {
    const [res, page] = key.split(':');
    if (!byName.get(res!)?.pages?.[page!]) add(`$.labels.menu${quote(key)}`, `no page ${page} is declared by ${res}`);
  }
  for (const [key, on] of Object.entries(c.modules ?? {})) {
    const m = modules.find((x) => x.key === key);
    if (!m) add(`$.modules${quote(key)}`, `no module is called ${key} (modules: ${modules.map((x) => x.key).join(', ')})`);
    else if (!on && !m.can_disable) add(`$.modules${quote(key)}`, `${m.title} cannot be switched off`);
  }
  for (const [entity, f] of Object.entries(c.fields ?? {})) {
    const at = `$.fields${quote(entity)}`;
    const r = byName.get(entity);
    if (!r) { add(at, `no entity is called ${entity}`); continue; }
    if (!customizable(r)) { add(at, `${entity} has no form of its own to configure`); continue; }
    const props: Record<string, JsonSchema> = r.schema.properties ?? {};
    const writable = (k: string) => props[k] && !props[k].readOnly && k !== 'id';
    const customKeys = Object.keys(f.custom ?? {});
    const known = (k: string) => writable(k) || customKeys.includes(k);
    const required: string[] = r.schema.required ?? [];
    (f.hide ?? []).forEach((k, i) => {
      if (!known(k)) add(`${at}.hide[${i}]`, `${entity} has no field ${k}`);
      else if (required.includes(k)) add(`${at}.hide[${i}]`, `${k} is required by the product and cannot be hidden`);
      else if ((f.require ?? []).includes(k) || f.custom?.[k]?.required) add(`${at}.hide[${i}]`, `${k} cannot be hidden and required at once`);
    });
    (f.require ?? []).forEach((k, i) => { if (!known(k)) add(`${at}.require[${i}]`, `${entity} has no field ${k}`); });
    (f.order ?? []).forEach((k, i) => { if (!known(k)) add(`${at}.order[${i}]`, `${entity} has no field ${k}`); });
    for (const k of Object.keys(f.titles ?? {})) if (!known(k)) add(`${at}.titles${quote(k)}`, `${entity} has no field ${k}`);
    for (const [k, cf] of Object.entries(f.custom ?? {})) {
      const cat = `${at}.custom${quote(k)}`;
      if (props[k] || r.relations?.[k] || ['custom', 'created_at', 'updated_at'].includes(k)) add(cat, `${entity} already has a field ${k}; a custom field needs a name of its own`);
      if (cf.enum && cf.type !== 'string') add(`${cat}.enum`, 'a list of choices needs type string');
      if (cf.max_length !== undefined && cf.type !== 'string' && cf.type !== 'text') add(`${cat}.max_length`, `applies to text, not ${cf.type}`);
      if ((cf.minimum !== undefined || cf.maximum !== undefined) && cf.type !== 'integer' && cf.type !== 'number') add(cat, `minimum and maximum apply to numbers, not ${cf.type}`);
      if (cf.minimum !== undefined && cf.maximum !== undefined && cf.minimum > cf.maximum) add(`${cat}.minimum`, 'is above maximum');
    }
  }
  const scale = c.academics?.grading_scale ?? [];
  scale.forEach((g, i) => { if (g.min > g.max) add(`$.academics.grading_scale[${i}].min`, `is above max (${g.min} > ${g.max})`); });
  const sorted = scale.map((g, i) => ({ ...g, i })).sort((a, b) => a.min - b.min);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.min <= sorted[i - 1]!.max) add(`$.academics.grading_scale[${sorted[i]!.i}]`, `${sorted[i]!.grade} overlaps ${sorted[i - 1]!.grade} (${sorted[i]!.min} to ${sorted[i]!.max} and ${sorted[i - 1]!.min} to ${sorted[i - 1]!.max})`);
  }
  const grades = new Set<string>();
  scale.forEach((g, i) => { if (grades.has(g.grade)) add(`$.academics.grading_scale[${i}].grade`, `${g.grade} appears twice`); grades.add(g.grade); });
  const dateProblem = (path: string, v: string | undefined) => {
    if (v === undefined) return;
    const m = DATE.exec(v);
    const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
    if (!m || !d || d.getUTCMonth() !== +m[2]! - 1 || d.getUTCDate() !== +m[3]!) add(path, `${v} is not a real date (YYYY-MM-DD)`);
  };
  (c.academics?.terms ?? []).forEach((t, i) => {
    dateProblem(`$.academics.terms[${i}].start`, t.start);
    dateProblem(`$.academics.terms[${i}].end`, t.end);
    if (t.start && t.end && t.start > t.end) add(`$.academics.terms[${i}].end`, `is before start (${t.end} < ${t.start})`);
  });
  const codes = new Set<string>();
  (c.academics?.assessment_components ?? []).forEach((a, i) => { if (codes.has(a.code)) add(`$.academics.assessment_components[${i}].code`, `${a.code} appears twice`); codes.add(a.code); });
  (c.fees?.due_dates ?? []).forEach((d, i) => dateProblem(`$.fees.due_dates[${i}].date`, d.date));
  (c.fees?.concessions ?? []).forEach((x, i) => {
    if ((x.percent === undefined) === (x.amount === undefined)) add(`$.fees.concessions[${i}]`, 'give either percent or amount');
  });
  (c.calendar?.holidays ?? []).forEach((h, i) => {
    dateProblem(`$.calendar.holidays[${i}].date`, h.date);
    dateProblem(`$.calendar.holidays[${i}].to`, h.to);
    if (h.to && h.to < h.date) add(`$.calendar.holidays[${i}].to`, `is before date (${h.to} < ${h.date})`);
  });
  for (const [key, t] of Object.entries(c.sms?.templates ?? {})) {
    const known = SMS_TEMPLATES[key];
    if (!known) continue;
    for (const m of t.text.matchAll(/\{(\w+)\}/g)) {
      if (!known.placeholders.includes(m[1]!)) add(`$.sms.templates${quote(key)}.text`, `{${m[1]}} is not a placeholder of ${key} (it has ${known.placeholders.map((p) => `{${p}}`).join(', ')})`);
    }
  }
  if (c.receipt?.copy_names && c.receipt.copies_per_sheet !== undefined && c.receipt.copy_names.length < c.receipt.copies_per_sheet) {
    add('$.receipt.copy_names', `names ${c.receipt.copy_names.length} copies but copies_per_sheet is ${c.receipt.copies_per_sheet}`);
  }
  return out;
}

/** What a configuration sets, a line per part (the check command prints it). */
export function describeConfig(c: SchoolConfig): string[] {
  const out: string[] = [];
  const n = (x: object | unknown[] | undefined) => (Array.isArray(x) ? x.length : Object.keys(x ?? {}).length);
  if (c.language) out.push(`language: ${c.language}`);
  const l = c.labels ?? {};
  const terms = Object.entries(l.terms ?? {}).map(([a, b]) => `${a} → ${b}`);
  if (terms.length) out.push(`terms: ${terms.join(', ')}`);
  const own = [...Object.entries(l.modules ?? {}), ...Object.entries(l.menu ?? {}), ...Object.entries(l.resources ?? {}).map(([k, v]) => [k, v.label ?? v.singular ?? ''])];
  if (own.length) out.push(`labels: ${own.map(([k, v]) => `${k} → ${v}`).join(', ')}`);
  for (const [entity, f] of Object.entries(c.fields ?? {})) {
    const parts = [
      ...Object.entries(f.custom ?? {}).map(([k, cf]) => `custom ${k} (${cf.type}${cf.enum ? `: ${cf.enum.join('/')}` : ''}${cf.required ? ', required' : ''})`),
      ...(f.hide?.length ? [`hides ${f.hide.join(', ')}`] : []),
      ...(f.require?.length ? [`requires ${f.require.join(', ')}`] : []),
      ...(f.order?.length ? [`orders ${f.order.join(', ')} first`] : []),
      ...(n(f.titles) ? [`retitles ${Object.keys(f.titles!).join(', ')}`] : []),
    ];
    out.push(`fields of ${entity}: ${parts.join('; ') || 'nothing'}`);
  }
  if (n(c.modules)) out.push(`modules at provisioning: ${Object.entries(c.modules!).map(([k, on]) => `${k} ${on ? 'on' : 'off'}`).join(', ')}`);
  if (c.receipt) {
    const r = receiptSettings(c.receipt);
    out.push(`receipt: ${r.copies.length} cop${r.copies.length === 1 ? 'y' : 'ies'} per sheet (${r.copies.join(', ')}), ${r.headerLines.length} header line(s), signed by ${r.signatory}${r.footer ? ', with a footer' : ''}`);
  }
  const a = c.academics ?? {};
  if (a.grading_scale || a.terms || a.assessment_components || a.co_scholastic_areas) {
    out.push(`academics: ${n(a.grading_scale)} grades, ${n(a.terms)} terms, ${n(a.assessment_components)} assessment components, ${n(a.co_scholastic_areas)} co-scholastic areas`);
  }
  if (c.fees) out.push(`fees: ${n(c.fees.due_dates)} due dates, late fine ${c.fees.late_fine ? `${c.fees.late_fine.mode === 'per_day' ? `₹${c.fees.late_fine.amount} a day` : `₹${c.fees.late_fine.amount} once`}` : 'none'}, ${n(c.fees.concessions)} concession categories`);
  if (c.sms) out.push(`SMS templates: ${Object.entries(c.sms.templates ?? {}).map(([k, t]) => `${k} (DLT ${t.dlt_template_id})`).join(', ') || 'none'}`);
  if (c.transport) out.push(`transport: map ${c.transport.map?.city ?? 'default'}${c.transport.map?.tile_url ? ' on its own tiles' : ''}, positions kept ${c.transport.positions_days ?? DEFAULT_POSITIONS_DAYS} days${c.transport.approach_sms ? ', approaching bus texted' : ''}`);
  if (c.calendar) out.push(`calendar: weekly off ${(c.calendar.weekly_off ?? []).join(', ') || 'none'}, ${n(c.calendar.holidays)} holidays`);
  return out;
}

import { createSchema } from '../../../shared/schema.js';
import { CsvError, FORMULA_START, decodeUtf8, parseCsv } from '../../../shared/csv.js';
import { resourceByName } from '../../../shared/registry.js';
import type { CallCtx } from '../../framework/calls.js';
import { badRequest } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import type { Leads as Lead } from '../../../generated/entities/admissions.js';
import { compile, formatErrors } from '../../framework/validation.js';

/**
 * The leads CSV import (PUT /leads/import/): one lead per record under a heading line. Known
 * headings fill the lead's fields (with the spellings people write); any other heading becomes
 * a free key of the lead's extras. Every row is checked with the lead form's own schema, so it
 * gets the form's messages; rows with a problem are listed and left out, the good ones are added
 * together. When no row is good nothing is added and the call is refused with the rows' errors.
 */

export const MAX_LEAD_ROWS = 10_000;
const schema = createSchema(resourceByName('leads').schema);
const validate = compile(schema);

const FIELDS = ['parent_name', 'mobile', 'email', 'student_name', 'class', 'status'] as const;
const EXTRAS = ['dob', 'gender', 'reason', 'referrer'] as const;
const ALIASES: Record<string, string> = {
  name: 'parent_name', parent: 'parent_name', parents_name: 'parent_name', father_name: 'parent_name',
  mobile_no: 'mobile', mobile_number: 'mobile', phone: 'mobile', phone_no: 'mobile', contact: 'mobile',
  e_mail: 'email', email_id: 'email', student: 'student_name', child_name: 'student_name',
  grade: 'class', class_name: 'class', date_of_birth: 'dob', sex: 'gender', referred_by: 'referrer',
};
const STATUSES: Array<{ const: number; title: string }> = schema.properties.status.oneOf;
const GENDERS: Record<string, string> = { m: 'Male', male: 'Male', boy: 'Male', f: 'Female', female: 'Female', girl: 'Female', o: 'Others', other: 'Others', others: 'Others' };

const keyOf = (heading: string) => heading.trim().toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/** A status written as its number or its label; undefined when it is neither. */
function statusOf(text: string): number | undefined {
  if (text === '') return 0;
  if (/^-?\d+$/.test(text)) return STATUSES.some((s) => s.const === Number(text)) ? Number(text) : undefined;
  return STATUSES.find((s) => s.title.toLowerCase() === text.toLowerCase())?.const;
}

/** A mobile as people write it (+91 98450 12345, 098450-12345) down to its ten digits. */
const mobileOf = (text: string) => text.replace(/[\s\-().]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, '');

export interface LeadRowError { line: number; parent_name: string; error: string }

export async function importLeads(ctx: CallCtx, bytes: Uint8Array): Promise<{ added: number; errors: LeadRowError[] }> {
  let records: string[][];
  try {
    records = parseCsv(decodeUtf8(bytes), MAX_LEAD_ROWS + 1);
  } catch (e) {
    if (e instanceof CsvError && e.message.startsWith('TOO_MANY')) throw badRequest(`At most ${MAX_LEAD_ROWS} leads can be imported at once`);
    throw ctx.fail('unreadable', 400, { reason: (e as Error).message });
  }
  const [header, ...rows] = records;
  if (!header || !rows.length) throw ctx.fail('empty');
  const keys = header.map((h) => { const k = keyOf(h); return ALIASES[k] ?? k; });

  const good: Array<Record<string, unknown>> = [];
  const errors: LeadRowError[] = [];
  rows.forEach((cells, i) => {
    const line = i + 2;
    const lead: Record<string, unknown> = {};
    const extras: Record<string, string> = {};
    const problems: string[] = [];
    keys.forEach((k, c) => {
      const value = (cells[c] ?? '').trim();
      if (!k || value === '') return;
      // A mobile may be written +91 …; its own pattern refuses anything else.
      if (k !== 'mobile' && FORMULA_START.test(value)) { problems.push(`${header[c]}: Formulas are not allowed`); return; }
      if ((FIELDS as readonly string[]).includes(k)) lead[k] = value;
      else extras[k] = k === 'gender' ? (GENDERS[value.toLowerCase()] ?? value) : value;
    });
    if (typeof lead.mobile === 'string') lead.mobile = mobileOf(lead.mobile);
    const status = statusOf(String(lead.status ?? ''));
    if (status === undefined) problems.push(`Unknown status: ${String(lead.status)}`);
    else lead.status = status;
    if (Object.keys(extras).length) lead.extras = extras;
    if (!problems.length && !validate(lead)) problems.push(...formatErrors(schema, validate.errors ?? []));
    if (problems.length) errors.push({ line, parent_name: String(lead.parent_name ?? ''), error: problems.join('; ') });
    else good.push(lead);
  });

  if (!good.length) {
    const none = ctx.fail('noRows').message;
    throw badRequest(none, [none, ...errors.slice(0, 50).map((e) => `Row ${e.line}: ${e.error}`)]);
  }
  for (let i = 0; i < good.length; i += 500) {
    // The lead hooks stamp the created and updated times.
    await items(ctx, 'leads').createMany(good.slice(i, i + 500).map((l) => ({
      parent_name: l.parent_name as string, mobile: l.mobile as string, email: (l.email as string) ?? null,
      student_name: (l.student_name as string) ?? null, class: (l.class as string) ?? null, status: l.status as Lead['status'],
      extras: (l.extras ?? {}) as Lead['extras'],
    })));
  }
  return { added: good.length, errors };
}

/** The import's known headings, for the template the screen offers. */
export const LEAD_IMPORT_HEADINGS = [...FIELDS, ...EXTRAS];

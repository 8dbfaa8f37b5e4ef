import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { addProductFormats } from '../../shared/formats.js';
import { keywordMessage, titleAt } from '../../shared/schema.js';
import type { JsonSchema } from '../../shared/resource.js';
import { badRequest } from './errors.js';

/**
 * Body validation with the browser's settings: all errors, no coercion, unknown
 * properties refused, the schema's own messages first. Dates and times are ajv-formats' own
 * checks in full mode (`format: 'date'` is a real calendar day, leap years included;
 * `date-time` is RFC 3339 with its offset), so no handler checks a date by hand.
 */
// $data: a field's limit may be another field's value (an end date not before its start date).
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, removeAdditional: false, useDefaults: false, $data: true });
addFormats(ajv, { mode: 'full', keywords: true });
addProductFormats(ajv);
ajvErrors(ajv);

export function compile(schema: JsonSchema): ValidateFunction {
  return ajv.compile(schema);
}

const byFormat = new Map<string, ValidateFunction>();

/** Whether one value passes a format the payload schemas use ('date', 'date-time', 'money', …), checked exactly as in a payload. */
export function matchesFormat(format: string, value: unknown): boolean {
  let v = byFormat.get(format);
  if (!v) {
    // ajv (strict: false) would pass any value under a format it does not know.
    if (!ajv.formats[format]) throw new Error(`Unknown format ${format}`);
    byFormat.set(format, (v = ajv.compile({ format })));
  }
  return v(value) as boolean;
}


/**
 * A new record's payload: each property left out takes its schema `default` (in nested objects
 * and array items too), as the browser's form starts with it, so a required field with a
 * default is never missing. Filled before any check (ajv's own useDefaults fills them only when
 * it reaches `properties`, after `if`/`then` have looked). Only for creates: an update leaves
 * out what it does not change, and a default there would overwrite it.
 */
export function applyDefaults(schema: JsonSchema, data: unknown): void {
  if (Array.isArray(data)) {
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) for (const item of data) applyDefaults(schema.items, item);
    return;
  }
  if (data === null || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  for (const [k, p] of Object.entries<JsonSchema>(schema.properties ?? {})) {
    if (!(k in record) && p.default !== undefined) record[k] = structuredClone(p.default);
    if (k in record) applyDefaults(p, record[k]);
  }
}

/** Throws a 400 with every message when `data` does not match. */
/** A request body must be a JSON object before anything else is asked of it. */
export function assertObject(data: unknown): asserts data is Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw badRequest('The request body must be a JSON object');
}

export function assertValid(validate: ValidateFunction, schema: JsonSchema, data: unknown): void {
  assertObject(data);
  if (validate(data)) return;
  const messages = formatErrors(schema, validate.errors ?? []);
  throw badRequest(messages[0] ?? 'Invalid input', messages);
}

const RANK: Record<string, number> = { errorMessage: 0, required: 1, additionalProperties: 2, type: 3, enum: 4 };

export function formatErrors(schema: JsonSchema, errors: ErrorObject[]): string[] {
  const withEnum = new Set(errors.filter((e) => e.keyword === 'enum').map((e) => e.instancePath));
  // A field's own message (e.g. 'required' for an emptied value) stands instead of a generic type complaint.
  const withOwn = new Set(errors.filter((e) => e.keyword === 'errorMessage').map((e) => e.instancePath));
  const kept = errors.filter((e) => !((e.keyword === 'const' || e.keyword === 'oneOf') && withEnum.has(e.instancePath)))
    .filter((e) => !(e.keyword === 'type' && withOwn.has(e.instancePath)));
  kept.sort((a, b) => (RANK[a.keyword] ?? 9) - (RANK[b.keyword] ?? 9));
  const out: string[] = [];
  for (const e of kept) {
    const msg = describe(schema, e);
    if (!out.includes(msg)) out.push(msg);
  }
  return out;
}

function describe(schema: JsonSchema, e: ErrorObject): string {
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'errorMessage': return e.message ?? 'Invalid input';
    case 'required': return keywordMessage('required', titleAt(schema, `${e.instancePath}/${p.missingProperty}`), p);
    case 'additionalProperties': return `Unknown field: ${p.additionalProperty}`;
    case 'pattern': case 'minLength': case 'maxLength': case 'format': case 'enum': case 'const': case 'oneOf': case 'type':
    case 'minimum': case 'exclusiveMinimum': case 'maximum': case 'minItems': case 'maxItems':
      return keywordMessage(e.keyword, titleAt(schema, e.instancePath), p);
    default: return `${titleAt(schema, e.instancePath)} ${e.message ?? 'is not valid'}`;
  }
}

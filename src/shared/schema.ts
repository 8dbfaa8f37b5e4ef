/**
 * Derivations of an entity schema that both the browser form and the server body
 * validator use, so the two accept and refuse the same payloads with the same words.
 */
import type { JsonSchema, ResourceDef } from './resource.js';

/** Strings without their own limit still get one: no field takes 100 kB. */
export const DEFAULT_MAX_LENGTH = 2000;

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/**
 * Adds what the declarations leave implicit: an empty required string gets the
 * field's 'required' message, enums get a plain `enum` beside their oneOf labels,
 * and every string gets a length limit.
 */
export function prepareSchema(schema: JsonSchema): JsonSchema {
  const s = clone(schema);
  walk(s);
  return s;
}

function walk(s: JsonSchema) {
  if (!s || typeof s !== 'object') return;
  const requiredMsgs: Record<string, string> = s.errorMessage?.required ?? {};
  for (const [key, prop] of Object.entries<JsonSchema>(s.properties ?? {})) {
    const types = ([] as string[]).concat(prop.type ?? []);
    if (types.includes('string') && prop.maxLength === undefined && !prop.format) prop.maxLength = DEFAULT_MAX_LENGTH;
    if (requiredMsgs[key] && types.includes('string') && prop.minLength && !s.errorMessage?.properties?.[key]) {
      prop.errorMessage = { minLength: requiredMsgs[key], ...(prop.errorMessage ?? {}) };
    }
    // A required value sent empty or null (a cleared field in an update) gets the field's 'required' message.
    if (requiredMsgs[key] && !types.includes('null') && !prop.not && typeof (prop.errorMessage ?? {}) === 'object' && !s.errorMessage?.properties?.[key]) {
      prop.not = { enum: [null, ''] };
      prop.errorMessage = { not: requiredMsgs[key], ...(prop.errorMessage ?? {}) };
    }
    if (Array.isArray(prop.oneOf) && prop.oneOf.every((o: JsonSchema) => 'const' in o) && !prop.enum) {
      prop.enum = prop.oneOf.map((o: JsonSchema) => o.const);
      if (types.includes('null')) prop.enum.push(null);
    }
    walk(prop);
    if (prop.items) walk(prop.items);
  }
}


/**
 * The create payload: the record without its read-only fields. A read-only field marked
 * `createOnly` stays in it, never required: the server owns its value, but a create may send
 * it for the resource's hooks to check or act on (a payroll entry's salary amount, checked
 * against the one computed, and its amount paid, paid as the first installment). The browser's
 * generated form leaves it out like any read-only field.
 */
export function createSchema(schema: JsonSchema): JsonSchema {
  const s = prepareSchema(schema);
  const props: Record<string, JsonSchema> = s.properties ?? {};
  const readOnly = Object.keys(props).filter((k) => props[k]!.readOnly);
  for (const k of readOnly) {
    if (props[k]!.createOnly) delete props[k]!.readOnly;
    else delete props[k];
  }
  if (s.required) s.required = s.required.filter((k: string) => !readOnly.includes(k));
  delete s.$id;
  return s;
}

/** The update payload: any subset of the writable fields ("the changed fields"); a `createOnly` one is not. */
export function updateSchema(schema: JsonSchema): JsonSchema {
  const s = createSchema(schema);
  for (const k of Object.keys(s.properties ?? {})) if (schema.properties[k]?.createOnly) delete s.properties[k];
  delete s.required;
  if (s.errorMessage) delete s.errorMessage.required;
  return s;
}

/** A batch create payload: shared fields plus a non-empty array of rows. */
export function batchSchema(r: ResourceDef): JsonSchema {
  const row = createSchema(r.schema);
  const { rows, shared } = r.batch!;
  const out: JsonSchema = {
    type: 'object',
    properties: {} as Record<string, JsonSchema>,
    required: [] as string[],
    additionalProperties: false,
    errorMessage: { required: {} as Record<string, string> },
  };
  for (const k of shared) {
    out.properties[k] = row.properties[k];
    if (row.required?.includes(k)) {
      out.required.push(k);
      const msg = row.errorMessage?.required?.[k];
      if (msg) out.errorMessage.required[k] = msg;
    }
    delete row.properties[k];
  }
  row.required = (row.required ?? []).filter((k: string) => !shared.includes(k));
  if (row.errorMessage?.required) for (const k of shared) delete row.errorMessage.required[k];
  out.properties[rows] = { type: 'array', title: 'Rows', minItems: 1, maxItems: 100, items: row };
  out.required.push(rows);
  return out;
}

/** Title of a property for messages, found by an ajv instance path like '/extras/subjects/0/subject_name'. */
export function titleAt(schema: JsonSchema, instancePath: string): string {
  let s: JsonSchema | undefined = schema;
  let title = '';
  for (const part of instancePath.split('/').filter(Boolean)) {
    if (!s) break;
    s = /^\d+$/.test(part) ? s.items : s.properties?.[part];
    title = s?.title ?? part;
  }
  return title || 'Value';
}


/** Words for a JSON type in messages. */
export function type(t: string | string[]): string {
  const names: Record<string, string> = { integer: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', object: 'an object', array: 'a list', null: 'empty' };
  return ([] as string[]).concat(t).map((x) => names[x] ?? x).join(' or ');
}

/** How a format names what it wants, in a message. */
const FORMAT_NAMES: Record<string, string> = { date: 'date (YYYY-MM-DD)', 'date-time': 'date and time', time: 'time', email: 'e-mail address', uri: 'web address' };

/**
 * The words for a value a schema keyword refuses, when the schema gives no message of its own:
 * the server's payload check and the browser's hand-built forms say the same.
 */
export function keywordMessage(keyword: string, title: string, p: Record<string, any>): string {
  switch (keyword) {
    case 'required': case 'minLength': return `${title} is required`;
    case 'type': return `${title} must be ${type(p.type)}`;
    case 'maxLength': return `${title} must be at most ${p.limit} characters`;
    case 'format': return p.format === 'money' ? `${title} must be an amount in rupees with at most 2 decimals` : `${title} is not a valid ${FORMAT_NAMES[p.format] ?? p.format}`;
    case 'enum': case 'const': case 'oneOf': return `${title} is not an allowed value`;
    case 'minimum': return `${title} must be at least ${p.limit}`;
    case 'exclusiveMinimum': return `${title} must be more than ${p.limit}`;
    case 'maximum': return `${title} must be at most ${p.limit}`;
    case 'minItems': return `Add at least ${p.limit} ${title.toLowerCase()}`;
    case 'maxItems': return `${title} can have at most ${p.limit} entries`;
    default: return `${title} is not valid`;
  }
}

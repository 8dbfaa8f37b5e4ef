/**
 * Shared property definitions (schemas/_shared/definitions.json) resolved into the schemas that
 * refer to them. RJSF resolves no external `$ref` and the type generator should not see one, so
 * every schema is made self-contained once, where it is declared: `defineResource` resolves its
 * entity schema and its calls' payload and query schemas, and the build resolves the files it reads.
 */
import shared from '../../schemas/_shared/definitions.json' with { type: 'json' };
import type { JsonSchema } from './resource.js';

/** The shared definitions by name (`mobile`, `class_id`, `rupees` …), as written. */
export const SHARED_DEFINITIONS: Readonly<Record<string, JsonSchema>> = shared.definitions;

/** `../_shared/definitions.json#/definitions/mobile` from a schema file, `#/definitions/id` inside the definitions file. */
const SHARED_REF = /^(?:(?:\.\.\/)+_shared\/definitions\.json)?#\/definitions\/([A-Za-z0-9_]+)$/;

/** The name a `$ref` gives, or an error naming what cannot be resolved. */
export function sharedRefName(ref: string, local = false): string {
  const m = SHARED_REF.exec(ref);
  if (!m || (!local && ref.startsWith('#'))) throw new Error(`$ref "${ref}": only ../_shared/definitions.json#/definitions/<name> is resolved`);
  if (!(m[1]! in SHARED_DEFINITIONS)) throw new Error(`$ref "${ref}": schemas/_shared/definitions.json has no definition "${m[1]}"`);
  return m[1]!;
}

/**
 * The same schema object resolves to the same object, and a part without refs stays the object
 * imported: ajv caches compiled schemas by object and refuses a second schema with the same `$id`.
 */
const resolved = new WeakMap<object, unknown>();

function resolve(s: unknown, local: boolean): unknown {
  if (!s || typeof s !== 'object') return s;
  const known = resolved.get(s);
  if (known) return known;
  const out = Array.isArray(s) ? resolveArray(s, local) : resolveObject(s as JsonSchema, local);
  resolved.set(s, out);
  return out;
}

function resolveArray(s: unknown[], local: boolean): unknown[] {
  const items = s.map((x) => resolve(x, local));
  return items.every((x, i) => x === s[i]) ? s : items;
}

function resolveObject(s: JsonSchema, local: boolean): JsonSchema {
  const { $ref, ...rest } = s;
  let changed = $ref !== undefined;
  const own: JsonSchema = {};
  for (const [k, v] of Object.entries(rest)) {
    own[k] = resolve(v, local);
    if (own[k] !== v) changed = true;
  }
  if (!changed) return s;
  if ($ref === undefined) return own;
  const base = resolve(SHARED_DEFINITIONS[sharedRefName($ref, local)], true) as JsonSchema;
  // What the property writes beside the ref wins; messages per keyword add to the definition's.
  const merged: JsonSchema = { ...base, ...own };
  if (isObject(base.errorMessage) && isObject(own.errorMessage)) merged.errorMessage = { ...base.errorMessage, ...own.errorMessage };
  return merged;
}

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** The schema with every shared definition it refers to written in (the input is left as imported). */
export function resolveRefs<T>(schema: T): T {
  return resolve(schema, false) as T;
}

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

function resolve(s: unknown, local: boolean): unknown {
  if (Array.isArray(s)) return s.map((x) => resolve(x, local));
  if (!s || typeof s !== 'object') return s;
  const { $ref, ...own } = s as JsonSchema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(own)) out[k] = resolve(v, local);
  if ($ref === undefined) return out;
  const base = resolve(SHARED_DEFINITIONS[sharedRefName($ref, local)], true) as JsonSchema;
  // What the property writes beside the ref wins; messages per keyword add to the definition's.
  const merged: JsonSchema = { ...base, ...out };
  if (isObject(base.errorMessage) && isObject(out.errorMessage)) merged.errorMessage = { ...base.errorMessage, ...out.errorMessage };
  return merged;
}

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** The schema with every shared definition it refers to written in (a new object; the input is left as imported). */
export function resolveRefs<T>(schema: T): T {
  return resolve(schema, false) as T;
}

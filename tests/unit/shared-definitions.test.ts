/**
 * Properties written the same way in many schemas are written once, in
 * schemas/_shared/definitions.json, and referred to: a schema that restates one (the mobile
 * pattern, a class id) drifts from the others the day one of them changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOBILE_PATTERN, MOBILE_RE } from '../../src/shared/mobile.js';
import { RESOURCES } from '../../src/shared/registry.js';
import { resolveRefs, SHARED_DEFINITIONS } from '../../src/shared/schema-refs.js';
import { compile, formatErrors } from '../../src/server/framework/validation.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCHEMAS = path.join(ROOT, 'schemas');
const files = fs.readdirSync(SCHEMAS, { recursive: true }).map(String)
  .filter((f) => f.endsWith('.json') && !f.startsWith('_shared'));

/** Every property of a schema file as written (not resolved), with its path for the message. */
function properties(schema: any, at: string, out: Array<[string, string, any]> = []): Array<[string, string, any]> {
  for (const [name, p] of Object.entries<any>(schema?.properties ?? {})) {
    out.push([`${at}.${name}`, name, p]);
    properties(p, `${at}.${name}`, out);
    if (p?.items) {
      out.push([`${at}.${name}[]`, name, p.items]);
      properties(p.items, `${at}.${name}[]`, out);
    }
  }
  return out;
}
const written = files.flatMap((f) => properties(JSON.parse(fs.readFileSync(path.join(SCHEMAS, f), 'utf8')), f));

/** The shared definitions whose name is a property's name (class_id, student_id …). */
const NAMED_IDS = Object.keys(SHARED_DEFINITIONS).filter((n) => n.endsWith('_id') && n !== 'query_id');

describe('shared property definitions', () => {
  it('are referred to, never restated: the mobile pattern, the id-query pattern, money, dates', () => {
    const patterns = Object.entries(SHARED_DEFINITIONS).filter(([, d]) => d.pattern).map(([n, d]) => [n, d.pattern as string]);
    const restated: string[] = [];
    for (const [where, , p] of written) {
      if (!p || typeof p !== 'object' || '$ref' in p) continue;
      for (const [name, pattern] of patterns) if (p.pattern === pattern) restated.push(`${where} restates the pattern of "${name}"`);
      if (p.format === 'money') restated.push(`${where} restates "rupees"`);
      if (p.format === 'date') restated.push(`${where} restates "date"`);
    }
    expect(restated).toEqual([]);
  });

  it('gives every record id its definition: class_id, student_id … by name, any other *_id as "id"', () => {
    const wrong: string[] = [];
    for (const [where, name, p] of written) {
      if (!name.endsWith('_id') || !p || typeof p !== 'object') continue;
      const types = ([] as unknown[]).concat(p.type ?? []);
      const want = NAMED_IDS.includes(name) ? name : 'id';
      if ('$ref' in p) {
        // An id in a query string arrives as text: query_id.
        const named = /\/definitions\/(\w+)$/.exec(String(p.$ref))?.[1];
        if (!named || ![want, 'query_id'].includes(named)) wrong.push(`${where} refers to ${p.$ref}, not ${want}`);
      } else if (types.includes('integer') && types.every((t) => t === 'integer' || t === 'null')) {
        wrong.push(`${where} restates "${want}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are referred to by the path from the schema\'s own file, so editors resolve them too', () => {
    const bad: string[] = [];
    const walk = (x: any, f: string) => {
      if (!x || typeof x !== 'object') return;
      if (typeof x.$ref === 'string') {
        const m = /^(.*)#\/definitions\/(\w+)$/.exec(x.$ref);
        const target = m && path.resolve(path.dirname(path.join(SCHEMAS, f)), m[1]!);
        if (!m || target !== path.join(SCHEMAS, '_shared/definitions.json') || !(m[2]! in SHARED_DEFINITIONS)) bad.push(`${f}: ${x.$ref}`);
      }
      for (const v of Object.values(x)) walk(v, f);
    };
    for (const f of files) walk(JSON.parse(fs.readFileSync(path.join(SCHEMAS, f), 'utf8')), f);
    expect(bad).toEqual([]);
  });

  it('are resolved in every declaration: the schemas ajv and RJSF read hold no $ref', () => {
    const refs: string[] = [];
    const walk = (x: any, where: string) => {
      if (!x || typeof x !== 'object') return;
      if ('$ref' in x) refs.push(where);
      for (const [k, v] of Object.entries(x)) walk(v, `${where}/${k}`);
    };
    for (const r of RESOURCES) {
      walk(r.schema, r.name);
      for (const [k, c] of Object.entries(r.calls ?? {})) { walk(c.payload, `${r.name}.${k} payload`); walk(c.query, `${r.name}.${k} query`); }
    }
    expect(refs).toEqual([]);
    const student = RESOURCES.find((r) => r.name === 'students')!.schema;
    expect(student.properties.mobile.pattern).toBe(MOBILE_PATTERN);
    expect(student.properties.class_id).toMatchObject({ type: 'integer', title: 'Class and Section', minimum: 1 });
  });

  it('let a property add its own words beside the ref, keyword by keyword', () => {
    const s = resolveRefs({
      type: 'object',
      properties: { mobile: { $ref: '../_shared/definitions.json#/definitions/mobile', minLength: 1, errorMessage: { minLength: 'Mobile is required!' } } },
    });
    expect(s.properties.mobile).toMatchObject({ type: 'string', pattern: MOBILE_PATTERN, errorMessage: { minLength: 'Mobile is required!', pattern: 'Enter valid mobile number' } });
    const v = compile(s);
    expect(v({ mobile: '12345' })).toBe(false);
    expect(formatErrors(s, v.errors ?? [])).toEqual(['Enter valid mobile number']);
    expect(() => resolveRefs({ $ref: '#/definitions/mobile' })).toThrow('only ../_shared/definitions.json');
    expect(() => resolveRefs({ $ref: '../_shared/definitions.json#/definitions/nothing' })).toThrow('no definition "nothing"');
  });

  it('is the one mobile pattern code reads too', () => {
    expect(MOBILE_PATTERN).toBe(SHARED_DEFINITIONS.mobile!.pattern);
    expect(MOBILE_RE.test('9800000001')).toBe(true);
    // No source file writes the pattern out again (the needle is built, so this file is no match).
    const needle = MOBILE_PATTERN.slice(1, -1);
    const src = ['src', 'tests'].flatMap((d) => fs.readdirSync(path.join(ROOT, d), { recursive: true }).map(String)
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('generated')).map((f) => path.join(d, f)));
    const restating = src.filter((f) => fs.readFileSync(path.join(ROOT, f), 'utf8').includes(needle));
    expect(restating).toEqual([]);
  });
});

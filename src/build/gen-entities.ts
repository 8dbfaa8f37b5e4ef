/**
 * One TypeScript interface per entity schema, in one file per module
 * (src/generated/entities/<module>.ts), so `academics/test` and `exams/test` are different
 * types by construction and records are typed from their single declaration.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { resolveRefs } from '../shared/schema-refs.js';
import { ROOT, type Generated } from './paths.js';

/**
 * Nested titles would become named types that clash between schemas; labels are not types.
 * The keys of `properties` are field names, kept whatever they are called (a field `title`).
 */
export function plain(s: any, fields = false): any {
  if (Array.isArray(s)) return s.map((x) => plain(x));
  if (!s || typeof s !== 'object') return s;
  const out: any = {};
  for (const [k, v] of Object.entries(s)) {
    if (fields) { out[k] = plain(v); continue; }
    if (k === 'title' || k === 'errorMessage' || k === '$id') continue;
    if (k === 'oneOf' && Array.isArray(v) && v.every((o: any) => 'const' in o)) { out.enum = v.map((o: any) => o.const); continue; }
    out[k] = plain(v, k === 'properties');
  }
  return out;
}

export const pascal = (s: string) => s.split(/[-_/]/).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/**
 * Entity schemas: schemas/<module>/<entity>.json (payload schemas of calls live in
 * schemas/<module>/calls/; schemas/_shared/ holds the definitions they refer to, no entity).
 */
export function entitySchemaFiles(): Array<{ module: string; entity: string; file: string }> {
  const dir = path.join(ROOT, 'schemas');
  const out: Array<{ module: string; entity: string; file: string }> = [];
  for (const module of fs.readdirSync(dir).sort()) {
    if (module.startsWith('_')) continue;
    const mdir = path.join(dir, module);
    if (!fs.statSync(mdir).isDirectory()) continue;
    for (const f of fs.readdirSync(mdir).sort()) {
      if (f.endsWith('.json')) out.push({ module, entity: path.basename(f, '.json'), file: path.join(mdir, f) });
    }
  }
  return out;
}

/** A schema file, self-contained: the shared definitions it refers to written in. */
export const readSchema = (file: string) => resolveRefs(JSON.parse(fs.readFileSync(file, 'utf8')));

export async function generateEntities(): Promise<Generated> {
  const byModule = new Map<string, string[]>();
  for (const { module, entity, file } of entitySchemaFiles()) {
    const schema = readSchema(file);
    const name = pascal(entity);
    const ts = await compile({ ...plain(schema), title: name }, name, { bannerComment: '', additionalProperties: false, strictIndexSignatures: true, format: false });
    byModule.set(module, [...(byModule.get(module) ?? []), ts.trim(), '']);
  }
  const out: Generated = {};
  for (const [module, parts] of byModule) {
    out[`src/generated/entities/${module}.ts`] = [`/* Generated from schemas/${module}/ by \`npm run generate\`; do not edit. */\n`, ...parts].join('\n');
  }
  return out;
}

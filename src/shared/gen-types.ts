/**
 * Writes src/shared/types/entities.ts: one TypeScript interface per entity schema,
 * so records are typed from their single declaration. `npm run types` (part of the build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OUT = path.join(root, 'src/shared/types/entities.ts');

/** Nested titles would become named types that clash between schemas; labels are not types. */
function plain(s: any): any {
  if (Array.isArray(s)) return s.map(plain);
  if (!s || typeof s !== 'object') return s;
  const out: any = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'title' || k === 'errorMessage' || k === '$id') continue;
    if (k === 'oneOf' && Array.isArray(v) && v.every((o: any) => 'const' in o)) { out.enum = v.map((o: any) => o.const); continue; }
    out[k] = plain(v);
  }
  return out;
}

const pascal = (s: string) => s.split(/[-_/]/).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

export async function generate(): Promise<string> {
  const dir = path.join(root, 'schemas');
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.json')).sort();
  const parts = ['/* Generated from schemas/ by `npm run types`; do not edit. */\n'];
  for (const f of files) {
    const schema = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    const name = pascal(path.basename(f, '.json'));
    const ts = await compile({ ...plain(schema), title: name }, name, { bannerComment: '', additionalProperties: false, strictIndexSignatures: true, format: false });
    parts.push(ts.trim(), '');
  }
  return parts.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = await generate();
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, text);
  console.log(`Wrote ${path.relative(root, OUT)}`);
}

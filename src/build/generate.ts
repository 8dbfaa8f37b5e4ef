/**
 * `npm run generate`: writes src/generated/ (not kept in git) from the module folders and the
 * schemas. The build, the type check, the dev server and the test runner all run it first;
 * tests/unit/generated.test.ts fails when what is on disk is not what the folders say.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCalls } from './gen-calls.js';
import { generateEntities } from './gen-entities.js';
import { generateRegistry } from './gen-registry.js';
import { ROOT, type Generated } from './paths.js';

export async function generateAll(): Promise<Generated> {
  return { ...generateRegistry(), ...(await generateEntities()), ...(await generateCalls()) };
}

/** Writes what changed and removes generated files nothing produces any more; returns the paths written. */
export async function writeGenerated(): Promise<string[]> {
  const files = await generateAll();
  const written: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(ROOT, rel);
    if (fs.existsSync(abs) && fs.readFileSync(abs, 'utf8') === text) continue;
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    written.push(rel);
  }
  const gdir = path.join(ROOT, 'src/generated');
  for (const f of fs.readdirSync(gdir, { recursive: true }).map(String)) {
    const rel = path.join('src/generated', f);
    if (f.endsWith('.ts') && !(rel in files)) fs.rmSync(path.join(ROOT, rel));
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const written = await writeGenerated();
  if (written.length) console.log(`generated ${written.join(', ')}`);
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generateAll } from '../../src/build/generate.js';
import { ROOT } from '../../src/build/paths.js';

it('keeps src/generated/ in step with the module folders and schemas (run `npm run generate`)', async () => {
  for (const [rel, text] of Object.entries(await generateAll())) {
    expect(fs.readFileSync(path.join(ROOT, rel), 'utf8'), rel).toBe(text);
  }
  // Generating reads and compiles every module's declarations: seconds on a busy 2-core machine.
}, 30_000);

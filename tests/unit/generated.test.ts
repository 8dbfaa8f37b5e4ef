import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

it('generates on a fresh checkout, where src/generated/ does not exist yet', async () => {
  // What a clean clone runs first (CI, the README's commands): the build must not need its own output.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-checkout-'));
  try {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const rel of tracked) {
      if (!fs.existsSync(path.join(ROOT, rel))) continue;
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, rel), path.join(dir, rel));
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    expect(fs.existsSync(path.join(dir, 'src/generated'))).toBe(false);
    execFileSync(process.execPath, ['--import', 'tsx', 'src/build/generate.ts'], { cwd: dir, stdio: 'pipe' });
    expect(fs.existsSync(path.join(dir, 'src/generated/declarations.ts'))).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

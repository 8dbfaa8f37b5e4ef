import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * The built server keeps its packages external (esbuild --packages=external), so every package
 * the server's code loads at run time must be a dependency: `npm ci --omit=dev` installs
 * nothing else, and a module found only under devDependencies fails when first used (as real
 * e-mail did with nodemailer).
 */
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Package names a file loads at run time: value imports, re-exports and import() calls; `import type` is erased. */
function runtimePackages(code: string): string[] {
  const specs = [
    ...[...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
  ];
  return specs
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

describe('server packages', () => {
  const used = new Map<string, string>();
  for (const f of [...files('src/server'), ...files('src/shared')]) {
    for (const p of runtimePackages(fs.readFileSync(f, 'utf8'))) if (!used.has(p)) used.set(p, f);
  }

  it('finds the packages the server loads, the lazily loaded mailer among them', () => {
    expect(used.has('fastify')).toBe(true);
    expect(used.get('nodemailer')).toBe(path.join('src/server/integrations/email/index.ts'));
  });

  it('lists every one of them under dependencies, so an install without devDependencies runs', () => {
    const missing = [...used].filter(([p]) => !(p in pkg.dependencies)).map(([p, f]) => `${p} (${f})`);
    expect(missing).toEqual([]);
  });
});

/**
 * The source's import graph, read from the text: every relative import of a .ts/.tsx file (static,
 * re-exports and dynamic `import('…')`), each marked type-only or not. Type-only imports are
 * erased by the compiler, so the layering rules follow value imports only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Import { from: string; typeOnly: boolean; line: string }

/** Every `import ... from '...'`, `export ... from '...'`, bare and dynamic import of a file's text. */
export function importsOf(text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)'/gms)) {
    const names = m[3]!;
    // `import { type A, type B }` carries types only, too.
    const allTypes = /^\{[^}]*\}$/s.test(names.trim()) && names.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'));
    out.push({ from: m[4]!, typeOnly: Boolean(m[2]) || allTypes, line: m[0].replace(/\s+/g, ' ') });
  }
  for (const m of text.matchAll(/^import\s+'([^']+)'/gm)) out.push({ from: m[1]!, typeOnly: false, line: m[0] });
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) out.push({ from: m[1]!, typeOnly: false, line: m[0] });
  return out;
}

/** The file a relative import names ('./x.js' is x.ts or x.tsx), or null (a package, or a data file). */
export function resolveImport(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const t = path.resolve(path.dirname(fromFile), spec);
  for (const c of [t.replace(/\.js$/, '.ts'), t.replace(/\.js$/, '.tsx'), t, `${t}.ts`]) {
    if (/\.tsx?$/.test(c) && fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** The files a file imports values from. */
export function valueImports(file: string): string[] {
  return importsOf(fs.readFileSync(file, 'utf8')).filter((i) => !i.typeOnly)
    .map((i) => resolveImport(file, i.from)).filter((f): f is string => f !== null);
}

/**
 * Every file `root` reaches through value imports at any depth, with the chain that reaches it;
 * the walk does not go through a file `stop` says yes to.
 */
export function reachable(root: string, stop: (file: string) => boolean = () => false): Map<string, string[]> {
  const chains = new Map<string, string[]>([[root, [root]]]);
  const queue = [root];
  while (queue.length) {
    const file = queue.shift()!;
    if (file !== root && stop(file)) continue;
    for (const next of valueImports(file)) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

/** The strongly connected groups of more than one node (Tarjan): each is one import cycle. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

export const tsFilesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(dir, f));

/** Runs `check` on a throwaway tree of files (path relative to its folder → text), then removes it. */
export function withTree<T>(files: Record<string, string>, check: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    return check(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

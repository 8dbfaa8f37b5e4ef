import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * What the login screen's first load costs: the entry script of dist/client/index.html, its
 * modulepreload links and every chunk they import statically (transitively), each gzipped at
 * level 9. Lazy `import()` calls are not followed; the chunks the entry loads lazily are listed
 * separately with what each would add.
 */
export interface BundleFile { file: string; bytes: number; gzip: number }
export interface LazyChunk { file: string; addsFiles: string[]; addsGzip: number }
export interface BundleReport { dir: string; files: BundleFile[]; totalGzip: number; totalBytes: number; lazy: LazyChunk[] }

// `import{a as b}from"./x.js"`, `import"./x.js"`, `import x,{y}from'./x.js'`, `export{a}from"./x.js"`, `export*from"./x.js"`.
// A dynamic `import(` never matches: after `import` only names, braces or `from` may come before the quote.
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?|export\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*)(["'`])(\.{1,2}\/[^"'`]+?\.m?js)\1/g;
const DYNAMIC_IMPORT = /\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+?\.m?js)\1\s*\)/g;

export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[2]!);
}

export function dynamicImports(code: string): string[] {
  return [...new Set([...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[2]!))];
}

/** The file an `src`/`href` of index.html points at, inside dir. */
function fromHtml(dir: string, ref: string): string | null {
  if (/^[a-z]+:|^\/\//i.test(ref)) return null; // another origin
  return path.join(dir, ref.replace(/^\//, '').replace(/[?#].*$/, ''));
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(2).find((x) => x !== undefined);

export function measureBundle(dir: string): BundleReport {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const roots: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src && /type\s*=\s*["']?module/i.test(tag)) { const f = fromHtml(dir, src); if (f) roots.push(f); }
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = attr(tag, 'href');
    if (href && /^modulepreload$/i.test(attr(tag, 'rel') ?? '')) { const f = fromHtml(dir, href); if (f) roots.push(f); }
  }
  if (!roots.length) throw new Error(`no module script in ${path.join(dir, 'index.html')}`);

  const code = new Map<string, string>();
  const read = (f: string) => { if (!code.has(f)) code.set(f, fs.readFileSync(f, 'utf8')); return code.get(f)!; };
  /** The files a set of roots loads before running: the roots and their static imports, transitively. */
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      for (const imp of staticImports(read(f))) stack.push(path.resolve(path.dirname(f), imp));
    }
    return seen;
  };
  const gz = new Map<string, number>();
  const gzipOf = (f: string) => {
    if (!gz.has(f)) gz.set(f, zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length);
    return gz.get(f)!;
  };
  const rel = (f: string) => path.relative(dir, f);

  const eager = closure(roots);
  const files = [...eager].map((f) => ({ file: rel(f), bytes: fs.statSync(f).size, gzip: gzipOf(f) })).sort((a, b) => b.gzip - a.gzip);
  const lazy: LazyChunk[] = [];
  for (const f of eager) {
    for (const imp of dynamicImports(read(f))) {
      const target = path.resolve(path.dirname(f), imp);
      if (eager.has(target) || !fs.existsSync(target)) continue;
      const adds = [...closure([target])].filter((x) => !eager.has(x));
      lazy.push({ file: rel(target), addsFiles: adds.map(rel), addsGzip: adds.reduce((s, x) => s + gzipOf(x), 0) });
    }
  }
  return {
    dir,
    files,
    totalGzip: files.reduce((s, x) => s + x.gzip, 0),
    totalBytes: files.reduce((s, x) => s + x.bytes, 0),
    lazy,
  };
}

import type { Plugin } from 'vite';

/**
 * Vite build step: `<link rel="modulepreload">` in index.html for the lazily loaded logged-out
 * screens (`entry` below) and every chunk they import, so a first visit fetches them beside
 * the entry script instead of after it has run (one round trip less on a slow network).
 */
export function preloadLoginPlugin(entry = 'src/client/public/PublicApp.tsx'): Plugin {
  return {
    name: 'preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const root = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(entry));
        if (!root) throw new Error(`preload-login: no chunk built from ${entry}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const dep of byName.get(file)?.imports ?? []) visit(dep);
        };
        visit(root.fileName);
        return [...files]
          .filter((f) => !html.includes(`/${f}"`)) // the entry's own imports are linked already
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

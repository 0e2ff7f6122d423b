// Prints the storefront's first-load JavaScript after `vite build`, gzipped: the entry chunk with
// every chunk it imports statically, plus the heaviest storefront route's own chunks (the page a
// shopper may land on first; the back office is left out). The budget is 150 KB; over it the build
// still succeeds but says so loudly, so a regression shows on the next build
// (docs/decisions/0118-first-load-budget.md).
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const FIRST_LOAD_BUDGET_KB = 150;

interface ChunkLike {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  code?: string;
}

/** Entry chunks plus their static imports, transitively; lazy routes (dynamic imports) are left out. */
export function firstLoadFiles(bundle: Record<string, ChunkLike>, seen = new Set<string>()): string[] {
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || !chunk || chunk.type !== 'chunk') return;
    seen.add(name);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
  return [...seen];
}

/** The chunks a lazy route adds on top of what is already loaded (its static closure). */
function routeFiles(bundle: Record<string, ChunkLike>, route: string, loaded: Set<string>): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || loaded.has(name) || !chunk || chunk.type !== 'chunk') return;
    seen.add(name);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(route);
  return [...seen];
}

export function firstLoadReport(): Plugin {
  return {
    name: 'packshop-first-load-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const entry = firstLoadFiles(chunks);
      const gz = (f: string) => gzipSync(chunks[f].code ?? '').length / 1024;
      const sum = (files: string[]) => files.reduce((t, f) => t + gz(f), 0);
      const routes = [...new Set(entry.flatMap((f) => chunks[f].dynamicImports ?? []))].filter((r) => !/admin|chatwidget/i.test(r));
      const heaviest = routes.map((r) => routeFiles(chunks, r, new Set(entry))).sort((a, b) => sum(b) - sum(a))[0] ?? [];
      const files = [...entry, ...heaviest];
      const sizes = files.map((f) => ({ f, kb: gz(f) }));
      const total = sizes.reduce((sum, s) => sum + s.kb, 0);
      const over = total > FIRST_LOAD_BUDGET_KB;
      const line =
        `First-load JS (entry + heaviest storefront page): ${total.toFixed(1)} KB gzipped, budget ${FIRST_LOAD_BUDGET_KB} KB${over ? ' - OVER BUDGET' : ''}\n  ` +
        sizes.map((s) => `${s.f} ${s.kb.toFixed(1)} KB`).join('\n  ');
      if (over) this.warn(line);
      else this.info(line);
      // Kept beside the build so `npm run bench` and CI can show the same figure.
      this.emitFile({ type: 'asset', fileName: 'first-load.json', source: JSON.stringify({ gzip_kb: Math.round(total * 10) / 10, budget_kb: FIRST_LOAD_BUDGET_KB, files: sizes }, null, 2) });
    },
  };
}

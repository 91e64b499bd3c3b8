import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The cycles among a folder's TypeScript modules through their runtime imports (relative `import … from`,
 * `export … from` and bare `import '…'`; `import type` is erased and cannot cycle at run time). Each cycle is a
 * strongly connected component of two or more files (Tarjan), as paths relative to the folder. Tests excluded.
 */
export function importCycles(folder: string): string[][] {
  const root = resolve(folder);
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)) files.push(p);
    }
  };
  walk(root);
  const target = (from: string, spec: string): string | null => {
    if (!spec.startsWith('.')) return null;
    const base = resolve(dirname(from), spec);
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => existsSync(c)) ?? null;
  };
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    const deps = new Set<string>();
    for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gm)) {
      const t = m[1] ? null : target(f, m[2]!);
      if (t) deps.add(t);
    }
    for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) {
      const t = target(f, m[1]!);
      if (t) deps.add(t);
    }
    graph.set(f, [...deps]);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(relative(root, w));
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

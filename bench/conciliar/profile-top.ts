/**
 * The functions with the most self time in a CPU profile of the renderer (CDP Profiler): what a profiler's
 * "bottom-up" view lists first. The renderer is minified; with its source maps given, each function is named by
 * where it is in the sources (file:line, and the name there when the map has one).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

export function profileTop(file: string, mapFiles: string[], count = 15) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const maps = new Map(mapFiles.map((f) => [basename(f, '.map'), new TraceMap(readFileSync(f, 'utf8'))]));
  const where = new Map<number, string>();
  for (const n of p.nodes) {
    const f = n.callFrame;
    const map = f.url ? maps.get(basename(new URL(f.url).pathname)) : undefined;
    let name = f.functionName || '(anonymous)';
    if (map) {
      const o = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
      if (o.source) {
        const src = o.source.replace(/^.*?\/(src|node_modules)\//, '$1/');
        name = `${o.name ?? name} (${src}:${o.line})`;
      }
    } else if (f.url) name = `${name} (${f.url.replace(/^https?:\/\/[^/]+\//, '')}:${f.lineNumber + 1})`;
    where.set(n.id, name);
  }
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, k) => {
    const dt = p.timeDeltas[k] ?? 0;
    const w = where.get(id)!;
    if (w === '(idle)') return;
    self.set(w, (self.get(w) ?? 0) + dt);
    total += dt;
  });
  return {
    totalMs: total / 1000,
    entries: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([w, us]) => ({ where: w, ms: us / 1000, share: us / total })),
  };
}

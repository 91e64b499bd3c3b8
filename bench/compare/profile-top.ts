import { readFileSync } from 'node:fs';

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  /** function (file; tsx compiles each file, so lines would not be the source's), or V8's own bucket such as "(garbage collector)". */
  where: string;
  ms: number;
  share: number;
}

/**
 * The functions that took the most time themselves (self time) in a V8 CPU profile: what a profiler's
 * "bottom-up" view lists first. Paths are cut to what follows src/ or node_modules/. Given several profiles
 * (rounds of the same work), each function's self time is their mean.
 */
export function profileTop(files: string | string[], count = 10): ProfileEntry[] {
  const list = typeof files === 'string' ? [files] : files;
  const self = new Map<string, number>();
  let total = 0;
  for (const file of list) total += addSelfTimes(file, self);
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, us]) => ({ where, ms: us / 1000 / list.length, share: us / total }));
}

/** Adds one profile's self times (µs) by function to `self`; returns the profile's total. */
function addSelfTimes(file: string, self: Map<string, number>): number {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const frames = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  // The profiler's own stop (node:inspector serialising the profile) is not the code under test.
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inspector = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (frames.get(at)?.url.startsWith('node:inspector')) return true;
    return false;
  };
  let total = 0;
  p.samples.forEach((id, k) => {
    const dt = p.timeDeltas[k] ?? 0;
    if (inspector(id)) return;
    const f = frames.get(id)!;
    const file = f.url.replace(/^.*?\/(src|node_modules)\//, '$1/').replace(/^file:\/\//, '');
    const where = f.url ? `${f.functionName || '(anonymous)'} (${file})` : f.functionName || '(anonymous)';
    self.set(where, (self.get(where) ?? 0) + dt);
    total += dt;
  });
  return total;
}

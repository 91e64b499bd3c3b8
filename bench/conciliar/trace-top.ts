/**
 * Where the renderer's main thread spent an opening, from a Chrome trace (Playwright's browser.startTracing):
 * each trace event's self time (its duration less its children's) on the page's main thread, summed by name
 * (FunctionCall, v8.parseOnBackground, Layout, UpdateLayoutTree, MinorGC, Paint…), the largest first.
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export function traceTop(json: string, count = 15) {
  const { traceEvents } = JSON.parse(json) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return { totalMs: 0, entries: [] };
  const events = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  let total = 0;
  for (const e of events) {
    while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
    else total += e.dur!;
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  return {
    totalMs: total / 1000,
    entries: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ where: name, ms: us / 1000, share: us / total })),
  };
}

/**
 * Scoring against the sandbox's ground truth. A line is *eligible* when it pays at least one receivable the
 * matcher could propose (open or overdue in its input); its expected set is the truth restricted to those
 * (part of a card deposit may already be received). A suggestion is correct when its receivable set equals
 * the expected set exactly (lines identical in the file are interchangeable, see score). Suggestions on lines that pay nothing open (already reconciled payments,
 * strangers, transfers, duplicates) are all wrong.
 */
import type { TruthLine } from './dataset';

export interface Suggestion {
  lineId: number;
  receivableIds: number[];
  zone: 'green' | 'yellow' | 'red';
}

export interface Counts {
  eligible: number;
  green: number;
  greenOk: number;
  all: number;
  allOk: number;
  ms: number;
  /** Eligible lines no matcher can tell from a double (ceiling.ts), and the correct ones among the rest. */
  undecidable: number;
  decidableOk: number;
  /** Wrong suggestions by the truth's line kind (for the notes). */
  wrongByKind: Record<string, number>;
  missedByKind: Record<string, number>;
}

export const zero = (): Counts => ({
  eligible: 0,
  green: 0,
  greenOk: 0,
  all: 0,
  allOk: 0,
  ms: 0,
  undecidable: 0,
  decidableOk: 0,
  wrongByKind: {},
  missedByKind: {},
});

export function add(a: Counts, b: Counts): Counts {
  const merge = (x: Record<string, number>, y: Record<string, number>) => {
    const out = { ...x };
    for (const [k, v] of Object.entries(y)) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  return {
    eligible: a.eligible + b.eligible,
    green: a.green + b.green,
    greenOk: a.greenOk + b.greenOk,
    all: a.all + b.all,
    allOk: a.allOk + b.allOk,
    ms: a.ms + b.ms,
    undecidable: a.undecidable + b.undecidable,
    decidableOk: a.decidableOk + b.decidableOk,
    wrongByKind: merge(a.wrongByKind, b.wrongByKind),
    missedByKind: merge(a.missedByKind, b.missedByKind),
  };
}

export function score(
  lines: readonly TruthLine[],
  got: readonly Suggestion[],
  open: ReadonlySet<number>,
  ms: number,
  undecidable: ReadonlySet<number> = new Set(),
): Counts {
  const c = zero();
  c.ms = ms;
  const byLine = new Map(got.map((g) => [g.lineId, g]));
  const keyOf = (ids: readonly number[]) => [...ids].sort((x, y) => x - y).join(',');
  // Lines that nothing in the file tells apart (same day, amount and text: two cash deposits of one plan)
  // are interchangeable: which of them pays A and which pays B changes nothing in the gym system. Their
  // truths are dealt out so that a proposal equal to one of them gets it; the rest go in file order.
  const groups = new Map<string, TruthLine[]>();
  for (const t of lines) {
    const k = `${t.line.date}|${t.line.amountCents}|${t.line.description}`;
    groups.set(k, [...(groups.get(k) ?? []), t]);
  }
  const truthOf = new Map<TruthLine, number[]>();
  for (const group of groups.values()) {
    const left = group.map((t) => t.truth);
    const rest: TruthLine[] = [];
    for (const t of group) {
      const want = keyOf(byLine.get(t.line.id)?.receivableIds ?? []);
      const k = want ? left.findIndex((x) => keyOf(x.filter((id) => open.has(id))) === want) : -1;
      if (k >= 0) truthOf.set(t, left.splice(k, 1)[0]!);
      else rest.push(t);
    }
    rest.forEach((t, k) => truthOf.set(t, left[k]!));
  }
  for (const t of lines) {
    const expected = truthOf
      .get(t)!
      .filter((id) => open.has(id))
      .sort((x, y) => x - y);
    const g = byLine.get(t.line.id);
    const ids = [...(g?.receivableIds ?? [])].sort((x, y) => x - y);
    const proposed = ids.length > 0;
    const ok = proposed && expected.length > 0 && keyOf(ids) === keyOf(expected);
    const kind =
      t.kind === 'card-lump' && expected.length < t.truth.length ? 'card-lump(part received)' : t.kind;
    if (expected.length > 0) {
      c.eligible++;
      if (undecidable.has(t.line.id)) c.undecidable++;
      else if (ok) c.decidableOk++;
      if (!ok) c.missedByKind[kind] = (c.missedByKind[kind] ?? 0) + 1;
    }
    if (!proposed) continue;
    c.all++;
    if (ok) c.allOk++;
    else c.wrongByKind[kind] = (c.wrongByKind[kind] ?? 0) + 1;
    if (g!.zone === 'green') {
      c.green++;
      if (ok) c.greenOk++;
    }
  }
  return c;
}

const pct = (n: number, d: number) => (d === 0 ? '   —  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

export function row(label: string, c: Counts): string {
  return [
    label.padEnd(40),
    String(c.eligible).padStart(5),
    `${pct(c.greenOk, c.green)} (${c.greenOk}/${c.green})`.padStart(20),
    pct(c.greenOk, c.eligible).padStart(8),
    pct(c.allOk, c.all).padStart(8),
    `${pct(c.allOk, c.eligible)} (${c.allOk}/${c.eligible})`.padStart(20),
    `${c.ms.toFixed(0)} ms`.padStart(9),
  ].join(' | ');
}

export const HEADER = [
  'matcher'.padEnd(40),
  'elig.',
  'green precision'.padStart(20),
  'green rec'.padStart(8),
  'all prec'.padStart(8),
  'all recall'.padStart(20),
  'time'.padStart(9),
].join(' | ');

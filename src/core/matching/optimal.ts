/**
 * Optimal assignment for lines that name nobody. Greedy "strongest line first" is right when evidence is
 * strong (a name), but cash deposits of one plan amount compete for the same pool of receivables, and
 * there the order decides: the first deposit takes the receivable a later one needed, or two identical
 * deposits with two equally good receivables both end as ties. Taken together the evidence is better:
 * the assignment with the highest total score, and a receivable is only proposed when every assignment
 * within `tieMargin` of the best gives it to the same line.
 *
 * Lines the file does not tell apart (same day, amount and text) form one *class*: which of two identical
 * deposits pays A and which pays B changes nothing, so a class's set of receivables is what must be
 * unambiguous, not the pairing inside it.
 *
 * Pure: the caller gives each line its options (index of the receivable, integer score) and gets back a
 * decision per line. Connected components are solved apart with the Hungarian method (Kuhn–Munkres,
 * O(n²·m) per solve; testing whether an assigned class receivable is forced re-places one row, O(n·m)); a
 * component over the work budget is returned as `null` so the caller can fall back to the greedy pass.
 */

export interface OptLine {
  /** Lines with equal class keys are interchangeable. */
  classKey: string;
  /** The line's day: pairs a certain set of receivables with its lines in order (see solveComponent). */
  day: number;
  /** Integer scores; at most one option per receivable. */
  options: { rec: number; score: number }[];
}

export type OptDecision =
  /**
   * The line takes this option; `gap` is how much worse the best assignment without it is. `pairedWith`:
   * the set was certain for this many lines but not who pays which, so they were paired in date order.
   */
  | { kind: 'take'; option: number; gap: number; pairedWith?: number }
  /** The line's best option is not forced: an assignment as good gives it to another line. */
  | { kind: 'tie'; options: number[] }
  /** Nothing for this line in the best assignment (its options went to lines that needed them more). */
  | { kind: 'none' };

/** n²·m·(solves) above this per component: too large for the exact method, greedy instead. */
const MAX_WORK = 40_000_000;
const FORBIDDEN = 1e9;

/**
 * Kuhn–Munkres for a dense n×m cost matrix (n ≤ m), minimizing, one row placed at a time: the potentials `u`,
 * `v` and the column owners `p` (1-based, 0 = free) stay feasible between rows, and a column no row has taken
 * keeps `v` = 0 (a column's potential changes only while a search passes through it, and a search passes only
 * through taken columns). {@link Problem.lossWithout} starts from that state.
 */
class Solver {
  readonly u: Float64Array;
  readonly v: Float64Array;
  readonly p: Int32Array;
  private readonly way: Int32Array;
  private readonly minv: Float64Array;
  private readonly used: Uint8Array;

  constructor(
    private readonly cost: Float64Array,
    private readonly m: number,
    from?: Solver,
  ) {
    this.u = from ? from.u.slice() : new Float64Array(cost.length / m + 1);
    this.v = from ? from.v.slice() : new Float64Array(m + 1);
    this.p = from ? from.p.slice() : new Int32Array(m + 1);
    this.way = new Int32Array(m + 1);
    this.minv = new Float64Array(m + 1);
    this.used = new Uint8Array(m + 1);
  }

  /** Places row `i` (1-based) by the shortest augmenting path from it. */
  place(i: number): void {
    const { cost, m, u, v, p, way, minv, used } = this;
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      const row = (i0 - 1) * m;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = cost[row + j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }

  /** The column (0-based) of each row (0-based). */
  columns(n: number): Int32Array {
    const colOf = new Int32Array(n);
    for (let j = 1; j <= this.m; j++) if (this.p[j]) colOf[this.p[j]! - 1] = j - 1;
    return colOf;
  }
}

interface Component {
  lines: number[];
  recs: number[];
}

export function components(lines: readonly OptLine[]): Component[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    let y = x;
    while (parent.get(y) !== r) {
      const next = parent.get(y)!;
      parent.set(y, r);
      y = next;
    }
    return r;
  };
  const union = (a: string, b: string) => {
    for (const x of [a, b]) if (!parent.has(x)) parent.set(x, x);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  };
  lines.forEach((l, i) => {
    union(`l${i}`, `l${i}`);
    for (const o of l.options) union(`l${i}`, `r${o.rec}`);
  });
  const byRoot = new Map<string, Component>();
  lines.forEach((_, i) => {
    const root = find(`l${i}`);
    let c = byRoot.get(root);
    if (!c) {
      c = { lines: [], recs: [] };
      byRoot.set(root, c);
    }
    c.lines.push(i);
  });
  for (const c of byRoot.values()) {
    const recs = new Set<number>();
    for (const i of c.lines) for (const o of lines[i]!.options) recs.add(o.rec);
    c.recs = [...recs].sort((a, b) => a - b);
  }
  return [...byRoot.values()];
}

/**
 * One component as a dense cost matrix. Columns: its receivables, then one "nothing" column per line
 * (cost 0), so a line may stay without a receivable when giving it one would cost another line more.
 * Exported for its test only.
 */
export class Problem {
  readonly n: number;
  readonly m: number;
  readonly cost: Float64Array;
  readonly best: Int32Array;
  /** Total score of the best assignment. */
  readonly W: number;

  constructor(
    all: readonly OptLine[],
    readonly c: Component,
  ) {
    this.n = c.lines.length;
    this.m = c.recs.length + this.n;
    const col = new Map(c.recs.map((r, k) => [r, k]));
    this.cost = new Float64Array(this.n * this.m).fill(FORBIDDEN);
    c.lines.forEach((li, row) => {
      for (const o of all[li]!.options) this.cost[row * this.m + col.get(o.rec)!] = -o.score;
      for (let k = c.recs.length; k < this.m; k++) this.cost[row * this.m + k] = 0;
    });
    this.solver = new Solver(this.cost, this.m);
    for (let i = 1; i <= this.n; i++) this.solver.place(i);
    this.best = this.solver.columns(this.n);
    this.W = this.total(this.best);
  }

  private readonly solver: Solver;

  score(row: number, k: number): number {
    return -this.cost[row * this.m + k]!;
  }

  total(assign: Int32Array): number {
    let t = 0;
    for (let row = 0; row < this.n; row++) t += this.score(row, assign[row]!);
    return t;
  }

  /**
   * How much the best total drops when receivable column `k`, held in the best assignment by one of `rows`,
   * is forbidden to every row of `rows`. Solved again from the best assignment's potentials, square: one
   * zero-cost row per column no line takes (what makes an unassigned column's potential 0 a fact instead of a
   * side condition), so after forbidding, only the row that held `k` has to be placed again, and the one
   * free column left is `k` itself. One row's search, O(m²), instead of a whole solve, O(n²·m); the total
   * is the same number (the optimum is unique, the assignment reaching it need not be).
   */
  lossWithout(rows: readonly number[], k: number): number {
    const { n, m } = this;
    const saved = rows.map((row) => this.cost[row * m + k]!);
    for (const row of rows) this.cost[row * m + k] = FORBIDDEN;
    const square = new Float64Array(m * m);
    square.set(this.cost);
    rows.forEach((row, j) => (this.cost[row * m + k] = saved[j]!));
    const again = new Solver(square, m);
    again.u.set(this.solver.u);
    again.v.set(this.solver.v);
    again.p.set(this.solver.p);
    // The zero rows take the columns no line takes (their potential is 0: see Solver.place).
    let extra = n + 1;
    for (let j = 1; j <= m; j++) if (again.p[j] === 0) again.p[j] = extra++;
    const holder = again.p[k + 1]!;
    // Nobody held it: the best assignment stays the best, nothing is lost.
    if (holder > n) return 0;
    again.p[k + 1] = 0;
    again.place(holder);
    const cols = again.columns(m);
    let total = 0;
    for (let row = 0; row < n; row++) total += this.score(row, cols[row]!);
    return this.W - total;
  }
}

/** Decides one component: per class of identical lines, which receivables are forced (see the top). */
function solveComponent(
  all: readonly OptLine[],
  c: Component,
  tieMargin: number,
  rank: (rec: number) => number,
): Map<number, OptDecision> {
  const pb = new Problem(all, c);
  const out = new Map<number, OptDecision>();
  const classes = new Map<string, number[]>();
  c.lines.forEach((li, row) => {
    const k = all[li]!.classKey;
    classes.set(k, [...(classes.get(k) ?? []), row]);
  });
  for (const rows of classes.values()) {
    const forced: { k: number; gap: number }[] = [];
    const loose: number[] = [];
    for (const row of rows) {
      const k = pb.best[row]!;
      if (k >= c.recs.length) continue;
      // Forbid this receivable to the whole class and solve again: how much is lost without it?
      const gap = pb.lossWithout(rows, k);
      if (gap >= tieMargin) forced.push({ k, gap });
      else loose.push(k);
    }
    // Inside a class the pairing is arbitrary: file order takes receivables in due order (their ids).
    const order = [...rows].sort((a, b) => c.lines[a]! - c.lines[b]!);
    const assigned = [
      ...forced.sort((a, b) => c.recs[a.k]! - c.recs[b.k]!),
      ...loose.map((k) => ({ k, gap: -1 })),
    ];
    order.forEach((row, j) => {
      const li = c.lines[row]!;
      const a = assigned[j];
      if (!a) out.set(li, { kind: 'none' });
      else if (a.gap >= 0) out.set(li, { kind: 'take', option: c.recs[a.k]!, gap: a.gap });
      else {
        // Not forced: the receivable and the line's other options as good as it are all in play.
        const s = pb.score(row, a.k);
        const tied = all[li]!.options.filter((o) => o.score > s - tieMargin).map((o) => o.rec);
        out.set(li, { kind: 'tie', options: [...new Set([c.recs[a.k]!, ...tied])] });
      }
    });
  }
  pairInOrder(all, pb, out, tieMargin, rank);
  return out;
}

/**
 * Tied lines that, together, certainly pay one set of receivables (no assignment within `tieMargin` of the
 * best gives any of them to a line outside the group or leaves it unpaid), with every pairing as good: a
 * deposit on Monday and one on Tuesday, owed by a member due Sunday and one due Monday. Who paid which is
 * unknowable, but earlier dues paid earlier is the likelier order (payment lags do not cross), and the set,
 * which is what the gym system needs, is right either way: they are paired in date order.
 */
function pairInOrder(
  all: readonly OptLine[],
  pb: Problem,
  out: Map<number, OptDecision>,
  tieMargin: number,
  rank: (rec: number) => number,
): void {
  const c = pb.c;
  const rows = c.lines.map((li, row) => ({ li, row })).filter(({ li }) => out.get(li)?.kind === 'tie');
  if (rows.length < 2) return;
  const cols = rows.map(({ row }) => pb.best[row]!).filter((k) => k < c.recs.length);
  if (cols.length !== rows.length) return;
  const groupRows = rows.map(({ row }) => row);
  const gap = Math.min(...cols.map((k) => pb.lossWithout(groupRows, k)));
  if (gap < tieMargin) return;
  const colOf = new Map(c.recs.map((r, k) => [r, k]));
  const byDay = [...rows].sort((a, b) => all[a.li]!.day - all[b.li]!.day || a.li - b.li);
  const byDue = cols.map((k) => c.recs[k]!).sort((a, b) => rank(a) - rank(b) || a - b);
  // Only a pure permutation of an optimal assignment: the date order must score exactly as well.
  let sum = 0;
  let bestSum = 0;
  for (const [j, { row }] of byDay.entries()) {
    const score = pb.score(row, colOf.get(byDue[j]!)!);
    if (score <= -FORBIDDEN) return;
    sum += score;
    bestSum += pb.score(row, pb.best[row]!);
  }
  if (sum !== bestSum) return;
  byDay.forEach(({ li }, j) =>
    out.set(li, { kind: 'take', option: byDue[j]!, gap, pairedWith: rows.length - 1 }),
  );
}

/**
 * Decisions for every line, or `null` for the lines of components too large for the exact method
 * (their decisions are left out of the map; the caller decides them another way).
 */
export function optimalAssignment(
  lines: readonly OptLine[],
  tieMargin: number,
  /** Order of the receivables' due dates, to pair a certain set with its lines (default: by index). */
  rank: (rec: number) => number = (rec) => rec,
): { decisions: Map<number, OptDecision>; tooLarge: number[] } {
  const decisions = new Map<number, OptDecision>();
  const tooLarge: number[] = [];
  for (const c of components(lines)) {
    const n = c.lines.length;
    const m = c.recs.length + n;
    const solves = 1 + Math.min(n, c.recs.length);
    if (n * n * m * solves > MAX_WORK) {
      tooLarge.push(...c.lines);
      continue;
    }
    for (const [li, d] of solveComponent(lines, c, tieMargin, rank)) decisions.set(li, d);
  }
  return { decisions, tooLarge };
}

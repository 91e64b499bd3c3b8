/**
 * Assignment: lines compete for receivables inside a pass, and passes share one claimed set (the way
 * Actual Budget's matcher does), so no receivable is ever given to two lines.
 *
 * Inside a pass the strongest line goes first: a max-heap on each line's best still-available option,
 * re-queued lazily when a stronger line has taken that option meanwhile (scores only fall, so the lazy
 * check is exact). A line whose two best options are within `tieMargin` proposes nothing and reserves
 * the tied receivables, so a weaker line cannot take one of them by default. Two lines wanting the same
 * receivable equally (a Pix that arrived twice) are flagged instead of silently resolved.
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import { heldParams, lineParams } from './held';
import { optimalAssignment, type OptLine } from './optimal';
import type { PLine, PRec, Prepared } from './prepare';
import type { Option } from './score';
import type { HeldReceivable, MatchSettings, MatchZone, Reason } from './types';

const FREE = 0;
const PROPOSED = 1;
const RESERVED = 2;
const HELD = 3;
/** A received receivable that explains a line as already reconciled (never proposed). */
const EXPLAINED = 4;

export interface Proposal {
  option: Option;
  zone: MatchZone;
  reasons: Reason[];
}

export interface PassEntry {
  l: PLine;
  options: Option[];
}

export function zoneOf(score: number, s: MatchSettings): MatchZone {
  if (score >= s.thresholds.green) return 'green';
  if (score >= s.thresholds.yellow) return 'yellow';
  return 'red';
}

/** How exactly an option names its receivable's payer: a learned alias or a key counts as exact. */
function namePercent(o: Option): number {
  for (const r of o.reasons) {
    if (r.code === 'alias' || r.code === 'key') return 100;
    if (r.code === 'name_similarity') return Number(r.params?.percent ?? 0);
  }
  return 0;
}

const byScore = (a: Option, b: Option) =>
  b.score - a.score || a.recs[0]!.r.id - b.recs[0]!.r.id || a.recs.length - b.recs.length;

/** Binary max-heap of line entries on a key, ties broken by date then input order (determinism). */
class Heap {
  private items: { key: number; e: number; day: number; i: number }[] = [];
  private above(a: { key: number; day: number; i: number }, b: { key: number; day: number; i: number }) {
    return a.key > b.key || (a.key === b.key && (a.day < b.day || (a.day === b.day && a.i < b.i)));
  }
  get size() {
    return this.items.length;
  }
  push(item: { key: number; e: number; day: number; i: number }) {
    const h = this.items;
    h.push(item);
    let k = h.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!this.above(h[k]!, h[parent]!)) break;
      [h[k], h[parent]] = [h[parent]!, h[k]!];
      k = parent;
    }
  }
  pop() {
    const h = this.items;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < h.length && this.above(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.above(h[r]!, h[m]!)) m = r;
        if (m === k) break;
        [h[k], h[m]] = [h[m]!, h[k]!];
        k = m;
      }
    }
    return top;
  }
}

export class Assignment {
  readonly kind: Uint8Array;
  /** Line index of the claimer (proposal or tie), or -1. */
  readonly by: Int32Array;
  readonly score: Float64Array;
  readonly results: (Proposal | null)[];
  readonly why: Reason[][];
  /** Lines that need no later pass: a proposal, or a tie that must stay visible as such. */
  readonly done: boolean[];
  /** The receivables each tied line reserved (to release them when the tie is settled jointly). */
  private readonly reserved = new Map<number, PRec[]>();
  private readonly tiedOptions = new Map<number, Option[]>();

  constructor(
    private readonly prep: Prepared,
    private readonly s: MatchSettings,
    private readonly heldInfo: ReadonlyMap<number, HeldReceivable>,
  ) {
    const n = prep.recs.length;
    this.kind = new Uint8Array(n);
    this.by = new Int32Array(n).fill(-1);
    this.score = new Float64Array(n);
    for (const p of prep.recs) if (heldInfo.has(p.r.id)) this.kind[p.i] = HELD;
    const m = prep.lines.length;
    this.results = new Array<Proposal | null>(m).fill(null);
    this.why = Array.from({ length: m }, () => []);
    this.done = new Array<boolean>(m).fill(false);
  }

  free(p: PRec): boolean {
    return p.open && this.kind[p.i] === FREE;
  }

  /** Not taken by any line of this run nor held elsewhere (whatever the receivable's status). */
  isUnclaimed(p: PRec): boolean {
    return this.kind[p.i] === FREE;
  }

  /** Held by a kept match or another statement: counts as already accounted for (card deposits). */
  isHeld(p: PRec): boolean {
    return this.kind[p.i] === HELD;
  }

  /**
   * The items of a settlement (a return file's titles, an acquirer batch's sales), each with the receivable it
   * was tied to, sorted by what is left to do: `open` can still be proposed; `accounted` were received or are
   * held or taken already (`doubtful` when one of them was not received as last synced, or another line of this
   * run took it: worth a look); `unresolved` have no receivable, or one that cannot be proposed (cancelled).
   */
  triage<T extends { p: PRec | null }>(
    items: readonly T[],
  ): { open: T[]; accounted: number; accountedOf: PRec[]; doubtful: boolean; unresolved: number } {
    const open: T[] = [];
    const accountedOf: PRec[] = [];
    let accounted = 0;
    let doubtful = false;
    let unresolved = 0;
    for (const it of items) {
      const p = it.p;
      if (!p) unresolved++;
      else if (this.free(p)) open.push(it);
      else if (p.r.statusId === ACCOUNT_STATUS.received || this.isHeld(p) || !this.isUnclaimed(p)) {
        accounted++;
        accountedOf.push(p);
        if (!p.received || !this.isUnclaimed(p)) doubtful = true;
      } else unresolved++;
    }
    return { open, accounted, accountedOf, doubtful, unresolved };
  }

  private availableOpt(o: Option): boolean {
    for (const p of o.recs) if (!(p.open || p.received) || this.kind[p.i] !== FREE) return false;
    return true;
  }

  /** Why an option is gone: held elsewhere, or taken by which line. */
  private takenReason(o: Option): Reason {
    for (const p of o.recs) {
      if (this.kind[p.i] === HELD) {
        const h = this.heldInfo.get(p.r.id)!;
        return { code: 'held', params: heldParams(h) };
      }
      if (this.kind[p.i] !== FREE) {
        return { code: 'claimed', params: lineParams(this.prep.lines[this.by[p.i]!]!.line) };
      }
    }
    return { code: 'no_candidates' };
  }

  private claim(o: Option, line: number, kind: number) {
    for (const p of o.recs) {
      this.kind[p.i] = kind;
      this.by[p.i] = line;
      this.score[p.i] = o.score;
    }
  }

  /**
   * One pass. `extra` adds context reasons to a proposal (e.g. how many other receivables have the same
   * amount). Lines already done are skipped; lines left without a proposal keep their reasons for later.
   */
  runPass(entries: PassEntry[], extra?: (l: PLine, o: Option) => Reason[]) {
    const s = this.s;
    const live = entries.filter((e) => !this.done[e.l.i] && e.options.length > 0);
    const cursor = new Int32Array(live.length);
    const heap = new Heap();
    // Lines of this pass left tied (line index → entry), and lines re-decided after a rival took one of
    // their tied receivables (line index → that rival's line id): lines are decided jointly ([J] item 4).
    const tiedHere = new Map<number, number>();
    const eliminated = new Map<number, number>();
    live.forEach((e, k) => {
      e.options.sort(byScore);
      heap.push({ key: e.options[0]!.score, e: k, day: e.l.day, i: e.l.i });
    });
    while (heap.size > 0) {
      const top = heap.pop();
      const e = live[top.e]!;
      const li = e.l.i;
      let c = cursor[top.e]!;
      while (c < e.options.length && !this.availableOpt(e.options[c]!)) c++;
      cursor[top.e] = c;
      const best = e.options[c];
      const original = e.options[0]!;
      // A receivable this line wants clearly more than anything else, reserved by a line of this pass that
      // could not choose between it and another: this line settles it, and the tied line is decided again
      // by elimination ("FIRST LAST" tied between First Last and First Middle Last; the next day's "FIRST
      // MIDDLE LAST" is exactly the second, so the first line is the first member).
      const contested = this.contestable(e, c, tiedHere, li);
      if (contested) {
        const { o, gap, t } = contested;
        this.releaseTie(t);
        // Decided with another line, not on this line's evidence alone: looked at first (never green).
        this.propose(li, { ...o, capped: true }, extra ? extra(e.l, o) : [], gap);
        eliminated.set(t, e.l.line.id);
        const kt = tiedHere.get(t)!;
        tiedHere.delete(t);
        heap.push({ key: live[kt]!.options[0]!.score, e: kt, day: live[kt]!.l.day, i: t });
        continue;
      }
      // The receivable this line wanted most went to another line that wanted it just as much: the same
      // payment twice (or a homonym). Say so on both instead of quietly giving this one something else.
      const twin = best === original || eliminated.has(li) ? null : this.duplicateOf(original, li);
      if (twin !== null) {
        this.why[li]!.push({
          code: 'possible_duplicate',
          params: lineParams(this.prep.lines[twin]!.line),
        });
        const winner = this.results[twin];
        if (winner) {
          if (winner.zone === 'green') winner.zone = 'yellow';
          winner.reasons.push({ code: 'duplicate_line', params: lineParams(e.l.line) });
        }
        this.done[li] = true;
        continue;
      }
      if (!best) {
        this.why[li]!.push(this.takenReason(original));
        continue;
      }
      if (best.score < top.key) {
        heap.push({ ...top, key: best.score });
        continue;
      }
      if (!best.recs[0]!.open) {
        this.explainReceived(li, best);
        continue;
      }
      const rivals: Option[] = [];
      for (let k = c + 1; k < e.options.length; k++) {
        const o = e.options[k]!;
        if (this.availableOpt(o)) rivals.push(o);
        if (rivals.length > 0 && o.score < best.score - s.greenMargin) break;
      }
      const second = rivals[0];
      const margin = best.score - (second?.score ?? 0);
      if (second && margin < s.tieMargin) {
        this.reserveTie(li, [best, ...rivals.filter((o) => best.score - o.score < s.tieMargin)]);
        if (best.recs.length === 1) tiedHere.set(li, top.e);
        continue;
      }
      if (best.score < s.thresholds.propose) {
        this.why[li]!.push({ code: 'weak', params: { score: best.score } });
        continue;
      }
      const by = eliminated.get(li);
      const own = extra ? extra(e.l, best) : [];
      if (by !== undefined) own.push({ code: 'by_elimination', params: { lineId: by } });
      this.propose(li, by !== undefined ? { ...best, capped: true } : best, own, second ? margin : null);
    }
  }

  /** Reserved by a tied line of this pass (and by nothing else): another line may settle it. */
  private reservedByTie(o: Option, tiedHere: Map<number, number>, self: number): number | null {
    if (o.recs.length !== 1) return null;
    const p = o.recs[0]!;
    const t = this.by[p.i]!;
    return p.open && this.kind[p.i] === RESERVED && t !== self && tiedHere.has(t) ? t : null;
  }

  /**
   * The option before the first available one (`c`) that only a tie of this pass holds, when this line
   * wants it by at least `greenMargin` over anything else it could have (available or tied alike).
   */
  private contestable(
    e: PassEntry,
    c: number,
    tiedHere: Map<number, number>,
    li: number,
  ): { o: Option; gap: number | null; t: number } | null {
    if (tiedHere.size === 0) return null;
    for (let k = 0; k < c && k < e.options.length; k++) {
      const o = e.options[k]!;
      const t = this.reservedByTie(o, tiedHere, li);
      if (t === null) continue;
      if (o.score < this.s.thresholds.yellow) return null;
      // This line must name the receivable's payer more exactly than the tied line does ("FIRST MIDDLE LAST"
      // against "FIRST LAST" for First Middle Last): a stranger with a look-alike name settles nothing.
      const theirs = this.tiedOptions.get(t)?.find((x) => x.recs[0] === o.recs[0]);
      if (!theirs || namePercent(o) <= namePercent(theirs)) return null;
      let rival: Option | undefined;
      for (let j = k + 1; j < e.options.length && !rival; j++) {
        const x = e.options[j]!;
        if (x.recs[0] === o.recs[0]) continue;
        if (this.availableOpt(x) || this.reservedByTie(x, tiedHere, li) !== null) rival = x;
      }
      const gap = rival ? o.score - rival.score : null;
      return gap === null || gap >= this.s.greenMargin ? { o, gap, t } : null;
    }
    return null;
  }

  /** Undo a tie: its receivables are free again and the line is open to be decided once more. */
  private releaseTie(t: number) {
    for (const p of this.reserved.get(t) ?? []) {
      if (this.kind[p.i] === RESERVED && this.by[p.i] === t) {
        this.kind[p.i] = FREE;
        this.by[p.i] = -1;
      }
    }
    this.reserved.delete(t);
    this.tiedOptions.delete(t);
    this.why[t] = this.why[t]!.filter((r) => r.code !== 'tie');
    this.done[t] = false;
  }

  /** A receivable already received explains this line best: it was reconciled before; propose nothing. */
  private explainReceived(li: number, o: Option) {
    const p = o.recs[0]!;
    this.claim(o, li, EXPLAINED);
    this.why[li]!.push({
      code: 'already_received',
      params: { receivableId: p.r.id, date: p.r.receivingDate ?? '', name: p.r.payerName ?? '' },
    });
    this.done[li] = true;
  }

  /** A tied line's options (receivables and reasons), when the tie kept them; undefined otherwise. */
  tiedOptionsOf(li: number): { receivableIds: number[]; reasons: Reason[] }[] | undefined {
    return this.tiedOptions
      .get(li)
      ?.map((o) => ({ receivableIds: o.recs.map((p) => p.r.id), reasons: o.reasons }));
  }

  /** Nothing proposed; the tied receivables are reserved so a weaker line cannot take one by default. */
  private reserveTie(li: number, tied: Option[]) {
    for (const o of tied) this.claim(o, li, RESERVED);
    this.reserved.set(
      li,
      tied.flatMap((o) => o.recs),
    );
    this.tiedOptions.set(li, tied);
    // A line with one option ties with the identical line(s) that could take it just as well.
    const others = Math.max(1, tied.length - 1);
    this.why[li]!.push({ code: 'tie', params: { others, score: Math.max(...tied.map((o) => o.score)) } });
    this.done[li] = true;
  }

  /**
   * Proposes `o` for line `li`. `gap`: how far behind the next best is (null: no rival); within
   * `greenMargin` it is said, and the proposal is not green. `extra` reasons come after the option's own.
   */
  private propose(li: number, o: Option, extra: Reason[], gap: number | null, last?: Reason) {
    const s = this.s;
    let zone = zoneOf(o.score, s);
    if (o.capped && zone === 'green') zone = 'yellow';
    const reasons = [...o.reasons, ...extra];
    if (last) reasons.push(last);
    else if (gap !== null && gap < s.greenMargin) {
      reasons.push({ code: 'runner_up', params: { gap } });
      if (zone === 'green') zone = 'yellow';
    }
    this.claim(o, li, PROPOSED);
    this.results[li] = { option: o, zone, reasons };
    this.done[li] = true;
  }

  /**
   * A pass decided as one assignment problem (optimal.ts) instead of strongest-first: for lines whose
   * options are single receivables and whose evidence is weak and alike (lines naming nobody). Components
   * too large for the exact method fall back to the greedy pass.
   */
  runOptimalPass(entries: PassEntry[], extra?: (l: PLine, o: Option) => Reason[]) {
    const s = this.s;
    const live = entries.filter((e) => !this.done[e.l.i] && e.options.length > 0);
    const optLines: OptLine[] = [];
    const byRec: Map<number, Option>[] = [];
    for (const e of live) {
      e.options.sort(byScore);
      const usable = new Map<number, Option>();
      for (const o of e.options) {
        if (o.recs.length !== 1 || o.score < s.thresholds.propose || !this.availableOpt(o)) continue;
        if (!usable.has(o.recs[0]!.i)) usable.set(o.recs[0]!.i, o);
      }
      byRec.push(usable);
      optLines.push({
        classKey: `${e.l.day}|${e.l.amount}|${e.l.folded}`,
        day: e.l.day,
        options: [...usable.values()].map((o) => ({ rec: o.recs[0]!.i, score: o.score })),
      });
    }
    const { decisions, tooLarge } = optimalAssignment(
      optLines,
      s.tieMargin,
      (i) => this.prep.recs[i]!.due * 1e6 + this.prep.recs[i]!.r.id,
    );
    const nothing: number[] = [];
    for (const [k, d] of decisions) {
      const e = live[k]!;
      const li = e.l.i;
      if (d.kind === 'none') {
        nothing.push(k);
        continue;
      }
      if (d.kind === 'tie') {
        this.reserveTie(
          li,
          d.options.map((r) => byRec[k]!.get(r)!),
        );
        continue;
      }
      const best = byRec[k]!.get(d.option)!;
      if (!best.recs[0]!.open) this.explainReceived(li, best);
      else
        this.propose(
          li,
          best,
          extra ? extra(e.l, best) : [],
          d.gap,
          d.pairedWith ? { code: 'paired_by_date', params: { others: d.pairedWith } } : undefined,
        );
    }
    // Lines the best assignment left without a receivable: say who took what they wanted.
    for (const k of nothing) {
      const e = live[k]!;
      const original = e.options[0]!;
      this.why[e.l.i]!.push(
        original.score < s.thresholds.propose
          ? { code: 'weak', params: { score: original.score } }
          : this.takenReason(original),
      );
    }
    if (tooLarge.length)
      this.runPass(
        tooLarge.map((k) => live[k]!),
        extra,
      );
  }

  /** The line that proposed this option's receivable with (about) the same score, if any. */
  private duplicateOf(o: Option, self: number): number | null {
    const p = o.recs[0]!;
    const k = this.kind[p.i];
    if (o.recs.length !== 1 || (k !== PROPOSED && k !== EXPLAINED) || this.by[p.i] === self) return null;
    return Math.abs(this.score[p.i]! - o.score) < this.s.tieMargin ? this.by[p.i]! : null;
  }

  /** Mark a line as settled without a proposal (e.g. a card deposit with two equally good combinations). */
  settle(li: number, ...reasons: Reason[]) {
    this.why[li]!.push(...reasons);
    this.done[li] = true;
  }
}

/**
 * Many-to-one: one bank line paying several receivables. Proposed only when exactly one combination
 * explains the amount; anything else is reported as ambiguous, never guessed.
 * - Card deposits: card-deposits.ts ([J]: every way acquirers group and date their credits).
 * - Aggregated boleto credits ("LIQUIDACAO DE COBRANCA 5 TIT"): exact sums of face values only.
 * - One payer's several receivables in one transfer (a parent paying two children's plans).
 */
import { PAYMENT_TYPE } from '../../shared/constants';
import type { Assignment, PassEntry } from './assign';
import { identityOf } from './passes';
import { receivedNames } from '../../shared/received-names';
import { inWindow, nameKeys, type PLine, type PRec, type Prepared } from './prepare';
import { amountFit, dateFit, optionOf, PTS, typeFit, type Option, type Part } from './score';
import type { MatchAlias, MatchSettings, Reason } from './types';

export { cardEntries } from './card-deposits';

/** Distinct-amount search for `count` boletos (0: 2 to 8) summing exactly to `amount`; stops at 2. */
function boletoCombos(pool: PRec[], amount: number, count: number): Map<number, number>[] | null {
  const groups = new Map<number, number>();
  for (const p of pool) groups.set(p.r.amountCents, (groups.get(p.r.amountCents) ?? 0) + 1);
  const values = [...groups.keys()].sort((x, y) => y - x);
  const found: Map<number, number>[] = [];
  const pick = new Map<number, number>();
  // Bounded: beyond this many steps the combinations are too many to be unambiguous anyway.
  let budget = 20_000;
  const walk = (k: number, left: number, n: number) => {
    if (found.length >= 2 || budget-- <= 0) return;
    if (left === 0 && (count ? n === count : n >= 2 && n <= 8)) {
      found.push(new Map(pick));
      return;
    }
    const slots = (count || 8) - n;
    if (k >= values.length || left <= 0 || slots <= 0 || left > slots * values[k]!) return;
    const v = values[k]!;
    const max = Math.min(groups.get(v)!, Math.floor(left / v), (count || 8) - n);
    for (let take = max; take >= 0; take--) {
      if (take) pick.set(v, take);
      else pick.delete(v);
      walk(k + 1, left - take * v, n + take);
    }
    pick.delete(v);
  };
  walk(0, amount, 0);
  return budget <= 0 ? null : found;
}

/**
 * Boletos of an aggregated credit the clerk already marked received: received into this account on the
 * credit's own day and explained by no other line. The clerk reconciled the credit but forgot some of its
 * boletos; what is left of the amount is what the open ones must explain.
 */
function receivedOfLump(prep: Prepared, a: Assignment, l: PLine): PRec[] {
  return prep.recs.filter(
    (p) => p.received && p.recvDay === l.day && p.r.paymentTypeId === PAYMENT_TYPE.boleto && a.isUnclaimed(p),
  );
}

/**
 * The open boleto paying `amount` (face value, or with late charges) that fits the line's day clearly
 * better than any other (by `tieMargin` points of amount and date), or why there is none.
 */
function singleBoleto(
  pool: PRec[],
  l: PLine,
  amount: number,
  s: MatchSettings,
): { p: PRec; amount: Part; date: Part } | Reason {
  const fits: { p: PRec; amount: Part; date: Part; pts: number }[] = [];
  for (const p of pool) {
    const a = amountFit(amount, l.day, p, s);
    const d = dateFit(l.day, p);
    if (a && d && a.kind !== 'rounded') fits.push({ p, amount: a, date: d, pts: a.pts + d.pts });
  }
  fits.sort((x, y) => y.pts - x.pts || x.p.r.id - y.p.r.id);
  const [best, second] = fits;
  if (best && (!second || best.pts - second.pts >= s.tieMargin)) return best;
  return fits.length === 0
    ? { code: 'lump_no_fit', params: { candidates: pool.length } }
    : {
        code: 'lump_ambiguous',
        params: { combinations: fits.filter((f) => f.pts > best!.pts - s.tieMargin).length },
      };
}

/** Pass 6: aggregated boleto credits, from the boletos no other line explains. */
export function boletoLumpEntries(prep: Prepared, a: Assignment, s: MatchSettings): PassEntry[] {
  const entries: PassEntry[] = [];
  for (const l of prep.lines) {
    if (l.boletoLump === null || a.done[l.i]) continue;
    const pool = inWindow(prep.idx.boletos, l.day, prep.idx).filter((p) => a.free(p) && dateFit(l.day, p));
    const received = receivedOfLump(prep, a, l);
    const receivedSum = received.reduce((t, p) => t + (p.r.amountPaidCents ?? p.r.amountCents), 0);
    const rest = l.amount - receivedSum;
    const restCount = l.boletoLump ? l.boletoLump - received.length : 0;
    if (received.length > 0 && rest >= 0 && (l.boletoLump === 0 || restCount >= 0)) {
      if (rest === 0) {
        a.settle(l.i, {
          code: 'lump_received',
          params: { count: received.length, explained: 1, names: receivedNames(received) },
        });
        continue;
      }
      if (restCount === 1) {
        const one = singleBoleto(pool, l, rest, s);
        if ('code' in one) {
          a.settle(l.i, one);
          continue;
        }
        const o = optionOf(
          [one.p],
          [
            { pts: 20, reason: { code: 'boleto_lump', params: { count: l.boletoLump } } },
            { pts: one.amount.pts - 5, reason: one.amount.reason },
            one.date,
            typeFit('boleto', one.p),
            {
              pts: 0,
              reason: {
                code: 'lump_received',
                params: { count: received.length, names: receivedNames(received) },
              },
            },
          ],
        );
        o.items = [{ receivableId: one.p.r.id, amountCents: rest }];
        entries.push({ l, options: [o] });
        continue;
      }
    }
    // null: the search gave up (too many combinations to be unambiguous).
    const combos = boletoCombos(pool, l.amount, l.boletoLump) ?? [new Map(), new Map()];
    const only = combos.length === 1 ? combos[0]! : null;
    const unique =
      only && [...only].every(([v, k]) => pool.filter((p) => p.r.amountCents === v).length === k);
    if (!only || !unique) {
      a.settle(
        l.i,
        combos.length === 0
          ? { code: 'lump_no_fit', params: { candidates: pool.length } }
          : { code: 'lump_ambiguous', params: { combinations: combos.length } },
      );
      continue;
    }
    const recs = pool.filter((p) => only.has(p.r.amountCents)).sort((x, y) => x.r.id - y.r.id);
    const dates = recs.map((p) => dateFit(l.day, p)!);
    const o = optionOf(recs, [
      { pts: 20, reason: { code: 'boleto_lump', params: { count: recs.length } } },
      { pts: PTS.amountSum, reason: { code: 'amount_sum', params: { count: recs.length } } },
      { pts: Math.min(...dates.map((d) => d.pts)), reason: null },
      typeFit('boleto', recs[0]!),
    ]);
    o.items = recs.map((p) => ({ receivableId: p.r.id, amountCents: p.r.amountCents }));
    entries.push({ l, options: [o] });
  }
  return entries;
}

/** Subsets of 2..6 receivables (of at most 12) whose amounts sum exactly to `amount`. */
function exactSubsets(recs: PRec[], amount: number): PRec[][] {
  const out: PRec[][] = [];
  const n = Math.min(recs.length, 12);
  for (let mask = 3; mask < 1 << n; mask++) {
    let bits = 0;
    let sum = 0;
    for (let k = 0; k < n; k++) {
      if (mask & (1 << k)) {
        bits++;
        sum += recs[k]!.r.amountCents;
      }
    }
    if (bits >= 2 && bits <= 6 && sum === amount) out.push(recs.filter((_, k) => mask & (1 << k)));
  }
  return out;
}

/** Pass 4: named lines still open — several receivables of one payer, or one paid with a different amount. */
export function leftoverEntries(
  prep: Prepared,
  a: Assignment,
  s: MatchSettings,
  aliases: readonly MatchAlias[],
): PassEntry[] {
  const entries: PassEntry[] = [];
  for (const l of prep.lines) {
    if (!l.named || l.boletoLump !== null || a.done[l.i]) continue;
    const aliasFor = new Map<number, MatchAlias>();
    for (const al of aliases) if (al.payerKey === l.payerKey) aliasFor.set(al.memberId, al);
    const { first, last } = nameKeys(l.tokens);
    const pool = new Set<PRec>(
      first && last ? inWindow(prep.idx.byFirstLast.get(`${first}|${last}`), l.day, prep.idx) : [],
    );
    for (const m of aliasFor.keys()) for (const p of prep.idx.byMember.get(m) ?? []) pool.add(p);
    const groups = new Map<string, { p: PRec; id: Part; date: Part; type: Part }[]>();
    for (const p of pool) {
      if (!a.free(p)) continue;
      const id = identityOf(l, p, aliasFor, s);
      const date = dateFit(l.day, p);
      const type = typeFit(l.channel, p);
      if (!id || id.reason?.code === 'surname' || !date || !type) continue;
      groups.set(p.payer, [...(groups.get(p.payer) ?? []), { p, id, date, type }]);
    }
    const options: Option[] = [];
    for (const group of groups.values()) {
      group.sort((x, y) => Math.abs(x.p.due - l.day) - Math.abs(y.p.due - l.day) || x.p.r.id - y.p.r.id);
      for (const g of group) {
        const diff = l.amount - g.p.r.amountCents;
        if (diff === 0) continue;
        const o = optionOf(
          [g.p],
          [
            g.id,
            { pts: 0, reason: { code: 'amount_different', params: { diffCents: diff } } },
            g.date,
            g.type,
          ],
        );
        o.score = Math.min(o.score, s.thresholds.yellow - 1);
        options.push(o);
      }
      for (const subset of exactSubsets(
        group.map((g) => g.p),
        l.amount,
      )) {
        const parts = subset.map((p) => group.find((g) => g.p === p)!);
        const o = optionOf(
          subset.sort((x, y) => x.r.id - y.r.id),
          [
            { pts: Math.min(...parts.map((g) => g.id.pts)), reason: parts[0]!.id.reason },
            { pts: PTS.amountSum, reason: { code: 'many_to_one', params: { count: subset.length } } },
            { pts: Math.min(...parts.map((g) => g.date.pts)), reason: null },
            { pts: Math.min(...parts.map((g) => g.type.pts)), reason: parts[0]!.type.reason },
          ],
        );
        o.items = subset.map((p) => ({ receivableId: p.r.id, amountCents: p.r.amountCents }));
        options.push(o);
      }
    }
    if (options.length) entries.push({ l, options });
  }
  return entries;
}

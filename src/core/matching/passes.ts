/**
 * The candidate generators of the single-receivable passes. Each returns, per line, the options worth
 * scoring; blocking keeps them few: by amount and due-date window, and for named lines by the first three
 * letters of the payer's first or last word (banks truncate and abbreviate, but keep those).
 */
import type { Assignment, PassEntry } from './assign';
import { nameSimilarity, type NameMatch } from './name-similarity';
import {
  amountTypeKey,
  amountsBetween,
  countInWindow,
  countReceivedAround,
  forReceivedAround,
  forWindow,
  named,
  nameKeys,
  receivedAround,
  type PLine,
  type PRec,
  type Prepared,
} from './prepare';
import {
  CONSISTENT_TYPES,
  namePoints,
  optionOf,
  PTS,
  receivedOk,
  receivedParts,
  singleOk,
  singleParts,
  typePoints,
  type Option,
  type Part,
} from './score';
import type { MatchAlias, MatchSettings, Reason } from './types';

/** Identity points of a received receivable marked received on a nameless line's own day (see pass 5). */
const RECEIVED_SAME_DAY = 15;

/** Above this many equally anonymous candidates a nameless line is a tie without scoring each one. */
const MAX_ANONYMOUS = 200;

/** Amounts a line of `amount` may pay in full: itself, a face value plus late charges, a rounded-up value. */
/**
 * Face values a line may pay in full: its own amount; for a line that may be a boleto, a face value plus
 * late charges; for a Pix or transfer of whole reais, a face value rounded up. Only those channels look
 * further, which keeps the lookups per line to one for most lines.
 */
function payableAmounts(prep: Prepared, l: PLine, s: MatchSettings): number[] {
  const amount = l.amount;
  let lo = amount;
  if (l.channel === 'boleto' || l.channel === 'unknown') {
    const maxCharge = 1 + (s.lateCharges.finePercent + s.lateCharges.monthlyInterestPercent * 2) / 100;
    lo = Math.floor(amount / maxCharge);
  }
  if (amount % 100 === 0 && l.channel !== 'boleto' && l.channel !== 'deposit') lo = Math.min(lo, amount - 99);
  return lo === amount ? [amount] : amountsBetween(prep.idx, lo, amount);
}

export function othersSameAmount(prep: Prepared, l: PLine, o: Option): Reason[] {
  if (o.recs.length !== 1) return [];
  const n = countInWindow(prep.idx.byAmount.get(o.recs[0]!.r.amountCents), l.day, prep.idx) - 1;
  return n > 0 ? [{ code: 'others_same_amount', params: { others: n } }] : [];
}

/** Pass 1: an authorization, NSU, TID or boleto number printed on the line identifies the receivable. */
export function keyEntries(prep: Prepared, a: Assignment, s: MatchSettings): PassEntry[] {
  const entries: PassEntry[] = [];
  for (const l of prep.lines) {
    if (l.keys.length === 0) continue;
    const options: Option[] = [];
    const seen = new Set<number>();
    for (const k of l.keys) {
      for (const p of prep.idx.byKey.get(k) ?? []) {
        if (seen.has(p.i) || !a.free(p)) continue;
        seen.add(p.i);
        const parts = singleParts(l, p, s);
        if (!parts) continue;
        const key: Part = { pts: PTS.identity, reason: { code: 'key', params: { key: k } } };
        options.push(optionOf([p], [key, parts.amount, parts.date, parts.type]));
      }
    }
    if (options.length) entries.push({ l, options });
  }
  return entries;
}

function aliasIndex(aliases: readonly MatchAlias[]): Map<string, MatchAlias[]> {
  const m = new Map<string, MatchAlias[]>();
  for (const al of aliases) m.set(al.payerKey, [...(m.get(al.payerKey) ?? []), al]);
  return m;
}

/** Identity of a named line against one receivable: a learned alias, the name, or only the surname. */
export function identityOf(
  l: PLine,
  p: PRec,
  aliasFor: Map<number, MatchAlias>,
  s: MatchSettings,
  cache?: Map<string[], NameMatch>,
): Part | null {
  const alias = p.r.memberId !== null ? aliasFor.get(p.r.memberId) : undefined;
  if (alias) {
    return {
      pts: PTS.identity,
      reason: { code: 'alias', params: { learnedAt: alias.learnedAt, payer: l.payerKey } },
    };
  }
  // Receivables of one payer share one token array (prepare memoizes it): compare each name once per line.
  let m = cache?.get(p.tokens);
  if (!m) {
    m = nameSimilarity(l.tokens, p.tokens);
    cache?.set(p.tokens, m);
  }
  if (m.similarity * 100 >= s.minNamePercent) {
    return {
      pts: namePoints(m.similarity),
      reason: { code: 'name_similarity', params: { percent: Math.round(m.similarity * 100) } },
    };
  }
  if (m.sameSurname)
    return { pts: PTS.surname, reason: { code: 'surname', params: { surname: l.tokens.at(-1)! } } };
  return null;
}

/**
 * The name keys a line is looked up by. Banks keep the first and last words, so both together are the
 * selective key; the first alone is the fallback (a surname cut off or dropped); the last alone only
 * serves the "same surname" tier, checked without the full comparison.
 */
function lineKeys(l: PLine) {
  const { first, last, final } = nameKeys(l.tokens);
  const both = first !== null && last !== null && final;
  return {
    primary: both ? [`c${first}|${last}`] : first ? [`f${first}`] : last ? [`l${last}`] : [],
    fallback: both ? [`f${first}`] : [],
    surname: both ? `l${last}` : null,
  };
}

const sameSurname = (l: PLine, p: PRec): boolean => {
  const mine = l.tokens.at(-1)!;
  return mine.length >= 3 && p.tokens.at(-1) === mine;
};

const surnamePart = (l: PLine): Part => ({
  pts: PTS.surname,
  reason: { code: 'surname', params: { surname: l.tokens.at(-1)! } },
});

/** Above this many, same-surname candidates are a tie by construction: not worth scoring one by one. */
const MAX_SURNAME = 20;

/** Pass 3: lines that name a payer; candidates share a name key (or a learned alias) and a payable amount. */
export function namedEntries(
  prep: Prepared,
  a: Assignment,
  s: MatchSettings,
  aliases: readonly MatchAlias[],
): PassEntry[] {
  const byKey = aliasIndex(aliases);
  const stamp = new Int32Array(prep.recs.length);
  const entries: PassEntry[] = [];
  // The line being looked up and what it found: the closures below are made once for the pass, not once per
  // line (their garbage was a line's largest cost after its candidates).
  let l = prep.lines[0]!;
  let options: Option[] = [];
  let amounts: number[] = [];
  const surnamed: PRec[] = [];
  const aliasFor = new Map<number, MatchAlias>();
  const names = new Map<string[], NameMatch>();
  const fresh = (p: PRec) => {
    if (stamp[p.i] === l.i + 1) return false;
    stamp[p.i] = l.i + 1;
    return true;
  };
  const partsOf = (p: PRec): Part[] => {
    const parts = p.open ? singleParts(l, p, s)! : receivedParts(l, p)!;
    return [parts.amount, parts.date, parts.type];
  };
  // Open receivables and, competing with them, received ones that would explain the line as already
  // reconciled (a received option that wins means "done before", and nothing is proposed).
  // The tests that allocate nothing come first, and the parts are built for the few candidates that pass
  // them: a name key's postings grow with the branch's members (twice the members, twice the namesakes), and
  // most of them are another person, or a date or amount that cannot be. Same-surname candidates are only
  // collected: above MAX_SURNAME the line is a tie, and their options would be built to be thrown away.
  const byName = (p: PRec) => {
    if (!fresh(p)) return;
    if (p.open ? !singleOk(l, p, s) : !receivedOk(l, p)) return;
    const id = identityOf(l, p, aliasFor, s, names);
    if (!id || id.reason?.code === 'surname') return;
    options.push(optionOf([p], [id, ...partsOf(p)]));
  };
  const bySurname = (p: PRec) => {
    if (!fresh(p)) return;
    if (p.open ? !singleOk(l, p, s) : !receivedOk(l, p)) return;
    if (sameSurname(l, p)) surnamed.push(p);
  };
  const look = (list: string[], consider: (p: PRec) => void) => {
    for (const key of list) {
      for (const amount of amounts)
        forWindow(named(prep.idx.byAmountName, amount, key), l.day, prep.idx, consider);
      forReceivedAround(named(prep.idx.recvByAmountName, l.amount, key), l.day, consider);
    }
  };
  for (const line of prep.lines) {
    if (!line.named || line.boletoLump !== null || a.done[line.i]) continue;
    l = line;
    options = [];
    surnamed.length = 0;
    names.clear();
    aliasFor.clear();
    for (const al of byKey.get(l.payerKey) ?? []) aliasFor.set(al.memberId, al);
    const keys = lineKeys(l);
    amounts = payableAmounts(prep, l, s);
    for (const memberId of aliasFor.keys()) for (const p of prep.idx.byMember.get(memberId) ?? []) byName(p);
    look(keys.primary, byName);
    if (options.length === 0) look(keys.fallback, byName);
    // Only the surname agrees (a spouse paying): the weakest identity, tried only when no name does.
    if (options.length === 0) {
      if (keys.surname) look([keys.surname], bySurname);
      if (surnamed.length > MAX_SURNAME) {
        a.settle(l.i, { code: 'tie', params: { others: surnamed.length - 1 } });
        continue;
      }
      for (const p of surnamed) options.push(optionOf([p], [surnamePart(l), ...partsOf(p)]));
    }
    if (options.length) entries.push({ l, options });
    else {
      const same = countInWindow(prep.idx.byAmount.get(l.amount), l.day, prep.idx);
      a.why[l.i]!.push(
        same > 0
          ? { code: 'name_mismatch', params: { candidates: same, payer: l.tokens.join(' ').toUpperCase() } }
          : { code: 'no_candidates' },
      );
    }
  }
  return entries;
}

/** Pass 5: lines that name nobody ("DEPOSITO DINHEIRO"): amount, date and the channel's payment type. */
export function namelessEntries(prep: Prepared, a: Assignment, s: MatchSettings): PassEntry[] {
  const entries: PassEntry[] = [];
  for (const l of prep.lines) {
    if (l.named || l.card || l.boletoLump !== null || a.done[l.i]) continue;
    // Late charges are a boleto's; only a line that may be one looks beyond its exact amount.
    const amounts = payableAmounts(prep, l, s);
    // The channel is all a nameless line says about its payer: a receivable of another type has no evidence.
    // Past MAX_ANONYMOUS the line is a tie and the pool only counted: a bucket of one amount and type grows
    // with the branch's members, and a pool of thousands was collected to be thrown away.
    const pool: PRec[] = [];
    let fits = 0;
    const take = (p: PRec) => {
      if (p.open && singleOk(l, p, s) && typePoints(l.channel, p) !== 0 && fits++ < MAX_ANONYMOUS)
        pool.push(p);
    };
    for (const amount of amounts) {
      const types = CONSISTENT_TYPES[l.channel];
      if (types.length === 0) forWindow(prep.idx.byAmount.get(amount), l.day, prep.idx, take);
      else
        for (const t of types)
          forWindow(prep.idx.byAmountType.get(amountTypeKey(amount, t)), l.day, prep.idx, take);
    }
    const recvList = prep.idx.recvByAmount.get(l.amount);
    const nReceived = countReceivedAround(recvList, l.day);
    if (fits + nReceived > MAX_ANONYMOUS) {
      a.settle(l.i, { code: 'tie', params: { others: fits + nReceived - 1 } });
      continue;
    }
    const received = receivedAround(recvList, l.day);
    const options: Option[] = [];
    const noName: Part = { pts: 0, reason: { code: 'no_payer_name' } };
    for (const p of pool) {
      const parts = singleParts(l, p, s)!;
      options.push(optionOf([p], [noName, parts.amount, parts.date, parts.type]));
    }
    // The gym system already holds a payment of exactly this amount, into this account, on this very day:
    // for a line that names nobody that is the best identity there is (the clerk reconciled it from this
    // statement), much better than an open receivable that merely could be it.
    const sameDay: Part = { pts: RECEIVED_SAME_DAY, reason: null };
    for (const p of received) {
      const parts = receivedParts(l, p);
      if (parts && parts.type.pts !== 0)
        options.push(
          optionOf([p], [p.recvDay === l.day ? sameDay : noName, parts.amount, parts.date, parts.type]),
        );
    }
    if (options.length) entries.push({ l, options });
    else if (a.why[l.i]!.length === 0) a.why[l.i]!.push({ code: 'no_candidates' });
  }
  return entries;
}

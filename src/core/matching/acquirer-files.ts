/**
 * Pass 0b ([J]): the statement's card credits explained by the account's acquirer settlement files (Cielo
 * EDI, Rede EEVC/EEVD/EEFI, Stone XML). The acquirer says which sales each payment batch pays and on which
 * day, so a credit equal to one batch's net — or to all of the acquirer's batches of the day (one
 * consolidated credit), or to those of one product (debit / credit) — is exactly those sales: a set known
 * with certainty, not a guess among subsets of receivables (card-deposits.ts). Each sale is then tied to its
 * receivable:
 *   1. exactly, by NSU, then authorization, then TID, when the gym system has them (installments of one sale
 *      share its NSU: the installment of the sale's amount due nearest the payment is taken, never a tie);
 *   2. otherwise the only open card receivable of the sale's amount, brand and product whose due date falls
 *      between the sale and a few days after the payment.
 * Two batches that fit one credit equally leave it undecided (nothing green); a sale whose receivable cannot
 * be found, or whose amount differs from it, keeps the line out of green. Cancellations, chargebacks, rent
 * and adjustments in a batch are listed with it (they make the credit smaller), never tied to a member.
 *
 * Runs right after the return files' pass and before the exact keys on the line: a settlement file is the
 * acquirer's own record of the credit, stronger than any key the bank's text carries.
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import { receivedNames } from '../../shared/received-names';
import type { Assignment, PassEntry } from './assign';
import { dayNumber } from './calendar';
import type { PLine, PRec, Prepared } from './prepare';
import { isCardType } from './prepare';
import { optionOf, PTS, type Option, type Part } from './score';
import type { MatchSettings, Reason } from './types';

/** A stored row of an acquirer file (acquirer_sales), as matching reads it. */
export interface MatchAcquirerSale {
  id: number;
  kind: string;
  nsu: string | null;
  authorization: string | null;
  tid: string | null;
  /** Normalized like the engine's card flags (visa, mastercard, elo…); null or `code N` when unknown. */
  brand: string | null;
  product: string | null;
  grossCents: number;
  feeCents: number;
  netCents: number;
  saleDate: string | null;
  installment: number | null;
  installments: number | null;
}

/** A payment batch of an acquirer file (acquirer_payments) with its rows. */
export interface MatchAcquirerPayment {
  id: number;
  acquirer: string;
  layout: string;
  paymentDate: string;
  netCents: number;
  brand: string | null;
  product: string | null;
  /** The file says it was paid (false: a forecast of a sales file). */
  settled: boolean;
  rows: MatchAcquirerSale[];
}

/** Days after the payment date a bank may book the credit (a weekend, the bank's own posting). */
const BOOKING_LAG = 3;
/** How far a receivable's due date may be from the sale (before) or the payment (after), in days. */
const DUE_BEFORE_SALE = 5;
const DUE_AFTER_PAYMENT = 5;

const keyOf = (s: string | null): string | null => {
  if (!s) return null;
  const t = s
    .trim()
    .toUpperCase()
    .replace(/^0+(?=.)/, '');
  return t === '' || /^0+$/.test(t) ? null : t;
};

interface Look {
  byNsu: Map<string, PRec[]>;
  byAuth: Map<string, PRec[]>;
  byTid: Map<string, PRec[]>;
  byAmount: Map<number, PRec[]>;
}

function lookups(prep: Prepared): Look {
  const add = (m: Map<string, PRec[]>, k: string | null, p: PRec) => {
    if (k) m.set(k, [...(m.get(k) ?? []), p]);
  };
  const look: Look = { byNsu: new Map(), byAuth: new Map(), byTid: new Map(), byAmount: new Map() };
  for (const p of prep.recs) {
    add(look.byNsu, keyOf(p.r.nsu), p);
    add(look.byAuth, keyOf(p.r.authorization), p);
    add(look.byTid, keyOf(p.r.tid), p);
    if (isCardType(p.r.paymentTypeId) || p.r.cardAcquirer)
      look.byAmount.set(p.r.amountCents, [...(look.byAmount.get(p.r.amountCents) ?? []), p]);
  }
  return look;
}

interface Resolved {
  s: MatchAcquirerSale;
  p: PRec | null;
  byKey: boolean;
  /** Two or more receivables fit equally: left unresolved, never guessed. */
  ambiguous: boolean;
}

const productFits = (s: MatchAcquirerSale, p: PRec) =>
  !s.product ||
  !p.card ||
  (s.product === 'debit' ? !p.card.credit : s.product === 'credit' ? p.card.credit : true);
const brandFits = (s: MatchAcquirerSale, p: PRec) =>
  !s.brand || s.brand.startsWith('code ') || !p.card?.flag || p.card.flag === s.brand;

/** The only best candidate by due-date distance to `day`, or null when two are equally near. */
function nearest(pool: PRec[], day: number): { p: PRec | null; ambiguous: boolean } {
  if (pool.length === 0) return { p: null, ambiguous: false };
  if (pool.length === 1) return { p: pool[0]!, ambiguous: false };
  const dist = (p: PRec) => (Number.isNaN(p.due) ? 1e9 : Math.abs(p.due - day));
  const sorted = [...pool].sort((x, y) => dist(x) - dist(y));
  if (dist(sorted[0]!) === dist(sorted[1]!)) return { p: null, ambiguous: true };
  return { p: sorted[0]!, ambiguous: false };
}

function resolve(s: MatchAcquirerSale, payDay: number, look: Look, used: Set<PRec>): Resolved {
  const avail = (ps: PRec[] | undefined) =>
    (ps ?? []).filter((p) => !used.has(p) && p.r.statusId !== ACCOUNT_STATUS.cancelled);
  for (const [map, key] of [
    [look.byNsu, keyOf(s.nsu)],
    [look.byAuth, keyOf(s.authorization)],
    [look.byTid, keyOf(s.tid)],
  ] as const) {
    if (!key) continue;
    const all = avail(map.get(key));
    if (all.length === 0) continue;
    // Installments of one sale share its keys. The installment n of N is the n-th of the sale's N receivables
    // in due-date order (received ones included), whatever the due date means (the forecast credit day or the
    // member's own date); without all N in hand, it is not guessed.
    const sameAmount = all.filter((p) => p.r.amountCents === s.grossCents);
    if (s.installment && s.installments && s.installments > 1 && sameAmount.length > 1) {
      // The gym system's own installment number, when it gives one, names it.
      const numbered = sameAmount.filter((p) => p.r.currentInstallment === s.installment);
      if (numbered.length === 1) return { s, p: numbered[0]!, byKey: true, ambiguous: false };
      const series = (map.get(key) ?? [])
        .filter((p) => p.r.statusId !== ACCOUNT_STATUS.cancelled && p.r.amountCents === s.grossCents)
        .sort((x, y) => x.due - y.due || x.r.id - y.r.id);
      const p = series.length === s.installments ? series[s.installment - 1] : undefined;
      if (p && !used.has(p)) return { s, p, byKey: true, ambiguous: false };
      return { s, p: null, byKey: true, ambiguous: true };
    }
    // Without an installment number, two receivables of the key and amount are not told apart by date.
    if (sameAmount.length > 1) return { s, p: null, byKey: true, ambiguous: true };
    const n = nearest(sameAmount.length ? sameAmount : all, payDay);
    if (n.p || n.ambiguous) return { s, p: n.p, byKey: true, ambiguous: n.ambiguous };
  }
  const saleDay = s.saleDate ? dayNumber(s.saleDate) : payDay - 35;
  const pool = avail(look.byAmount.get(s.grossCents)).filter(
    (p) =>
      brandFits(s, p) &&
      productFits(s, p) &&
      !Number.isNaN(p.due) &&
      p.due >= saleDay - DUE_BEFORE_SALE &&
      p.due <= payDay + DUE_AFTER_PAYMENT,
  );
  if (pool.length === 1) return { s, p: pool[0]!, byKey: false, ambiguous: false };
  return { s, p: null, byKey: false, ambiguous: pool.length > 1 };
}

/** Card credits, and credits saying nothing of their channel that name no person (a Pix from a member never is one). */
const eligible = (l: PLine) => l.channel === 'card' || (l.channel === 'unknown' && !l.named);
/** A text naming no acquirer (“CRED CARTAO”: acquirer '') fits any; one naming an acquirer, only its own. */
const acquirerFits = (l: PLine, pay: MatchAcquirerPayment) =>
  !l.card || !l.card.acquirer || l.card.acquirer === pay.acquirer;
/** What the line's words say of the product: 'credit' / 'debit', null when nothing. */
function lineProduct(l: PLine): 'credit' | 'debit' | null {
  if (!l.card) return null;
  const said = (l.card as { product?: 'credit' | 'debit' | null }).product;
  return said !== undefined ? said : l.card.credit ? 'credit' : 'debit';
}
const sum = (ps: readonly MatchAcquirerPayment[]) => ps.reduce((n, p) => n + p.netCents, 0);

/**
 * A batch's brand: the file's (Cielo, Stone), or — when the file's code is not translated (Rede) — the one
 * brand the gym system gives every receivable its sales name by key. Null when unknown or mixed.
 */
function brandOf(p: MatchAcquirerPayment, look: Look): string | null {
  if (p.brand && !p.brand.startsWith('code ')) return p.brand;
  const flags = new Set<string>();
  for (const s of p.rows) {
    if (s.kind !== 'sale') continue;
    const hits = [
      ...(look.byNsu.get(keyOf(s.nsu) ?? '') ?? []),
      ...(look.byAuth.get(keyOf(s.authorization) ?? '') ?? []),
    ];
    for (const h of hits) if (h.card?.flag) flags.add(h.card.flag);
  }
  return flags.size === 1 ? [...flags][0]! : null;
}

/**
 * The batches a line is: one batch of its amount (the line's brand/product naming breaks a tie), or all the
 * acquirer's batches of a day, or those of one product. `tie` when two choices fit equally.
 */
function batchesFor(
  l: PLine,
  pays: MatchAcquirerPayment[],
  look: Look,
): { batches: MatchAcquirerPayment[] } | { tie: number } | null {
  const fitting = pays.filter((p) => acquirerFits(l, p));
  // A sales file's forecast of a day and the payments file of that day describe the same money: the
  // payment, once imported, stands for the forecast (per acquirer).
  const paid = new Set(fitting.filter((p) => p.settled).map((p) => p.acquirer));
  const open = fitting.filter((p) => p.settled || !paid.has(p.acquirer));
  let single = open.filter((p) => p.netCents === l.amount);
  if (single.length > 1 && l.card) {
    const product = lineProduct(l);
    const named = single.filter(
      (p) =>
        (!l.card!.flag || brandOf(p, look) === l.card!.flag) &&
        (!p.product || !product || p.product === product),
    );
    if (named.length >= 1) single = named;
  }
  if (single.length === 1) return { batches: single };
  if (single.length > 1) return { tie: single.length };
  const groups = new Map<string, MatchAcquirerPayment[]>();
  for (const p of open) {
    for (const key of [`${p.acquirer}|${p.paymentDate}`, `${p.acquirer}|${p.paymentDate}|${p.product ?? ''}`])
      groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const fits = [...groups.values()].filter((g) => g.length > 1 && sum(g) === l.amount);
  const distinct = new Map(fits.map((g) => [g.map((p) => p.id).join(','), g]));
  if (distinct.size === 1) return { batches: [...distinct.values()][0]! };
  if (distinct.size > 1) return { tie: distinct.size };
  return null;
}

/** `saleId:receivableId` pairs (0: none), for the match lines to show the credit's sales. */
const saleRefs = (rs: Resolved[]) => rs.map((r) => `${r.s.id}:${r.p?.r.id ?? 0}`).join(',');

function optionFor(
  batches: MatchAcquirerPayment[],
  rs: Resolved[],
  others: MatchAcquirerSale[],
  a: Assignment,
  s: MatchSettings,
): { option: Option } | { settle: Reason[] } {
  const { open, accounted, accountedOf, doubtful, unresolved } = a.triage(rs);
  const first = batches[0]!;
  const evidence: Reason = {
    code: 'acquirer_file',
    params: {
      acquirer: first.acquirer,
      layout: first.layout,
      date: first.paymentDate,
      batches: batches.length,
      count: rs.length,
      grossCents: rs.reduce((n, r) => n + r.s.grossCents, 0),
      feeCents: rs.reduce((n, r) => n + r.s.feeCents, 0),
      forecast: batches.every((b) => b.settled) ? 0 : 1,
      sales: saleRefs(rs),
    },
  };
  if (open.length === 0) {
    // Already in the EVO: the batch's sales stay named (Conciliar lists them under the line, as for a proposal).
    return {
      settle:
        accounted > 0 && unresolved === 0
          ? [
              evidence,
              {
                code: 'lump_received',
                params: { count: accounted, explained: 1, names: receivedNames(accountedOf) },
              },
            ]
          : [{ code: 'acquirer_sale_unresolved', params: { count: unresolved, of: rs.length } }],
    };
  }
  const differences: Reason[] = [];
  for (const r of open) {
    const diff = r.s.grossCents - r.p!.r.amountCents;
    if (diff !== 0)
      differences.push({
        code: 'acquirer_sale_difference',
        params: {
          nsu: r.s.nsu ?? r.s.authorization ?? String(r.s.id),
          receivableId: r.p!.r.id,
          diffCents: diff,
        },
      });
  }
  const parts: (Part | null)[] = [
    { pts: open.every((r) => r.byKey) ? PTS.identity : PTS.identity - 5, reason: evidence },
    { pts: differences.length ? 0 : PTS.amountEqual, reason: null },
    { pts: PTS.date, reason: null },
    { pts: PTS.typeConsistent, reason: null },
    ...differences.map((reason) => ({ pts: 0, reason })),
  ];
  if (others.length)
    parts.push({
      pts: 0,
      reason: {
        code: 'acquirer_adjustments',
        params: { count: others.length, amountCents: others.reduce((n, o) => n + o.netCents, 0) },
      },
    });
  if (accounted > 0)
    parts.push({
      pts: 0,
      reason: { code: 'lump_received', params: { count: accounted, names: receivedNames(accountedOf) } },
    });
  if (unresolved > 0)
    parts.push({
      pts: 0,
      reason: { code: 'acquirer_sale_unresolved', params: { count: unresolved, of: rs.length } },
    });
  const o = optionOf(
    open.map((r) => r.p!),
    parts,
  );
  if (differences.length > 0) o.score = Math.min(o.score, s.thresholds.yellow - 1);
  if (unresolved > 0 || doubtful) o.capped = true;
  o.items = open.map((r) => ({ receivableId: r.p!.r.id, amountCents: r.s.netCents }));
  return { option: o };
}

export function acquirerFileEntries(
  prep: Prepared,
  a: Assignment,
  s: MatchSettings,
  payments: readonly MatchAcquirerPayment[],
): PassEntry[] {
  if (payments.length === 0) return [];
  const byDay = new Map<number, MatchAcquirerPayment[]>();
  for (const p of payments) {
    const d = dayNumber(p.paymentDate);
    byDay.set(d, [...(byDay.get(d) ?? []), p]);
  }
  const look = lookups(prep);
  const usedRecs = new Set<PRec>();
  const usedPays = new Set<MatchAcquirerPayment>();
  const entries: PassEntry[] = [];
  // Larger credits first: a consolidated credit takes its batches before a smaller line of one batch's amount.
  const lines = prep.lines
    .filter((l) => eligible(l) && !a.done[l.i])
    .sort((x, y) => x.day - y.day || y.amount - x.amount);
  for (const l of lines) {
    // The credit is booked on the payment day or up to BOOKING_LAG days later: the nearest day that fits wins.
    for (let lag = 0; lag <= BOOKING_LAG; lag++) {
      const pays = (byDay.get(l.day - lag) ?? []).filter((p) => !usedPays.has(p));
      if (pays.length === 0) continue;
      const found = batchesFor(l, pays, look);
      if (!found) continue;
      if ('tie' in found) {
        a.settle(l.i, { code: 'acquirer_batch_tie', params: { count: found.tie } });
        break;
      }
      for (const b of found.batches) usedPays.add(b);
      const payDay = dayNumber(found.batches[0]!.paymentDate);
      const sales = found.batches.flatMap((b) => b.rows.filter((r) => r.kind === 'sale'));
      const others = found.batches.flatMap((b) => b.rows.filter((r) => r.kind !== 'sale'));
      const rs = sales.map((x) => {
        const r = resolve(x, payDay, look, usedRecs);
        if (r.p) usedRecs.add(r.p);
        return r;
      });
      if (rs.length === 0) {
        a.settle(l.i, {
          code: 'acquirer_sale_unresolved',
          params: { count: others.length, of: others.length },
        });
        break;
      }
      const r = optionFor(found.batches, rs, others, a, s);
      if ('settle' in r) a.settle(l.i, ...r.settle);
      else entries.push({ l, options: [r.option] });
      break;
    }
  }
  return entries;
}

/** The `sales` param of an `acquirer_file` reason → row ids with the receivable each was tied to (0: none). */
export function parseSaleRefs(param: unknown): { saleId: number; receivableId: number | null }[] {
  if (typeof param !== 'string' || param === '') return [];
  return param.split(',').flatMap((pair) => {
    const [sale, rec] = pair.split(':').map(Number);
    return sale && Number.isInteger(sale) ? [{ saleId: sale, receivableId: rec ? rec : null }] : [];
  });
}

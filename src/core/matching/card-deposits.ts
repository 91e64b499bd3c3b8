/**
 * Pass 2 ([J] item 1): card deposits, however the acquirer settles and however the gym system dated the sale.
 *
 * A deposit is a set of card sales net of the acquirer's fee (MDR). Which set depends on
 * - how the acquirer groups its credits: per brand and product ("REDE VISA CD"), per product for all brands
 *   ("CIELO DEBITO"), or once a day for everything ("STONE PAGAMENTOS"); a text naming less (or nothing:
 *   "CRED CARTAO") leaves more groupings open, and every one the text allows is tried;
 * - when the money of each sale arrives: one expected day per settlement model (card-days.ts).
 * For each grouping and each pair of models (one for debit, one for credit) the sales expected on the line's
 * day form a candidate set; a set explains the line when its net sum equals the amount — with the fees the
 * gym system recorded, else within the product's fee band (settings `cardFee.products`, narrowed around a
 * fee learned from the clerk's confirmed matches) — possibly leaving out up to two sales (a declined charge).
 *
 * The statement decides the models: a model that explains more of its deposits (per acquirer and product)
 * wins, so a coincidence under another model cannot compete with the branch's real convention. Then a line
 * is proposed only when exactly one set of sales explains it at the best level of evidence (recorded fees
 * before a fee band, fewer sales left out first): two sets → nothing (`lump_ambiguous`), the guard intact.
 *
 * The date anchor ([S] item 5, dueAnchor below): when an acquirer's deposits are closed whole by sales due 1–3
 * business days before them (the due-anchored models) clearly more often than by today's models, that
 * acquirer's deposits are read under the due anchor instead of the charge/sale day; otherwise nothing changes.
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { Assignment, PassEntry } from './assign';
import { onOrNextBusinessDay } from './calendar';
import {
  CREDIT_MODELS,
  DEBIT_MODELS,
  DUE_MODELS,
  expectedDay,
  isDueModel,
  productOf,
  type CardModel,
} from './card-days';
import type { PLine, PRec, Prepared } from './prepare';
import { receivedNames } from '../../shared/received-names';
import { optionOf, PTS, typeFit, type Option, type Part } from './score';
import type { CardProduct, MatchCardFee, MatchSettings, Reason } from './types';

/** One sale under one settlement model: its net, or its gross and the fee band (percent) when unknown. */
interface Entry {
  p: PRec;
  model: CardModel;
  lo: number;
  hi: number;
  learned: MatchCardFee | null;
}

type Scope = 'brand' | 'product' | 'day';
/** One way the acquirer may have grouped a credit: a brand's product, a product, or the whole day. */
interface Group {
  scope: Scope;
  flag: string;
  products: ('credit' | 'debit')[];
}

interface Fit {
  keep: Entry[];
  accounted: Entry[];
  removed: number;
  exact: boolean;
  scope: Scope;
  acquirer: string;
  flag: string;
  product: 'credit' | 'debit' | null;
  models: Partial<Record<'credit' | 'debit', CardModel>>;
  /** Both models of the reading, even for a product none of its sales has (a day read without its debits). */
  combo: Partial<Record<'credit' | 'debit', CardModel>>;
  previousDay: boolean;
  /** Sorted receivable ids of `keep`: two fits are the same proposal when these are equal. */
  key: string;
}

/** Learned fees narrow the band to this many percentage points around them. */
const LEARNED_SPAN = 0.75;
const LEARNED_MIN_SAMPLES = 2;
/** Above this many candidates only one sale is ever left out (pairs would cost n²). */
const MODEL_CODE: Record<CardModel, number> = {
  forecast: 0,
  d1: 1,
  d2: 2,
  c30: 3,
  a1: 4,
  a2: 5,
  due1: 6,
  due2: 7,
  due3: 8,
};
/** (sale, model) as one number: MODEL_CODE stays below this. */
const MODEL_SLOTS = 16;
const ANTICIPATION: ReadonlySet<CardModel> = new Set<CardModel>(['a1', 'a2']);
const SAYS_ANTICIPATION = /\bantecip/;
const PAIRS_UP_TO = 60;
const PAIRS_IN_BAND_UP_TO = 24;

/** The least a sale can add to a deposit: its net, or its gross less the band's highest fee. */
const lowOf = (e: Entry) =>
  e.p.r.feesCents === null ? (e.p.r.amountCents * (100 - e.hi)) / 100 : e.p.r.amountCents - e.p.r.feesCents;

function band(s: MatchSettings, product: CardProduct): { lo: number; hi: number } {
  const b = s.cardFee.products?.[product] ?? s.cardFee;
  return { lo: b.minPercent, hi: b.maxPercent };
}

class Fees {
  private readonly learned = new Map<string, MatchCardFee>();
  constructor(
    private readonly s: MatchSettings,
    fees: readonly MatchCardFee[],
  ) {
    for (const f of fees)
      if (f.samples >= LEARNED_MIN_SAMPLES) this.learned.set(`${f.acquirer}|${f.flag}|${f.product}`, f);
  }
  private readonly cache = new Map<number, Entry>();
  entry(p: PRec, model: CardModel): Entry {
    const k = p.i * MODEL_SLOTS + MODEL_CODE[model];
    let e = this.cache.get(k);
    if (!e) {
      e = this.make(p, model);
      this.cache.set(k, e);
    }
    return e;
  }
  private make(p: PRec, model: CardModel): Entry {
    const c = p.card!;
    const product = productOf(c.credit, model);
    const b = band(this.s, product);
    const learned =
      this.learned.get(`${c.acquirer}|${c.flag}|${product}`) ??
      this.learned.get(`${c.acquirer}||${product}`) ??
      null;
    if (!learned) return { p, model, ...b, learned: null };
    return {
      p,
      model,
      lo: Math.max(0, learned.percent - LEARNED_SPAN),
      hi: learned.percent + LEARNED_SPAN,
      learned,
    };
  }
}

interface Sums {
  net: number;
  lo: number;
  hi: number;
  unknown: number;
  size: number;
}

function add(t: Sums, e: Entry, sign: 1 | -1) {
  const r = e.p.r;
  if (r.feesCents === null) {
    t.unknown += sign;
    t.lo += (sign * (r.amountCents * (100 - e.hi))) / 100;
    t.hi += (sign * (r.amountCents * (100 - e.lo))) / 100;
  } else t.net += sign * (r.amountCents - r.feesCents);
  t.size += sign;
}

const sumsOf = (es: Entry[]): Sums => {
  const t = { net: 0, lo: 0, hi: 0, unknown: 0, size: 0 };
  for (const e of es) add(t, e, 1);
  return t;
};
/** Recorded fees: a cent of rounding per sale. */
const exactOk = (t: Sums, amount: number) =>
  t.unknown === 0 && t.size > 0 && Math.abs(t.net - amount) <= t.size;
const bandOk = (t: Sums, amount: number) =>
  t.unknown > 0 && amount >= t.net + t.lo - t.size && amount <= t.net + t.hi + t.size;

type SetFit = Omit<
  Fit,
  'scope' | 'acquirer' | 'flag' | 'product' | 'models' | 'combo' | 'previousDay' | 'key'
>;

/** Every subset of one candidate set that explains the amount (the whole set, or it less one or two sales). */
function fitsOf(avail: Entry[], accounted: Entry[], amount: number): SetFit[] | Reason {
  const done = sumsOf(accounted);
  // The sales already received explain the deposit: it was reconciled before (and tells the model).
  if (accounted.length > 0 && (exactOk(done, amount) || bandOk(done, amount)))
    return [{ keep: [], accounted, removed: 0, exact: exactOk(done, amount) }];
  if (avail.length === 0)
    return {
      code: 'lump_received',
      params: { count: accounted.length, names: receivedNames(accounted.map((e) => e.p)) },
    };
  const whole = sumsOf([...accounted, ...avail]);
  if (exactOk(whole, amount)) return [{ keep: avail, accounted, removed: 0, exact: true }];
  const out: SetFit[] = [];
  // Subsets only shrink the sum: beyond the whole set's highest net, or below its lowest net less its two
  // largest sales, nothing with at most two sales left out can fit (most sets of a line end here, cheaply).
  if (amount > whole.net + whole.hi + whole.size) return out;
  let top1 = 0;
  let top2 = 0;
  for (const e of avail) {
    const low = lowOf(e);
    if (low > top1) [top1, top2] = [low, top1];
    else if (low > top2) top2 = low;
  }
  if (amount < whole.net + whole.lo - whole.size - top1 - top2) return out;
  const n = avail.length;
  // Pairs left out: up to 60 sales when some fees are recorded (two declined charges among recorded sales are
  // found exactly), 24 when every fee is unknown (within a band pairs rarely decide, and cost n²).
  const pairs = n <= (whole.unknown < whole.size ? PAIRS_UP_TO : PAIRS_IN_BAND_UP_TO);
  // Each sale's part of the sums, as numbers: the search below allocates nothing per subset.
  const net = new Float64Array(n);
  const lo = new Float64Array(n);
  const hi = new Float64Array(n);
  const unk = new Uint8Array(n);
  avail.forEach((e, k) => {
    const r = e.p.r;
    if (r.feesCents === null) {
      unk[k] = 1;
      lo[k] = (r.amountCents * (100 - e.hi)) / 100;
      hi[k] = (r.amountCents * (100 - e.lo)) / 100;
    } else net[k] = r.amountCents - r.feesCents;
  });
  /** 0: no fit; 1: exact (recorded fees); 2: within the band. */
  const fit = (i: number, j: number): 0 | 1 | 2 => {
    const size = whole.size - (i >= 0 ? 1 : 0) - (j >= 0 ? 1 : 0);
    if (size - accounted.length <= 0) return 0;
    const u = whole.unknown - (i >= 0 ? unk[i]! : 0) - (j >= 0 ? unk[j]! : 0);
    const nt = whole.net - (i >= 0 ? net[i]! : 0) - (j >= 0 ? net[j]! : 0);
    if (u === 0) return Math.abs(nt - amount) <= size ? 1 : 0;
    const l = whole.lo - (i >= 0 ? lo[i]! : 0) - (j >= 0 ? lo[j]! : 0);
    const h = whole.hi - (i >= 0 ? hi[i]! : 0) - (j >= 0 ? hi[j]! : 0);
    return amount >= nt + l - size && amount <= nt + h + size ? 2 : 0;
  };
  // Found subsets by rank (exact 1–2, band 10–12), as the sales left out; materialised only where they
  // decide: every one of the best rank (up to 3: two already make it ambiguous) and one of the next.
  const found: { rank: number; i: number; j: number }[] = [];
  const w = fit(-1, -1);
  if (w === 2) found.push({ rank: 10, i: -1, j: -1 });
  for (let i = 0; i < n; i++) {
    const a = fit(i, -1);
    if (a) found.push({ rank: a === 1 ? 1 : 11, i, j: -1 });
    if (!pairs) continue;
    for (let j = i + 1; j < n; j++) {
      const b = fit(i, j);
      if (b) found.push({ rank: b === 1 ? 2 : 12, i, j });
    }
  }
  if (found.length === 0) return out;
  const best = Math.min(...found.map((f) => f.rank));
  let kept = 0;
  let next = false;
  for (const f of found) {
    const take = (f.rank === best && kept < 3) || (f.rank === best + 1 && !next);
    if (!take) continue;
    if (f.rank === best) kept++;
    else next = true;
    out.push({
      keep: f.i < 0 ? avail : avail.filter((_, k) => k !== f.i && k !== f.j),
      accounted,
      removed: (f.i >= 0 ? 1 : 0) + (f.j >= 0 ? 1 : 0),
      exact: f.rank < 10,
    });
  }
  return out;
}

const rank = (f: Fit) => (f.exact ? 0 : 10) + f.removed;

/** The card receivables by acquirer and expected day, each with the model that puts it there. */
function dayIndex(prep: Prepared): Map<string, { p: PRec; model: CardModel }[]> {
  const idx = new Map<string, { p: PRec; model: CardModel }[]>();
  for (const p of prep.recs) {
    if (!p.cardDays) continue;
    for (const d of p.cardDays) {
      const k = `${p.card!.acquirer}|${d.day}`;
      const list = idx.get(k);
      if (list) list.push({ p, model: d.model });
      else idx.set(k, [{ p, model: d.model }]);
    }
  }
  return idx;
}

function previousBusinessDay(day: number): number {
  let d = day - 1;
  while (onOrNextBusinessDay(d) !== d) d--;
  return d;
}

/**
 * An acquirer's sales expected on a day under the due-anchored models (`due1`–`due3`, card-days.ts), read off
 * the forecast entries of the index (no index of their own): a sale due on a business day F arrives k business
 * days after F under `duek`; one due on a weekend or holiday (its forecast day F is the next business day)
 * arrives on F under `due1`, then k − 1 business days after F. Only the brand and product a text names.
 */
class DueDays {
  /** The forecast entries of one acquirer and day, once per statement. */
  private readonly forecast = new Map<string, PRec[]>();
  constructor(private readonly idx: Map<string, { p: PRec; model: CardModel }[]>) {}
  private forecastOn(acquirer: string, day: number): PRec[] {
    const k = `${acquirer}|${day}`;
    let list = this.forecast.get(k);
    if (!list) {
      list = [];
      for (const x of this.idx.get(k) ?? []) if (x.model === 'forecast') list.push(x.p);
      this.forecast.set(k, list);
    }
    return list;
  }
  on(acquirer: string, day: number, flag: string, product: 'credit' | 'debit' | null) {
    const out: { p: PRec; model: CardModel }[] = [];
    let f = day;
    for (let n = 0; n <= DUE_MODELS.length; n++) {
      for (const p of this.forecastOn(acquirer, f)) {
        if ((flag && p.card!.flag !== flag) || (product && p.card!.credit !== (product === 'credit')))
          continue;
        const k = p.due === f ? n : n + 1;
        if (k >= 1 && k <= DUE_MODELS.length) out.push({ p, model: DUE_MODELS[k - 1]! });
      }
      f = previousBusinessDay(f);
    }
    return out;
  }
}

interface LineWork {
  l: PLine;
  fits: Fit[];
  reasons: Reason[];
  candidates: number;
}

/**
 * Which models a call of lineFits reads: `today` the models of card-days.ts' index; `previous` the previous-day
 * fallback (an acquirer paying a day late), forecast model only; `due` only the readings with a due-anchored
 * model for at least one product (the other product, in a credit of the whole day, may keep any model).
 */
type Mode = 'today' | 'previous' | 'due';

const modelsOf = (mode: Mode, prod: 'credit' | 'debit'): readonly CardModel[] => {
  if (mode === 'previous') return ['forecast'];
  const base = prod === 'credit' ? CREDIT_MODELS : DEBIT_MODELS;
  return mode === 'due' ? [...base, ...DUE_MODELS] : base;
};

type DaySale = { p: PRec; model: CardModel };
interface Buckets {
  buckets: Map<string, DaySale[]>;
  flagsAll: string[];
}
const bucketCache = new WeakMap<readonly DaySale[], Buckets>();

/**
 * The day's sales of an acquirer by brand, product and model (each candidate set is a union of these), and the
 * brands present. Kept per list of sales: every card credit of one acquirer and day reads the same index entry,
 * and building the keys again for each was most of this pass's garbage ([X] item 1).
 */
function bucketsOf(all: readonly DaySale[]): Buckets {
  let got = bucketCache.get(all);
  if (got) return got;
  const buckets = new Map<string, DaySale[]>();
  for (const x of all) {
    const k = `${x.p.card!.flag}|${x.p.card!.credit ? 'credit' : 'debit'}|${x.model}`;
    const b = buckets.get(k);
    if (b) b.push(x);
    else buckets.set(k, [x]);
  }
  got = { buckets, flagsAll: [...new Set(all.map((x) => x.p.card!.flag))] };
  bucketCache.set(all, got);
  return got;
}

/** Candidate sets of one line on one day: per acquirer the text allows, per grouping, per pair of models. */
function lineFits(
  l: PLine,
  day: number,
  idx: Map<string, { p: PRec; model: CardModel }[]>,
  acquirers: string[],
  a: Assignment,
  fees: Fees,
  mode: Mode,
  due?: DueDays,
): { fits: Fit[]; reasons: Reason[]; candidates: number } {
  const c = l.card!;
  const fits: Fit[] = [];
  const reasons: Reason[] = [];
  let candidates = 0;
  // Sets already read on this line, with what they gave: the same sales read under another pair of models
  // (the two differ only for a product none of the sales has) are the same answer, recorded under each pair
  // so that it follows whichever of them the statement's vote keeps.
  const seen = new Map<string, SetFit[]>();
  const emit = (got: SetFit[], g: Group, acquirer: string, dm: CardModel | null, cm: CardModel | null) => {
    if (got.length === 0) return;
    const models: Fit['models'] = {};
    if (dm) models.debit = dm;
    if (cm) models.credit = cm;
    for (const f of got) {
      const present = new Set(
        (f.keep.length ? f.keep : f.accounted).map((e) => (e.p.card!.credit ? 'credit' : 'debit')),
      );
      const used: Fit['models'] = {};
      for (const k of present) used[k] = models[k];
      fits.push({
        ...f,
        scope: g.scope,
        acquirer,
        flag: g.flag,
        product: g.products.length === 1 ? g.products[0]! : null,
        models: used,
        combo: models,
        previousDay: mode === 'previous',
        key: f.keep.length
          ? f.keep
              .map((e) => e.p.r.id)
              .sort((x, y) => x - y)
              .join(',')
          : 'received',
      });
    }
  };
  for (const acquirer of c.acquirer ? [c.acquirer] : acquirers) {
    let all = idx.get(`${acquirer}|${day}`) ?? [];
    if (mode === 'due') {
      const lagged = due!.on(acquirer, day, c.flag, c.product);
      if (lagged.length === 0) continue;
      // Today's models matter only beside a due-anchored one in a credit of the whole day (both products).
      all = !c.flag && !c.product ? [...all, ...lagged] : lagged;
    }
    if (all.length === 0) continue;
    const products: ('credit' | 'debit')[] = c.product ? [c.product] : ['credit', 'debit'];
    const flagsOf = (prod: 'credit' | 'debit') =>
      c.flag
        ? [c.flag]
        : [
            ...new Set(
              all.filter((x) => x.p.card!.credit === (prod === 'credit')).map((x) => x.p.card!.flag),
            ),
          ];
    const groups: Group[] = [];
    for (const prod of products)
      for (const flag of flagsOf(prod)) groups.push({ scope: 'brand', flag, products: [prod] });
    if (!c.flag) {
      for (const prod of products) groups.push({ scope: 'product', flag: '', products: [prod] });
      if (!c.product) groups.push({ scope: 'day', flag: '', products: ['credit', 'debit'] });
    }
    const { buckets, flagsAll } = bucketsOf(all);
    for (const g of groups) {
      const gFlags = g.flag ? [g.flag] : flagsAll;
      const debitModels = g.products.includes('debit') ? modelsOf(mode, 'debit') : [null];
      const creditModels = g.products.includes('credit') ? modelsOf(mode, 'credit') : [null];
      for (const dm of debitModels)
        for (const cm of creditModels) {
          if (mode === 'due' && !(dm && isDueModel(dm)) && !(cm && isDueModel(cm))) continue;
          const set: { p: PRec; model: CardModel }[] = [];
          for (const f of gFlags)
            for (const prod of g.products) {
              const m = prod === 'credit' ? cm : dm;
              const b = m ? buckets.get(`${f}|${prod}|${m}`) : undefined;
              if (b) for (const x of b) set.push(x);
            }
          // (A due reading whose due-anchored product has no sale that day is the other product's sales alone:
          // a credit of the whole day without, say, its credits.)
          if (set.length === 0) continue;
          // Per grouping: the same sales read per brand and per product are two readings (they vote apart).
          // An order-free fingerprint of (sale, model) pairs; cheap next to sorting strings per set.
          let h1 = 0;
          let h2 = 0;
          for (const x of set) {
            const v = x.p.i * MODEL_SLOTS + MODEL_CODE[x.model];
            h1 = (h1 + Math.imul(v, 0x9e3779b1)) | 0;
            h2 = (h2 ^ Math.imul(v + 0x7f4a7c15, 0x85ebca6b)) | 0;
          }
          const setKey = `${g.scope}:${set.length}:${h1}:${h2}`;
          const before = seen.get(setKey);
          if (before) {
            emit(before, g, acquirer, dm, cm);
            continue;
          }
          // A sale may sit in one set twice (forecast and c30 on one day): once is enough.
          const uniq = new Map<number, Entry>();
          for (const x of set) if (!uniq.has(x.p.i)) uniq.set(x.p.i, fees.entry(x.p, x.model));
          const entries = [...uniq.values()];
          const avail = entries.filter((e) => a.free(e.p));
          const accounted = entries.filter(
            (e) => e.p.r.statusId === ACCOUNT_STATUS.received || a.isHeld(e.p),
          );
          candidates = Math.max(candidates, avail.length + accounted.length);
          const got = fitsOf(avail, accounted, l.amount);
          if (!Array.isArray(got)) {
            reasons.push(got);
            seen.set(setKey, []);
            continue;
          }
          seen.set(setKey, got);
          emit(got, g, acquirer, dm, cm);
        }
    }
  }
  return { fits, reasons, candidates };
}

function settlementPart(f: Fit, day: number): Part {
  const models = [f.models.debit, f.models.credit].filter(Boolean).join('+');
  const first = f.keep[0]!;
  const on = expectedDay(first.p.cardDays, first.p.due, first.model);
  const expected = Number.isNaN(on) ? day : on;
  return {
    pts: f.previousDay ? PTS.date - 6 : PTS.date,
    reason: {
      code: 'card_settlement',
      params: { scope: f.scope, model: models, late: day - expected },
    },
  };
}

function cardOption(l: PLine, f: Fit): Option {
  const recs = f.keep.map((e) => e.p).sort((x, y) => x.r.id - y.r.id);
  const accounted = f.accounted.map((e) => e.p);
  const gross = [...recs, ...accounted].reduce((t, p) => t + p.r.amountCents, 0);
  const fee = gross - l.amount;
  const percent = Math.round((fee * 10000) / Math.max(1, gross)) / 100;
  const products = new Set(recs.map((p) => p.card!.credit));
  const credit = products.size === 1 ? (products.has(true) ? 1 : 0) : 2;
  const learned = f.keep.find((e) => e.learned)?.learned ?? null;
  const parts: (Part | null)[] = [
    {
      // The text naming the acquirer is part of the identity; a generic "CRED CARTAO" leans on the sum alone.
      pts: l.card!.acquirer ? PTS.identity : PTS.identity - 5,
      reason: {
        code: 'card_lump',
        params: { acquirer: f.acquirer, flag: f.flag, credit, count: recs.length },
      },
    },
    f.exact
      ? { pts: PTS.amountNetExact, reason: { code: 'amount_net_fees', params: { feeCents: fee, percent } } }
      : {
          pts: PTS.amountFeeTolerance,
          reason: { code: 'amount_fee_tolerance', params: { feeCents: fee, percent } },
        },
    settlementPart(f, l.day),
    typeFit('card', recs[0]!),
  ];
  if (learned && !f.exact)
    parts.push({
      pts: 0,
      reason: {
        code: 'card_fee_learned',
        params: { percent: learned.percent, samples: learned.samples, product: learned.product },
      },
    });
  if (accounted.length)
    parts.push({
      pts: 0,
      reason: { code: 'lump_received', params: { count: accounted.length, names: receivedNames(accounted) } },
    });
  if (f.removed) parts.push({ pts: -10, reason: { code: 'lump_excluded', params: { count: f.removed } } });
  const o = optionOf(recs, parts);
  // Each receivable gets its own net value; without known fees, a share of the deposit by gross amount.
  let left = l.amount;
  o.items = recs.map((p, k) => {
    const share =
      p.r.feesCents !== null && f.exact
        ? p.r.amountCents - p.r.feesCents
        : k === recs.length - 1 && accounted.length === 0
          ? left
          : Math.round((p.r.amountCents * l.amount) / Math.max(1, gross));
    left -= share;
    return { receivableId: p.r.id, amountCents: share };
  });
  return o;
}

/** The fits of the best evidence level; several distinct sets there: ambiguous. */
function decide(fits: Fit[]): { fit: Fit } | { combinations: number } | null {
  if (fits.length === 0) return null;
  const best = Math.min(...fits.map(rank));
  const top = fits.filter((f) => rank(f) === best);
  const distinct = new Map(top.map((f) => [f.key, f]));
  if (distinct.size === 1) {
    // The most specific reading of the same sales (brand before product before day; forecast first).
    const order: Scope[] = ['brand', 'product', 'day'];
    top.sort((x, y) => order.indexOf(x.scope) - order.indexOf(y.scope));
    return { fit: top[0]! };
  }
  return { combinations: distinct.size };
}

/**
 * The fits a line votes with: every reading (any grouping, model, sales left out) that reaches one of the
 * sets of its best evidence level — the same sales read per brand with none left out, or per product with
 * the other brand's sale left out, are one answer, and each reading that reaches it says how the acquirer
 * may settle.
 */
function votersOf(fits: Fit[]): Fit[] {
  const best = Math.min(Infinity, ...fits.map(rank));
  const keys = new Set(fits.filter((f) => rank(f) === best).map((f) => f.key));
  return fits.filter((f) => keys.has(f.key));
}

/**
 * Deposits decided jointly: a deposit two sets of sales explain (two brands' credits of one day both reading
 * "CIELO S.A.") is settled when every set but one is the only explanation of another deposit. Repeated
 * until nothing changes; what is settled this way is never green and says which deposit decided it.
 */
function eliminate(
  work: LineWork[],
  usualOf: Map<LineWork, Fit[]>,
): Map<LineWork, { fit: Fit; lineId: number }> {
  const out = new Map<LineWork, { fit: Fit; lineId: number }>();
  const taken = new Map<number, number>(); // receivable index → line id of the deposit that certainly has it
  const takenBy = (f: Fit) => {
    for (const e of f.keep) {
      const by = taken.get(e.p.i);
      if (by !== undefined) return by;
    }
    return null;
  };
  const certain = (w: LineWork, f: Fit) => {
    for (const e of f.keep) taken.set(e.p.i, w.l.line.id);
  };
  const open: LineWork[] = [];
  for (const w of work) {
    const d = decide(usualOf.get(w)!);
    if (d && 'fit' in d) certain(w, d.fit);
    else if (d && 'combinations' in d) open.push(w);
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const w of open) {
      if (out.has(w)) continue;
      const usual = usualOf.get(w)!;
      const left = usual.filter((f) => takenBy(f) === null);
      const d = decide(left);
      if (!d || !('fit' in d) || d.fit.keep.length === 0 || left.length === usual.length) continue;
      // Only when the best level of evidence is unchanged: dropping sets must not promote a weaker reading.
      if (rank(d.fit) !== Math.min(...usual.map(rank))) continue;
      const by = usual.map(takenBy).find((x) => x !== null)!;
      out.set(w, { fit: d.fit, lineId: by });
      certain(w, d.fit);
      changed = true;
    }
  }
  return out;
}

/** The models that count from the charge day (chargeDate, or a saleDate near the due date): today's anchor. */
const CHARGE_ANCHORED: ReadonlySet<CardModel> = new Set<CardModel>(['d1', 'd2', 'a1', 'a2']);
/** Deposits a due-anchored reading must close whole before the due anchor is tried for the rest… */
const DUE_MIN_EVIDENCE = 3;
/** …and by how many it must outnumber the deposits either other anchor closes whole. */
const DUE_MARGIN = 2;

type Anchor = 'due' | 'charge' | 'neutral';
/** Which anchor a reading stands on: a due-anchored model, a charge-anchored one, or neither (forecast, c30). */
function anchorOf(f: Fit): Anchor {
  let out: Anchor = 'neutral';
  for (const m of Object.values(f.models)) {
    if (isDueModel(m)) return 'due';
    if (CHARGE_ANCHORED.has(m)) out = 'charge';
  }
  return out;
}

/**
 * The date anchor ([S] item 5), per acquirer. Today's lag models (d1/d2/a1/a2) count from the charge day, which
 * is `saleDate` when that is near the due date; a branch whose `saleDate` is the plan's sale (a month before
 * the monthly charge) and whose acquirer pays days after `dueDate` is explained by none of them. The
 * due-anchored models (`due1`–`due3`, card-days.ts) are read for the deposits naming an acquirer that today's
 * models leave without a whole explanation with recorded fees (every other deposit is evidence as it is).
 * Evidence: the deposits naming the acquirer that a reading closes whole (no sale left out) at the deposit's
 * best level, counted per anchor — due (a due-anchored model), charge (a charge-anchored one), neutral
 * (`forecast` and `c30` only: both anchors read them alike). The due anchor wins the acquirer when it closes
 * at least DUE_MIN_EVIDENCE deposits and DUE_MARGIN more than each of the other two; then every deposit the
 * acquirer may have made (naming it, or naming no acquirer) is also read under it, its charge-anchored
 * readings are dropped, and the usual vote picks the lag per product among `forecast`, `c30` and `due1`–`due3`.
 * Otherwise nothing changes: the deposits keep today's readings only, so one that only a due-anchored reading
 * explains is not proposed (let alone green). Cost: the due readings of the deposits without a whole
 * explanation, and of every deposit of an acquirer only once the evidence chose the due anchor for it.
 */
function dueAnchor(
  work: LineWork[],
  idx: Map<string, { p: PRec; model: CardModel }[]>,
  a: Assignment,
  fees: Fees,
): Set<string> {
  const chosen = new Set<string>();
  const probe = work.filter(
    (w) => w.l.card!.acquirer !== '' && !w.fits.some((f) => f.exact && f.removed === 0),
  );
  if (probe.length === 0) return chosen;
  const due = new DueDays(idx);
  type Got = ReturnType<typeof lineFits>;
  const extra = new Map<LineWork, Got>();
  for (const w of probe) extra.set(w, lineFits(w.l, w.l.day, idx, [w.l.card!.acquirer], a, fees, 'due', due));
  // Only an acquirer with enough deposits a due reading closes whole at all can be won by it: count the rest
  // of its evidence only then (a branch whose acquirers pay as today's models say stops here).
  const closing = new Map<string, number>();
  for (const [w, got] of extra)
    if (got.fits.some((f) => f.removed === 0)) {
      const acquirer = w.l.card!.acquirer;
      closing.set(acquirer, (closing.get(acquirer) ?? 0) + 1);
    }
  if (![...closing.values()].some((n) => n >= DUE_MIN_EVIDENCE)) return chosen;
  const evidence = new Map<string, Record<Anchor, number>>();
  for (const w of work) {
    const acquirer = w.l.card!.acquirer;
    if (acquirer === '' || (closing.get(acquirer) ?? 0) < DUE_MIN_EVIDENCE) continue;
    const more = extra.get(w)?.fits;
    const closed = new Set<Anchor>();
    for (const f of votersOf(more?.length ? [...w.fits, ...more] : w.fits))
      if (f.removed === 0 && f.acquirer === acquirer) closed.add(anchorOf(f));
    if (closed.size === 0) continue;
    const e = evidence.get(acquirer) ?? { due: 0, charge: 0, neutral: 0 };
    for (const k of closed) e[k]++;
    evidence.set(acquirer, e);
  }
  for (const [acquirer, e] of evidence)
    if (e.due >= DUE_MIN_EVIDENCE && e.due >= Math.max(e.charge, e.neutral) + DUE_MARGIN)
      chosen.add(acquirer);
  if (chosen.size === 0) return chosen;
  const acquirers = [...chosen].sort();
  for (const w of work) {
    const named = w.l.card!.acquirer;
    if (named !== '' && !chosen.has(named)) continue;
    const more = extra.get(w) ?? lineFits(w.l, w.l.day, idx, acquirers, a, fees, 'due', due);
    // The chosen acquirers' deposits follow the due anchor: their charge-anchored readings go.
    const kept = w.fits.filter(
      (f) => !chosen.has(f.acquirer) || !Object.values(f.combo).some((m) => CHARGE_ANCHORED.has(m)),
    );
    const add = more.fits.filter(
      (f) => chosen.has(f.acquirer) && !Object.values(f.combo).some((m) => CHARGE_ANCHORED.has(m)),
    );
    w.fits = [...kept, ...add];
    // What a deposit left unexplained says comes from its due reading first (the anchor its acquirer follows).
    w.reasons = [...more.reasons, ...w.reasons];
    w.candidates = Math.max(w.candidates, more.candidates);
  }
  return chosen;
}

/** Pass 2: acquirers' deposits against the card sales expected that day. */
export function cardEntries(
  prep: Prepared,
  a: Assignment,
  s: MatchSettings,
  learned: readonly MatchCardFee[] = [],
): PassEntry[] {
  const idx = dayIndex(prep);
  const fees = new Fees(s, learned);
  // The acquirers with a sale expected on each day (for texts naming none), from the index's keys.
  const byDay = new Map<number, Set<string>>();
  for (const k of idx.keys()) {
    const cut = k.lastIndexOf('|');
    const day = Number(k.slice(cut + 1));
    const set = byDay.get(day) ?? new Set<string>();
    set.add(k.slice(0, cut));
    byDay.set(day, set);
  }
  const acquirersOn = (day: number) => [...(byDay.get(day) ?? [])].sort();
  const work: LineWork[] = [];
  for (const l of prep.lines) {
    if (!l.card || a.done[l.i]) continue;
    const acquirers = l.card.acquirer ? [l.card.acquirer] : acquirersOn(l.day);
    let got = lineFits(l, l.day, idx, acquirers, a, fees, 'today');
    // The day before is only a fallback for a deposit with nothing expected on its own day (an acquirer
    // paying late); otherwise an unexplained deposit would borrow the previous day's sales.
    if (got.candidates === 0) {
      const prev = previousBusinessDay(l.day);
      got = lineFits(l, prev, idx, l.card.acquirer ? acquirers : acquirersOn(prev), a, fees, 'previous');
    }
    work.push({ l, fits: got.fits, reasons: got.reasons, candidates: got.candidates });
  }
  dueAnchor(work, idx, a, fees);

  // The statement's own convention: per acquirer and product, the models that explain most of its deposits.
  const votes = new Map<string, Map<CardModel, number>>();
  for (const w of work) {
    const voters = votersOf(w.fits);
    const voted = new Set<string>();
    for (const f of voters) {
      for (const [prod, m] of Object.entries(f.models)) {
        const k = `${f.acquirer}|${prod}`;
        if (voted.has(`${k}|${m}`)) continue;
        voted.add(`${k}|${m}`);
        const v = votes.get(k) ?? new Map<CardModel, number>();
        v.set(m, (v.get(m) ?? 0) + 1);
        votes.set(k, v);
      }
    }
  }
  const winners = new Map<string, Set<CardModel>>();
  for (const [k, v] of votes) {
    const top = Math.max(...v.values());
    winners.set(k, new Set([...v].filter(([, n]) => n === top).map(([m]) => m)));
  }
  // Likewise the acquirer's grouping (per brand, per product, per day), from the lines whose text leaves it open.
  const scopeVotes = new Map<string, Map<Scope, number>>();
  for (const w of work) {
    if (w.l.card!.flag) continue;
    const voted = new Set<string>();
    for (const f of votersOf(w.fits)) {
      if (voted.has(`${f.acquirer}|${f.scope}`)) continue;
      voted.add(`${f.acquirer}|${f.scope}`);
      const v = scopeVotes.get(f.acquirer) ?? new Map<Scope, number>();
      v.set(f.scope, (v.get(f.scope) ?? 0) + 1);
      scopeVotes.set(f.acquirer, v);
    }
  }
  const scopeWinners = new Map<string, Set<Scope>>();
  for (const [k, v] of scopeVotes) {
    const top = Math.max(...v.values());
    scopeWinners.set(k, new Set([...v].filter(([, n]) => n === top).map(([m]) => m)));
  }
  // Anticipation (a1/a2: sales paid a day or two after the charge, weeks before they fall due) is a branch's
  // contract with its acquirer, not something a text naming no acquirer can show: a credit like that is read as
  // anticipated only when a deposit naming that acquirer was (with sales due a month ahead in the cache, a set
  // of them fits almost any "CRED CARTAO" within the 0–9 % band); or when its own words say so ("ANTECIPACAO").
  const anticipatedByName = new Set<string>();
  for (const w of work) {
    if (w.l.card!.acquirer === '') continue;
    for (const f of votersOf(w.fits))
      for (const [prod, m] of Object.entries(f.models))
        if (ANTICIPATION.has(m)) anticipatedByName.add(`${f.acquirer}|${prod}`);
  }
  const follows = (f: Fit, l: PLine) =>
    Object.entries(f.combo).every(([prod, m]) => winners.get(`${f.acquirer}|${prod}`)?.has(m) ?? true) &&
    (l.card!.flag !== '' || (scopeWinners.get(f.acquirer)?.has(f.scope) ?? true)) &&
    (l.card!.acquirer !== '' ||
      SAYS_ANTICIPATION.test(l.folded) ||
      Object.entries(f.combo).every(
        ([prod, m]) => !ANTICIPATION.has(m) || anticipatedByName.has(`${f.acquirer}|${prod}`),
      ));

  // A deposit only a model the rest of the statement does not follow explains is a coincidence: not proposed.
  const usualOf = new Map(work.map((w) => [w, w.fits.filter((f) => follows(f, w.l))]));
  const eliminated = eliminate(work, usualOf);
  const entries: PassEntry[] = [];
  for (const w of work) {
    const usual = usualOf.get(w)!;
    const by = eliminated.get(w);
    const chosen = by ? { fit: by.fit } : decide(usual);
    if (chosen !== null && 'fit' in chosen && chosen.fit.keep.length === 0) {
      // `explained`: these received sales are the whole deposit, so it is already recorded ([M] 'recorded').
      a.settle(w.l.i, {
        code: 'lump_received',
        params: {
          count: chosen.fit.accounted.length,
          explained: 1,
          names: receivedNames(chosen.fit.accounted.map((e) => e.p)),
        },
      });
      continue;
    }
    if (chosen === null) {
      const received = w.reasons.find((r) => r.code === 'lump_received');
      a.settle(
        w.l.i,
        received ??
          (w.candidates > 0
            ? { code: 'lump_no_fit', params: { candidates: w.candidates } }
            : { code: 'no_candidates' }),
      );
      continue;
    }
    if ('combinations' in chosen) {
      a.settle(w.l.i, { code: 'lump_ambiguous', params: { combinations: chosen.combinations } });
      continue;
    }
    const o = cardOption(w.l, chosen.fit);
    // Within a fee band, the whole set and the set less one sale (a declined charge) may both fit: the band
    // cannot tell them apart, so the proposal is looked at first.
    const best = rank(chosen.fit);
    if (!chosen.fit.exact && usual.some((f) => f.key !== chosen.fit.key && rank(f) <= best + 1))
      o.capped = true;
    // A text naming no acquirer, explained by a fee band alone (no recorded or learned fee): look first.
    if (!w.l.card!.acquirer && !chosen.fit.exact && !chosen.fit.keep.some((e) => e.learned)) o.capped = true;
    if (by) {
      o.capped = true;
      o.reasons.push({ code: 'by_elimination', params: { lineId: by.lineId } });
    }
    entries.push({ l: w.l, options: [o] });
  }
  return entries;
}

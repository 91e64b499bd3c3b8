/**
 * Pass 0 ([K]): the statement's boleto credits explained by the account's CNAB return files. The bank's
 * return file says which boletos were settled and on which day the money was credited, so a credit of that
 * day whose amount is the sum of the day's settlements (gross, or net of the bank's fees) — or the amount of
 * one settlement — is explained by exactly those titles: a set known with certainty, not a guess among
 * subsets of face values (lumps.ts, pass 6). Each title is then tied to its receivable:
 *   1. “seu número” = a receivable id (branches that put it there), or the nosso número the API sends;
 *   2. otherwise the only open boleto receivable with the title's face value and due date (and, when the
 *      layout names the payer, a payer of a similar name).
 * A title paid with a different amount than its receivable (beyond the late charges the settings allow) is
 * flagged with the difference, and the proposal is kept out of green and yellow: never forced. Titles
 * already received (the clerk marked them) or held by another line are left out and counted (received into
 * another account, or held elsewhere, keeps the line out of green); titles no receivable can be found for
 * keep the line out of green too.
 *
 * Runs before every other pass: a settlement record is proof, stronger than a key on the line.
 */
import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../shared/constants';
import { receivedNames } from '../../shared/received-names';
import type { Assignment, PassEntry } from './assign';
import { nameSimilarity } from './name-similarity';
import type { PLine, PRec, Prepared } from './prepare';
import { amountCode, optionOf, PTS, type Option, type Part } from './score';
import { normalizeKey, payerTokens } from './text';
import type { MatchReturnTitle, MatchSettings, Reason } from './types';

/** How one title ended up for its line. */
interface Resolved {
  t: MatchReturnTitle;
  /** The receivable, when one could be found. */
  p: PRec | null;
  /** seu número / nosso número named it; otherwise face value + due date (+ name). */
  byReference: boolean;
}

/** Lines a return file can explain: credits that read as boletos, or that say nothing of their channel. */
const eligible = (l: PLine) => l.channel === 'boleto' || l.channel === 'unknown';

const netOf = (t: MatchReturnTitle) => t.creditedCents ?? t.paidCents - t.feeCents;

function sumOf(ts: readonly MatchReturnTitle[], net: boolean): number {
  let s = 0;
  for (const t of ts) s += net ? netOf(t) : t.paidCents;
  return s;
}

/** Receivables by id and by normalized boleto number, among those prepared. */
function lookups(prep: Prepared) {
  const byId = new Map<number, PRec>();
  const byBoleto = new Map<string, PRec>();
  const byFaceDue = new Map<string, PRec[]>();
  for (const p of prep.recs) {
    byId.set(p.r.id, p);
    for (const k of normalizeKey(p.r.boletoNumber ?? null)) byBoleto.set(k, p);
    if (p.r.paymentTypeId === PAYMENT_TYPE.boleto || p.r.paymentTypeId === null) {
      const key = `${p.r.amountCents}|${p.r.dueDate?.slice(0, 10) ?? ''}`;
      byFaceDue.set(key, [...(byFaceDue.get(key) ?? []), p]);
    }
  }
  return { byId, byBoleto, byFaceDue };
}

type Lookups = ReturnType<typeof lookups>;

function resolve(t: MatchReturnTitle, look: Lookups, s: MatchSettings, used: Set<PRec>): Resolved {
  const seu = t.seuNumero?.trim() ?? '';
  if (/^\d{1,12}$/.test(seu)) {
    const p = look.byId.get(Number(seu));
    // A reference whose face value disagrees with the title's is still the receivable the gym named; the
    // difference shows. One that is no boleto-sized receivable at all (a reused number) is not trusted.
    if (p && !used.has(p) && Math.abs(p.r.amountCents - t.faceCents) <= Math.max(t.faceCents, 1))
      return { t, p, byReference: true };
  }
  for (const k of normalizeKey(t.nossoNumero)) {
    const p = look.byBoleto.get(k);
    if (p && !used.has(p)) return { t, p, byReference: true };
  }
  if (!t.dueDate) return { t, p: null, byReference: false };
  let pool = (look.byFaceDue.get(`${t.faceCents}|${t.dueDate}`) ?? []).filter(
    (p) => !used.has(p) && (p.open || p.r.statusId === ACCOUNT_STATUS.received),
  );
  if (t.payerName && pool.length > 0) {
    const tokens = payerTokens(t.payerName);
    pool = pool.filter((p) => nameSimilarity(tokens, p.tokens).similarity * 100 >= s.minNamePercent);
  }
  return { t, p: pool.length === 1 ? pool[0]! : null, byReference: false };
}

/**
 * The day's titles dealt to the day's lines: a line equal to the whole day (gross or net of fees), then
 * lines equal to one title (the payer's name decides between titles of one amount), then a line equal to
 * what is left.
 */
function dealDay(
  lines: PLine[],
  titles: MatchReturnTitle[],
): Map<PLine, { ts: MatchReturnTitle[]; net: boolean }> {
  const out = new Map<PLine, { ts: MatchReturnTitle[]; net: boolean }>();
  let left = titles;
  const wholeDay = () => {
    if (left.length < 2) return;
    for (const l of lines) {
      if (out.has(l)) continue;
      const net = l.amount === sumOf(left, true) && l.amount !== sumOf(left, false);
      if (l.amount === sumOf(left, false) || net) {
        out.set(l, { ts: left, net });
        left = [];
        return;
      }
    }
  };
  wholeDay();
  for (const l of lines) {
    if (out.has(l) || left.length === 0) continue;
    const fits = left.filter((t) => t.paidCents === l.amount || netOf(t) === l.amount);
    if (fits.length === 0) continue;
    let best = fits[0]!;
    if (fits.length > 1 && l.tokens.length > 0) {
      let top = -1;
      for (const t of fits) {
        const sim = t.payerName ? nameSimilarity(l.tokens, payerTokens(t.payerName)).similarity : 0;
        if (sim > top) {
          top = sim;
          best = t;
        }
      }
    }
    out.set(l, { ts: [best], net: best.paidCents !== l.amount });
    left = left.filter((t) => t !== best);
  }
  wholeDay();
  return out;
}

/** `titleId:receivableId` pairs (0: none), for the match lines to show the credit's titles. */
const titleRefs = (rs: Resolved[]) => rs.map((r) => `${r.t.id}:${r.p?.r.id ?? 0}`).join(',');

function optionFor(
  l: PLine,
  rs: Resolved[],
  net: boolean,
  a: Assignment,
  s: MatchSettings,
): { option: Option } | { settle: Reason[] } {
  const { open, accounted, accountedOf, doubtful, unresolved } = a.triage(rs);
  const first = rs[0]!.t;
  const evidence: Reason = {
    code: 'return_file',
    params: {
      count: rs.length,
      date: first.creditDate,
      bankCode: first.bankCode,
      layout: first.layout,
      net: net ? 1 : 0,
      feeCents: rs.reduce((n, r) => n + r.t.feeCents, 0),
      titles: titleRefs(rs),
    },
  };
  if (open.length === 0) {
    const only = rs.length === 1 ? rs[0]!.p : null;
    if (only && only.r.statusId === ACCOUNT_STATUS.received)
      return {
        settle: [
          evidence,
          {
            code: 'already_received',
            params: {
              receivableId: only.r.id,
              date: only.r.receivingDate ?? '',
              name: only.r.payerName ?? '',
            },
          },
        ],
      };
    // Already in the EVO: the titles stay named (Conciliar lists them under the line, as for a proposal).
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
          : [{ code: 'return_title_unresolved', params: { count: unresolved, of: rs.length } }],
    };
  }
  const differences: Reason[] = [];
  let charges = 0;
  for (const r of open) {
    const diff = r.t.paidCents - r.p!.r.amountCents;
    if (diff === 0) continue;
    if (diff > 0 && amountCode(r.t.paidCents, l.day, r.p!, s) === 2) {
      charges += diff;
      continue;
    }
    differences.push({
      code: 'return_title_difference',
      params: { nossoNumero: r.t.nossoNumero, receivableId: r.p!.r.id, diffCents: diff },
    });
  }
  const named = open.every((r) => r.byReference || r.t.payerName);
  const amount: Part =
    differences.length > 0
      ? { pts: 0, reason: null }
      : charges > 0
        ? {
            pts: PTS.amountCharges + 7,
            reason: { code: 'amount_with_charges', params: { extraCents: charges } },
          }
        : { pts: PTS.amountEqual, reason: null };
  const parts: (Part | null)[] = [
    { pts: named ? PTS.identity : PTS.identity - 5, reason: evidence },
    amount,
    { pts: PTS.date, reason: null },
    { pts: PTS.typeConsistent, reason: null },
    ...differences.map((reason) => ({ pts: 0, reason })),
  ];
  if (accounted > 0)
    parts.push({
      pts: 0,
      reason: { code: 'lump_received', params: { count: accounted, names: receivedNames(accountedOf) } },
    });
  if (unresolved > 0)
    parts.push({
      pts: 0,
      reason: { code: 'return_title_unresolved', params: { count: unresolved, of: rs.length } },
    });
  const recs = open.map((r) => r.p!);
  const o = optionOf(recs, parts);
  // Over- or under-paid: shown with the difference, never approved in bulk (red, like pass 4's differences).
  if (differences.length > 0) o.score = Math.min(o.score, s.thresholds.yellow - 1);
  // The titles already received into this account (the clerk marked them) leave the rest certain.
  if (unresolved > 0 || doubtful) o.capped = true;
  o.items = open.map((r) => ({ receivableId: r.p!.r.id, amountCents: net ? netOf(r.t) : r.t.paidCents }));
  return { option: o };
}

export function returnFileEntries(
  prep: Prepared,
  a: Assignment,
  s: MatchSettings,
  titles: readonly MatchReturnTitle[],
): PassEntry[] {
  if (titles.length === 0) return [];
  const byDay = new Map<string, MatchReturnTitle[]>();
  for (const t of titles) byDay.set(t.creditDate, [...(byDay.get(t.creditDate) ?? []), t]);
  const linesByDay = new Map<string, PLine[]>();
  for (const l of prep.lines) {
    if (!eligible(l) || a.done[l.i] || !byDay.has(l.line.date)) continue;
    linesByDay.set(l.line.date, [...(linesByDay.get(l.line.date) ?? []), l]);
  }
  const look = lookups(prep);
  const used = new Set<PRec>();
  const entries: PassEntry[] = [];
  for (const [day, lines] of linesByDay) {
    // Lumps (the bank's own words for an aggregated credit) first, then larger amounts.
    lines.sort(
      (x, y) => Number(y.boletoLump !== null) - Number(x.boletoLump !== null) || y.amount - x.amount,
    );
    for (const [l, { ts, net }] of dealDay(lines, byDay.get(day)!)) {
      const rs = ts.map((t) => resolve(t, look, s, used));
      for (const r of rs) if (r.p) used.add(r.p);
      const r = optionFor(l, rs, net, a, s);
      if ('settle' in r) a.settle(l.i, ...r.settle);
      else entries.push({ l, options: [r.option] });
    }
  }
  return entries;
}

/** The `titles` param of a `return_file` reason → title ids with the receivable each was tied to (0: none). */
export function parseTitleRefs(param: unknown): { titleId: number; receivableId: number | null }[] {
  if (typeof param !== 'string' || param === '') return [];
  return param.split(',').flatMap((pair) => {
    const [t, r] = pair.split(':').map(Number);
    return t && Number.isInteger(t) ? [{ titleId: t, receivableId: r ? r : null }] : [];
  });
}

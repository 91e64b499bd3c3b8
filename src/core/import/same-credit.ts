import { foldWords } from '../../shared/text';
import type { Tx } from '../store/store';
import { importRepo } from './import.repo';
import { sameCreditRepo, type OtherLine } from './same-credit.repo';

/**
 * The same money seen from two sources: a line read from a bank's API (a bank feed, statements of format `pix`) and
 * the same movement in a statement file of the same account (OFX, CSV…). Their fingerprints differ (the API's id is
 * the Pix endToEndId, the file's is its FITID or none), so without this rule the credit would be stored twice.
 * The one rule, used both ways: by the import (a file line that a feed already read) and by the feeds (a fetched
 * line that a file already brought). docs/feeds.md, "One line from two sources".
 *
 * A line is the other source's line when
 * 1. the file line's text carries the fetched line's endToEndId (some banks print it in the memo), or
 * 2. there is exactly one line of the other source on the same account, day, kind and amount that no line has
 *    claimed yet, and whose payer does not contradict this one (names share a word, the visible digits of a masked
 *    CPF/CNPJ are the document's).
 * With two or more candidates Quita cannot tell which is which: both lines are kept (never drop money) and the
 * caller says so. A line recognised is not stored: its fingerprint is recorded as an alias of the other line
 * (`line_aliases`), so importing the same file again knows it too.
 */
export type Source = 'feed' | 'file';

export interface SameCreditLine {
  kind: 'credit' | 'debit' | 'balance';
  date: string;
  amountCents: number;
  fitid: string | null;
  description: string;
  payerText: string | null;
  payerDocument?: string | null | undefined;
  document?: string | null;
  rawJson: string;
  fingerprint: string;
}

export type SameCreditVerdict =
  | { kind: 'known'; lineId: number | null }
  | { kind: 'alias'; lineId: number; basis: 'end_to_end_id' | 'single_candidate' }
  | { kind: 'new'; ambiguous: boolean };

/** A Pix end-to-end id (E or D, the payer's ISPB, yyyyMMddHHmm, 11 characters): 32 characters. */
const E2E = /\b[ED]\d{8}\d{12}[A-Za-z0-9]{11}\b/g;

const PARTICLES = new Set(['de', 'da', 'das', 'do', 'dos', 'e']);
const words = (s: string | null) =>
  s
    ? foldWords(s)
        .split(/\s+/)
        .filter((w) => w.length >= 3 && !PARTICLES.has(w))
    : [];

/** Whether two payers may be the same person: unknown on either side never contradicts. */
export function payersAgree(
  a: { payerText: string | null; payerDocument?: string | null | undefined },
  b: { payerText: string | null; payerDocument?: string | null | undefined },
): boolean {
  const da = (a.payerDocument ?? '').replace(/\D/g, '');
  const db = (b.payerDocument ?? '').replace(/\D/g, '');
  if (da && db) {
    // A masked document (•••.456.789-••) shows some digits: they must be the full one's, in order.
    const [full, part] = da.length >= db.length ? [da, db] : [db, da];
    if (!full.includes(part)) return false;
  }
  const wa = words(a.payerText);
  const wb = words(b.payerText);
  if (!wa.length || !wb.length) return true;
  return wa.some((w) => wb.includes(w));
}

/**
 * The rule over one batch of lines about to be stored (an import's, a feed run's), read from the database once:
 * which of their fingerprints are stored or aliased already, the other source's lines of their days and (a file)
 * the fed lines of the endToEndIds they name. `judge` then answers in memory, line by line in the batch's order,
 * exactly as one query per line did: a line judged new counts as stored for the lines after it (the caller
 * stores every line judged new), an alias recorded takes its line out of the later candidates. `flush` writes the
 * aliases recognised, in the caller's transaction.
 */
export async function sameCreditFinder(
  tx: Tx,
  bankAccountId: number,
  source: Source,
  lines: readonly SameCreditLine[],
  now: () => string,
  stored?: ReadonlyMap<string, number>,
) {
  const existing =
    stored ??
    (await importRepo.storedLines(
      tx,
      bankAccountId,
      lines.map((l) => l.fingerprint),
    ));
  /** Lines judged new in this batch: the caller stores them, so a later line with one's fingerprint is known. */
  const judgedNew = new Set<string>();
  const unstored = lines.filter((l) => !existing.has(l.fingerprint)).map((l) => l.fingerprint);
  const aliases = unstored.length
    ? await sameCreditRepo.aliases(tx, bankAccountId, unstored)
    : new Map<string, number>();
  // Only a line neither stored nor aliased is compared with the other source (fingerprints are unique per batch).
  const pending = lines.filter(
    (l) => l.kind !== 'balance' && !existing.has(l.fingerprint) && !aliases.has(l.fingerprint),
  );
  const dates = [...new Set(pending.map((l) => l.date))];
  const others = dates.length ? await sameCreditRepo.otherLines(tx, bankAccountId, source, dates) : [];
  const byDay = new Map<string, OtherLine[]>();
  for (const o of others) {
    const key = `${o.date}|${o.amount_cents}`;
    const day = byDay.get(key);
    if (day) day.push(o);
    else byDay.set(key, [o]);
  }
  const aliased = new Set(others.filter((o) => o.aliased).map((o) => o.id));
  const textOf = (l: SameCreditLine) =>
    `${l.description} ${l.fitid ?? ''} ${l.document ?? ''} ${l.payerText ?? ''} ${l.rawJson}`;
  let fed = new Map<string, number>();
  if (source === 'file') {
    const ids = new Set<string>();
    for (const l of pending) for (const id of textOf(l).match(E2E) ?? []) ids.add(id);
    if (ids.size) fed = await sameCreditRepo.fedByFitid(tx, bankAccountId, [...ids]);
  }
  const recorded: {
    fingerprint: string;
    lineId: number;
    basis: 'end_to_end_id' | 'single_candidate';
    at: string;
  }[] = [];
  const record = (fingerprint: string, lineId: number, basis: 'end_to_end_id' | 'single_candidate') => {
    recorded.push({ fingerprint, lineId, basis, at: now() });
    aliases.set(fingerprint, lineId);
    aliased.add(lineId);
  };
  const fresh = (line: SameCreditLine, ambiguous: boolean): SameCreditVerdict => {
    judgedNew.add(line.fingerprint);
    return { kind: 'new', ambiguous };
  };
  return {
    /**
     * What to do with a line about to be stored; records the alias when it is the other source's line. A line
     * judged new must be stored by the caller (it is known to the lines judged after it).
     */
    judge(line: SameCreditLine): SameCreditVerdict {
      const stored = existing.get(line.fingerprint);
      if (stored !== undefined) return { kind: 'known', lineId: stored };
      if (judgedNew.has(line.fingerprint)) return { kind: 'known', lineId: null };
      const alias = aliases.get(line.fingerprint);
      if (alias !== undefined) return { kind: 'known', lineId: alias };
      if (line.kind === 'balance') return fresh(line, false);
      const sameDay = byDay.get(`${line.date}|${line.amountCents}`) ?? [];
      let hit: number | undefined;
      if (source === 'file' && fed.size) {
        for (const id of textOf(line).match(E2E) ?? []) {
          hit = fed.get(id);
          if (hit !== undefined) break;
        }
      } else if (line.fitid) {
        const fitid = line.fitid;
        hit = sameDay.find((o) =>
          `${o.description} ${o.fitid ?? ''} ${o.document ?? ''} ${o.raw_json}`.includes(fitid),
        )?.id;
      }
      if (hit !== undefined) {
        record(line.fingerprint, hit, 'end_to_end_id');
        return { kind: 'alias', lineId: hit, basis: 'end_to_end_id' };
      }
      const rows = sameDay.filter(
        (c) =>
          c.kind === line.kind &&
          !aliased.has(c.id) &&
          payersAgree(line, { payerText: c.payer_text, payerDocument: c.payer_document }),
      );
      if (rows.length === 1) {
        record(line.fingerprint, rows[0]!.id, 'single_candidate');
        return { kind: 'alias', lineId: rows[0]!.id, basis: 'single_candidate' };
      }
      return fresh(line, rows.length > 1);
    },
    /** Write the aliases recognised so far (in the caller's transaction). */
    async flush(): Promise<void> {
      await sameCreditRepo.record(tx, bankAccountId, recorded.splice(0));
    },
  };
}

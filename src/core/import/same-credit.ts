import type { Db } from '../db/open-db';
import { foldWords } from '../../shared/text';
import { sameCreditRepo } from './same-credit.repo';

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

export function sameCreditFinder(db: Db, bankAccountId: number, source: Source, now: () => string) {
  const repo = sameCreditRepo(db, bankAccountId, source);
  return {
    /** What to do with a line about to be stored; records the alias when it is the other source's line. */
    judge(line: SameCreditLine): SameCreditVerdict {
      const stored = repo.existing(line.fingerprint);
      if (stored !== undefined) return { kind: 'known', lineId: stored };
      const aliased = repo.alias(line.fingerprint);
      if (aliased !== undefined) return { kind: 'known', lineId: aliased };
      if (line.kind === 'balance') return { kind: 'new', ambiguous: false };
      let hit: number | undefined;
      if (source === 'file') {
        const text = `${line.description} ${line.fitid ?? ''} ${line.document ?? ''} ${line.payerText ?? ''} ${line.rawJson}`;
        for (const id of text.match(E2E) ?? []) {
          hit = repo.byFitid(id);
          if (hit !== undefined) break;
        }
      } else if (line.fitid) {
        hit = repo.naming(line.date, line.amountCents, line.fitid);
      }
      if (hit !== undefined) {
        repo.record(line.fingerprint, hit, 'end_to_end_id', now());
        return { kind: 'alias', lineId: hit, basis: 'end_to_end_id' };
      }
      const rows = repo
        .candidates(line.kind, line.date, line.amountCents)
        .filter((c) => payersAgree(line, { payerText: c.payer_text, payerDocument: c.payer_document }));
      if (rows.length === 1) {
        repo.record(line.fingerprint, rows[0]!.id, 'single_candidate', now());
        return { kind: 'alias', lineId: rows[0]!.id, basis: 'single_candidate' };
      }
      return { kind: 'new', ambiguous: rows.length > 1 };
    },
  };
}

import { hash } from 'node:crypto';
import type { LineKind } from '../../shared/contract/import';
import { normalizeLabel } from './text';

export interface FingerprintInput {
  kind: LineKind;
  date: string;
  amountCents: number;
  fitid: string | null;
  document: string | null;
  description: string;
}

/**
 * The identity of a statement line across imports. Never the FITID alone (Banco do Brasil repeats FITIDs
 * within one file): the bank's id (FITID, else the document number, else nothing) + date + amount + the
 * occurrence index among lines of this file with that same triple. Two genuinely identical lines (two
 * members paying R$ 99,90 on the same day, no id) get occurrences 0 and 1 and both survive; importing an
 * overlapping period recomputes the same occurrences and matches them again. Balance rows carry no id,
 * so their label stands in for it (SALDO ANTERIOR and SALDO DO DIA may share a date and an amount).
 *
 * The position in the file is deliberately not part of it: the same line sits at another row when the
 * period exported starts on another day. Each line is given its `fingerprint` in place (as its last field);
 * the same array is returned.
 */
/** What assignFingerprints has seen of one id: its first date and amount and their count, and the others. */
interface SeenId {
  date: string;
  amount: number;
  count: number;
  more: Map<string, Map<number, number>> | null;
}

export function assignFingerprints<T extends FingerprintInput>(lines: T[]): (T & { fingerprint: string })[] {
  // Each line gets its fingerprint in place, as its last field: a copy of every line would double what a
  // 100,000-line file keeps in memory, for nothing (the callers pass lines they have just made).
  const out = lines as (T & { fingerprint: string })[];
  // Occurrences are counted per id, then date, then amount: lookups of values the line already holds. The
  // same grouping as the text `v1|id|date|amount|` (a date is always YYYY-MM-DD and an amount an integer, so the
  // text and the three parts say the same), without making and hashing that text as a map key per line: that
  // cost more than the SHA-256 itself on a 100,000-line file, and the map kept every key to the end. An id's
  // first date and amount are kept beside its count (an OFX's FITIDs are mostly each on one line: no maps of
  // their own); the other dates and amounts of the id (a spreadsheet's lines without an id) in maps.
  const seen = new Map<string, SeenId>();
  // Indexed loops here and in the other per-line code: an iterator can cost an object per step before the
  // code is optimised, which is a good part of a single 100,000-line read.
  for (let i = 0; i < out.length; i++) {
    const line = out[i]!;
    const id =
      line.kind === 'balance'
        ? `saldo:${normalizeLabel(line.description)}`
        : (line.fitid ?? line.document ?? '').trim().toUpperCase();
    const s = seen.get(id);
    let occurrence = 0;
    if (s === undefined) seen.set(id, { date: line.date, amount: line.amountCents, count: 1, more: null });
    else if (s.date === line.date && s.amount === line.amountCents) occurrence = s.count++;
    else {
      const more = (s.more ??= new Map<string, Map<number, number>>());
      let byAmount = more.get(line.date);
      if (byAmount === undefined) more.set(line.date, (byAmount = new Map<number, number>()));
      occurrence = byAmount.get(line.amountCents) ?? 0;
      byAmount.set(line.amountCents, occurrence + 1);
    }
    // The text hashed is `v1|id|date|amount|occurrence`. One-shot hashing (crypto.hash): the same SHA-256 as a
    // Hash object, without making one per line.
    line.fingerprint = hash('sha256', `v1|${id}|${line.date}|${line.amountCents}|${occurrence}`, 'hex');
  }
  return out;
}

import { createHash } from 'node:crypto';
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
 * period exported starts on another day.
 */
export function assignFingerprints<T extends FingerprintInput>(lines: T[]): (T & { fingerprint: string })[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const id =
      line.kind === 'balance'
        ? `saldo:${normalizeLabel(line.description)}`
        : (line.fitid ?? line.document ?? '').trim().toUpperCase();
    const key = `${id}|${line.date}|${line.amountCents}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const fingerprint = createHash('sha256').update(`v1|${key}|${occurrence}`).digest('hex');
    return { ...line, fingerprint };
  });
}

/**
 * A summary record and the records it sums must agree: a Rede sales summary (RV: EEVC 006/010, EEVD 01) states
 * how many sales it holds and their gross, discount (fee) and net amounts. A sale lost, repeated, or whose amount a damaged
 * character changed shows as a disagreement, and the file is refused naming the summary's line. A count or an
 * amount left at zero or blank is “not filled in” and not compared.
 */
import { acquirerErrors } from './acquirer-errors';
import { FieldError } from './fields';

export interface Summary {
  line: number;
  count: number | null;
  grossCents: number | null;
  feeCents: number | null;
  netCents: number | null;
}

export interface Summed {
  count: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/** An amount as the clerk reads it in a refusal: “R$ 123,45”. */
export const money = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

/** Adds one record to its summary's sums (by the summary's key). */
export function addTo(
  sums: Map<string, Summed>,
  key: string,
  row: { grossCents: number; feeCents: number; netCents: number },
): void {
  const s = sums.get(key) ?? { count: 0, grossCents: 0, feeCents: 0, netCents: 0 };
  s.count++;
  s.grossCents += row.grossCents;
  s.feeCents += row.feeCents;
  s.netCents += row.netCents;
  sums.set(key, s);
}

/** A summary key seen twice: a repeated summary record (its sales would be counted in both). */
export function addSummary(summaries: Map<string, Summary>, key: string, s: Summary): void {
  if (summaries.has(key))
    throw new FieldError(`a second sales summary ${key} (the first is on line ${summaries.get(key)!.line})`);
  summaries.set(key, s);
}

/**
 * Each summary against the sums of its records (a summary with no record listed in the file is not compared:
 * the file gives the summary alone).
 */
export function checkSummaries(
  acquirer: string,
  layout: string,
  summaries: Map<string, Summary>,
  sums: Map<string, Summed>,
): void {
  for (const [key, s] of summaries) {
    const got = sums.get(key);
    if (!got) continue;
    const refuse = (declared: string, found: string) => {
      throw acquirerErrors.summaryTotal(acquirer, layout, s.line, declared, found);
    };
    if (s.count && s.count !== got.count) refuse(String(s.count), String(got.count));
    if (s.grossCents && s.grossCents !== got.grossCents) refuse(money(s.grossCents), money(got.grossCents));
    if (s.feeCents && s.feeCents !== got.feeCents) refuse(money(s.feeCents), money(got.feeCents));
    if (s.netCents && s.netCents !== got.netCents) refuse(money(s.netCents), money(got.netCents));
  }
}

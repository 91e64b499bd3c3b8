import type { DELIMITERS } from '../../../shared/contract/import';

export type Delimiter = (typeof DELIMITERS)[number];
const CANDIDATES: Delimiter[] = [';', '\t', ',', '|'];

function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}

/**
 * The separator that splits the most lines into the same number of fields. Preamble lines (“Extrato de
 * Conta Corrente”) disagree and are outvoted; commas inside Brazilian amounts (1.234,56) vary per line, so
 * they lose to a `;` that is constant. Ties go to the order of CANDIDATES.
 */
export function detectDelimiter(text: string): { delimiter: Delimiter; confidence: number } {
  const lines = text
    .slice(0, 200_000)
    .split(/\r?\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, 80);
  let best: { delimiter: Delimiter; score: number; agree: number } = { delimiter: ';', score: 0, agree: 0 };
  for (const d of CANDIDATES) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 0;
    let agree = 0;
    for (const [c, n] of freq) if (n > agree || (n === agree && c > mode)) [mode, agree] = [c, n];
    const score = agree + Math.min(mode, 10) / 20;
    if (score > best.score) best = { delimiter: d, score, agree };
  }
  const confidence =
    lines.length === 0 || best.agree === 0 ? 0 : Math.min(1, best.agree / Math.max(3, lines.length * 0.6));
  return { delimiter: best.delimiter, confidence };
}

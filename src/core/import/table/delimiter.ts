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

/** A line that is one quoted field from end to end (quotes inside doubled), with a separator inside. */
const WRAPPED = /^"((?:[^"]|"")*)"[ \t]*$/;
const LINE_BREAK = /(\r\n|\n|\r)/;
const INT_PART = /^[-+]?(\d{1,3}(\.\d{3})+|\d+)$/;

function mostFrequent(counts: number[]): number | null {
  const freq = new Map<number, number>();
  for (const c of counts) freq.set(c, (freq.get(c) ?? 0) + 1);
  let best: number | null = null;
  for (const [c, n] of freq)
    if (best === null || n > freq.get(best)! || (n === freq.get(best) && c > best)) best = c;
  return best;
}

/**
 * A CSV re-saved by a spreadsheet that had read each line as one cell: every row comes back as one quoted
 * field (`"01/11/2026,PIX RECEBIDO,,60101,150,00"`, Banco do Brasil opened in Excel and saved again). The
 * rows are unwrapped: a row whose inner quotes were doubled is a CSV line again once they are undoubled;
 * otherwise its fields are re-quoted, and where comma decimals were left bare (`150,00` read as two fields)
 * the two halves are joined again, from the right, until the row has as many fields as the rows without
 * decimals (the title row). Returns null when the text is not like that (most lines are not wrapped), so
 * other files are untouched. Line breaks are kept, so positions do not move.
 */
export function unwrapQuotedRows(text: string): string | null {
  const head = text
    .slice(0, 200_000)
    .split(LINE_BREAK)
    .filter((l, i) => i % 2 === 0 && l.trim() !== '');
  const sample = head.slice(0, 80);
  const wrappedInner = sample
    .map((l) => WRAPPED.exec(l.trim())?.[1])
    .filter((inner): inner is string => inner !== undefined && CANDIDATES.some((d) => inner.includes(d)));
  if (wrappedInner.length < 2 || wrappedInner.length < sample.length * 0.6) return null;
  const inner = wrappedInner.map((t) => t.replace(/""/g, '"'));
  const d = bestDelimiter(inner).delimiter;
  const plain = inner.filter((t) => !t.includes('"'));
  const width = mostFrequent(plain.filter((t) => !/\d,\d{2}(?!\d)/.test(t)).map((t) => t.split(d).length));
  const unwrap = (line: string): string => {
    const m = WRAPPED.exec(line.trim());
    if (!m || !CANDIDATES.some((c) => m[1]!.includes(c))) return line;
    if (m[1]!.includes('""')) return m[1]!.replace(/""/g, '"');
    const fields = m[1]!.split(d);
    if (d === ',' && width !== null) {
      for (let i = fields.length - 2; i >= 0 && fields.length > width; i--) {
        if (INT_PART.test(fields[i]!) && /^\d{2}$/.test(fields[i + 1]!)) {
          fields.splice(i, 2, `${fields[i]},${fields[i + 1]}`);
        }
      }
    }
    return fields.map((f) => (f.includes(d) || f.includes('"') ? `"${f.replace(/"/g, '""')}"` : f)).join(d);
  };
  return text
    .split(LINE_BREAK)
    .map((part, i) => (i % 2 === 0 ? unwrap(part) : part))
    .join('');
}

function bestDelimiter(lines: string[]): { delimiter: Delimiter; score: number; agree: number } {
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
  return best;
}

/**
 * The separator that splits the most lines into the same number of fields. Preamble lines (“Extrato de
 * Conta Corrente”) disagree and are outvoted; commas inside Brazilian amounts (1.234,56) vary per line, so
 * they lose to a `;` that is constant. Ties go to the order of CANDIDATES. Rows wrapped whole in quotes
 * are looked at unwrapped.
 */
export function detectDelimiter(text: string): { delimiter: Delimiter; confidence: number } {
  const head = text.slice(0, 200_000);
  const lines = (unwrapQuotedRows(head) ?? head)
    .split(/\r?\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, 80);
  const best = bestDelimiter(lines);
  const confidence =
    lines.length === 0 || best.agree === 0 ? 0 : Math.min(1, best.agree / Math.max(3, lines.length * 0.6));
  return { delimiter: best.delimiter, confidence };
}

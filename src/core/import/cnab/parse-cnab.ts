import { cnabErrors } from './cnab-errors';
import { splitLines, type RawLine } from './cnab-records';
import { bankLabel } from '../../../shared/banks';
import { layout240 } from './layouts-240';
import { parse240 } from './parse-cnab-240';
import { read400 } from './parse-cnab-400';
import type { CnabOccurrenceCount, CnabReturn, CnabTitle, HeaderInfo } from './types';

/**
 * Recognition (docs/cnab-240.md, “Recognition”): what a file is comes from all its records, not from one
 * position. A bank may write “1” at 143 of its returns (Ailos), leave it blank, drop the trailers or write a
 * 400 header one character long; the batch header, the segment letters and the trailers say what it is.
 */

/**
 * A CNAB 240 file header by its shape: 1–3 bank code (digits), 4–7 batch “0000”, 8 record type “0”, and at
 * most 240 characters once trailing spaces are gone (a 400 header is longer).
 */
function is240Header(text: string): boolean {
  return /^\d{3}00000/.test(text) && text.trimEnd().length <= 240;
}

/**
 * Another record of the same 240 file: the header's bank code, a batch number, then a batch header (1, its
 * operation letter and service), a detail (3, its number in the batch and segment letter) or a trailer (5 or 9,
 * then FEBRABAN's nine blanks).
 */
function is240Record(text: string, bankCode: string): boolean {
  if (!text.startsWith(bankCode)) return false;
  return RECORD_240.test(text);
}

const RECORD_240 = /^\d{7}(1[A-Z ]\d\d|3\d{5}[A-Z]|[59] {9})/;

/** What the records of a 240 file say: 143 of the header, each batch header's operation and service, segments. */
interface Evidence240 {
  headerOp: string;
  batchOps: string[];
  services: string[];
  segments: Set<string>;
}

function evidence240(lines: RawLine[], bankCode: string): Evidence240 {
  const ev: Evidence240 = {
    headerOp: lines[0]!.text.charAt(142),
    batchOps: [],
    services: [],
    segments: new Set(),
  };
  for (const l of lines.slice(1)) {
    const t = l.text;
    if (!is240Record(t, bankCode)) continue;
    if (t.charAt(7) === '1') {
      ev.batchOps.push(t.charAt(8));
      ev.services.push(t.slice(9, 11));
    } else if (t.charAt(7) === '3') ev.segments.add(t.charAt(13));
  }
  return ev;
}

type Kind240 = 'retorno' | 'remessa' | 'statement' | 'other' | null;

/**
 * A payments file whatever its service code says: every batch of operation C or D (lançamento a crédito / a
 * débito, FEBRABAN's operations of payments) and no segment T or U — Inter's Pix payments return writes service
 * 01 with operation C and segments A/B (laravel-boleto `exemplos/arquivos/CI240_*.ret`).
 */
function payments240(ev: Evidence240): boolean {
  if (ev.segments.has('T') || ev.segments.has('U')) return false;
  return ev.batchOps.length > 0 && ev.batchOps.every((op) => op === 'C' || op === 'D');
}

/**
 * A statement (extrato: service 04 or segment E) is never a return; a file whose batches are all of another
 * service (payments, DDA) is not cobrança; otherwise the batch header's operation decides (T retorno, R
 * remessa: FEBRABAN's field for it), then the segments (T/U only come back from the bank, P/Q/R/S only go to
 * it), then the header's 143 (2 retorno, 1 remessa), which some banks fill wrongly (Ailos writes 1 in its
 * returns). Null when nothing says.
 */
function classify240(ev: Evidence240): Kind240 {
  if (ev.services.includes('04') || ev.segments.has('E')) return 'statement';
  if (ev.services.length > 0 && !ev.services.includes('01')) return 'other';
  if (payments240(ev)) return 'other';
  if (ev.batchOps.includes('T')) return 'retorno';
  if (ev.batchOps.includes('R')) return 'remessa';
  if (ev.segments.has('T') || ev.segments.has('U')) return 'retorno';
  if (['P', 'Q', 'R', 'S'].some((s) => ev.segments.has(s))) return 'remessa';
  if (ev.headerOp === '2') return 'retorno';
  if (ev.headerOp === '1') return 'remessa';
  return ev.services.includes('01') ? 'retorno' : null;
}

type Direction = HeaderInfo['direction'];

/** A 400 trailer's word on direction: retorno trailers start “92” (then 01 and the bank), remessa ones are blank. */
function trailer400(last: RawLine | undefined): Direction | null {
  const t = last?.text ?? '';
  if (t.charAt(0) !== '9') return null;
  if (t.charAt(1) === '2') return 'retorno';
  if (t.slice(1, 394).trim() === '') return 'remessa';
  return null;
}

/**
 * CNAB 400 header: 1 “0”, 2 operation “2” (retorno) / “1” (remessa), 3–9 “RETORNO” / “REMESSA”, 77–79 the
 * bank code (digits), at most 401 characters once trailing spaces are gone (a 401st character is left to the
 * record-shape check, which names the line). Either the operation or the literal may be blank; when both are,
 * the header's sequence number (395–400 “000001”) must say it is a CNAB record. When they disagree, the
 * trailer decides, else the literal (a word is not a default digit). `last` is the file's last line, when known.
 */
function header400(text: string, last?: RawLine): HeaderInfo | null {
  if (text.charAt(0) !== '0' || text.trimEnd().length > 401) return null;
  const bankCode = text.slice(76, 79);
  if (!/^\d{3}$/.test(bankCode)) return null;
  const op = text.charAt(1);
  const literal = text.slice(2, 9).toUpperCase();
  const byLiteral: Direction | null | undefined =
    literal === 'RETORNO'
      ? 'retorno'
      : literal === 'REMESSA'
        ? 'remessa'
        : literal.trim() === ''
          ? null
          : undefined;
  const byOp: Direction | null | undefined =
    op === '2' ? 'retorno' : op === '1' ? 'remessa' : op === ' ' ? null : undefined;
  if (byLiteral === undefined || byOp === undefined) return null;
  if (byLiteral === null && byOp === null && text.slice(394, 400) !== '000001') return null;
  let direction: Direction;
  if (byLiteral && byOp && byLiteral !== byOp) direction = trailer400(last) ?? byLiteral;
  else direction = byLiteral ?? byOp ?? trailer400(last) ?? 'retorno';
  return { layout: '400', bankCode, direction };
}

/**
 * True when the bytes start like a CNAB 240 or 400 file — a return, a remessa or a 240 statement, so that each
 * reaches `parseCnabReturn` and is refused by name rather than read as CSV. Reads the first 2 KB only: a 240
 * header needs its next record (same bank, record type 1/3/5/9) or a 143 of 1/2 to count.
 */
export function isCnabFile(bytes: Uint8Array): boolean {
  const cut = bytes.length > 2048;
  const lines = splitLines(bytes.subarray(0, 2048));
  if (cut && lines.length > 1) lines.pop();
  const first = lines[0];
  if (!first) return false;
  if (is240Header(first.text)) {
    const bankCode = first.text.slice(0, 3);
    const second = lines[1];
    // A record of another bank code is still a 240 record (a header relabelled by hand): claimed, so that the
    // reader refuses it by name (parse240 checks every record's bank) instead of the spreadsheet reader.
    if (second) return is240Record(second.text, bankCode) || RECORD_240.test(second.text);
    const op = first.text.charAt(142);
    return op === '1' || op === '2';
  }
  return header400(first.text) !== null;
}

function countOccurrences(titles: CnabTitle[]): CnabOccurrenceCount[] {
  const byCode = new Map<string, CnabOccurrenceCount>();
  for (const t of titles) {
    const seen = byCode.get(t.occurrenceCode);
    if (seen) seen.count++;
    else
      byCode.set(t.occurrenceCode, {
        code: t.occurrenceCode,
        occurrence: t.occurrence,
        kind: t.occurrenceKind,
        isSettlement: t.isSettlement,
        count: 1,
      });
  }
  return [...byCode.values()];
}

/**
 * Reads a CNAB return file (boleto collection): CNAB 240 segments T/U of the banks in `layouts-240.ts` (and,
 * with FEBRABAN's table and a notice, of a bank outside it), or the CNAB 400 of the banks in `layouts-400.ts`.
 * Pure: bytes in, titles out; anything it cannot read entirely throws an `AppError` (`cnab.*`).
 */
export function parseCnabReturn(bytes: Uint8Array): CnabReturn {
  const lines = splitLines(bytes);
  const first = lines[0];
  if (!first) throw cnabErrors.notCnab();
  if (is240Header(first.text)) {
    const bankCode = first.text.slice(0, 3);
    const ev = evidence240(lines, bankCode);
    const kind = classify240(ev);
    if (kind === 'statement') throw cnabErrors.statement(bankCode, bankLabel(bankCode), '240');
    if (kind === 'other') {
      const services = [...new Set(ev.services)].join(', ');
      const segments = [...ev.segments].sort().join(', ');
      throw cnabErrors.unsupportedLayout(
        bankCode,
        '240',
        payments240(ev) && ev.services.includes('01')
          ? `operation “${[...new Set(ev.batchOps)].join(', ')}” in the batch header and segments ${segments || '(none)'}: payments, not a cobrança return (operation T, segments T/U)`
          : `service “${services}” in the batch header, not 01 (cobrança)`,
      );
    }
    if (kind === 'remessa') throw cnabErrors.remessa(bankCode, '240');
    if (kind === null) throw cnabErrors.notCnab();
    const { layout, known } = layout240(bankCode);
    // The record check (lengths, control characters) is parse240's: it knows what real banks do (check240).
    const parsed = parse240(lines, layout, known);
    return {
      bankCode,
      layout: '240',
      variant: layout.variant,
      ...parsed,
      occurrences: countOccurrences(parsed.titles),
    };
  }
  const info = header400(first.text, lines.at(-1));
  if (!info) throw cnabErrors.notCnab();
  if (info.direction === 'remessa') throw cnabErrors.remessa(info.bankCode, '400');
  const parsed = read400(lines, info);
  return { bankCode: info.bankCode, layout: '400', ...parsed, occurrences: countOccurrences(parsed.titles) };
}

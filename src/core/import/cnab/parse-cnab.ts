import { cnabErrors } from './cnab-errors';
import { checkRecords, splitLines, type RawLine } from './cnab-records';
import { FEBRABAN_240_BANKS, parse240, spans240 } from './parse-cnab-240';
import { read400 } from './parse-cnab-400';
import type { CnabOccurrenceCount, CnabReturn, CnabTitle, HeaderInfo } from './types';

/**
 * CNAB 240 file header: 1–3 bank code (digits), 4–7 batch “0000”, 8 record type “0”; 143 “1” remessa or “2”
 * retorno. The line, once trailing spaces are gone, is at most 240 characters (a 400 header is longer).
 */
function header240(text: string): HeaderInfo | null {
  if (!/^\d{3}00000/.test(text) || text.trimEnd().length > 240) return null;
  const op = text.charAt(142);
  if (op !== '1' && op !== '2') return null;
  return { layout: '240', bankCode: text.slice(0, 3), direction: op === '2' ? 'retorno' : 'remessa' };
}

/**
 * CNAB 400 header: 1 “0”, 2 operation “2” (retorno) or “1” (remessa), 3–9 “RETORNO”/“REMESSA” (some banks
 * write “REMESSA-TESTE” or leave 3–9 blank: the operation code decides), 10–11 service “01”, 77–79 bank code.
 */
function header400(text: string): HeaderInfo | null {
  if (text.charAt(0) !== '0' || text.trimEnd().length > 400) return null;
  const op = text.charAt(1);
  const literal = text.slice(2, 9).toUpperCase();
  const bankCode = text.slice(76, 79);
  if (!/^\d{3}$/.test(bankCode)) return null;
  if (op === '2' && (literal === 'RETORNO' || literal.trim() === '')) {
    return { layout: '400', bankCode, direction: 'retorno' };
  }
  if (op === '1' && (literal === 'REMESSA' || literal.trim() === '')) {
    return { layout: '400', bankCode, direction: 'remessa' };
  }
  return null;
}

function readHeader(first: RawLine | undefined): HeaderInfo | null {
  if (!first) return null;
  return header240(first.text) ?? header400(first.text);
}

/**
 * True when the bytes start with a CNAB 240 or 400 header (return or remessa: a remessa must reach
 * `parseCnabReturn` to be refused by name, not fall through to the CSV reader). Reads the first line only.
 */
export function isCnabFile(bytes: Uint8Array): boolean {
  const end = bytes.indexOf(0x0a);
  const head = bytes.subarray(0, end === -1 ? Math.min(bytes.length, 1024) : end + 1);
  return readHeader(splitLines(head)[0]) !== null;
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
 * Reads a CNAB return file (boleto collection): FEBRABAN 240 (segments T/U) of the banks in
 * `FEBRABAN_240_BANKS`, or the CNAB 400 of Itaú, Bradesco, Banco do Brasil (CBR643), Santander, Caixa, Sicoob
 * and Sicredi. Pure: bytes in, titles out; anything it cannot read entirely throws an `AppError` (`cnab.*`).
 */
export function parseCnabReturn(bytes: Uint8Array): CnabReturn {
  const lines = splitLines(bytes);
  const info = readHeader(lines[0]);
  if (!info) throw cnabErrors.notCnab();
  const { layout, bankCode } = info;
  if (info.direction === 'remessa') throw cnabErrors.remessa(bankCode, layout);
  if (layout === '240') {
    if (!FEBRABAN_240_BANKS.has(bankCode)) throw cnabErrors.unsupportedBank(bankCode, '240');
    checkRecords(lines, info, spans240);
    const parsed = parse240(lines, bankCode);
    return {
      bankCode,
      layout,
      variant: 'febraban-240',
      ...parsed,
      notices: [],
      occurrences: countOccurrences(parsed.titles),
    };
  }
  const parsed = read400(lines, info);
  return { bankCode, layout, ...parsed, occurrences: countOccurrences(parsed.titles) };
}

/**
 * Acquirer settlement files, recognised by their content, never by their name: the first record of Cielo's
 * EDI (“0” … “CIELO” at 43–47; its layout version at 71–73 picks the 700- or the 250-position reader), Rede's
 * EEVC (“002” + date + “REDECARD”), EEFI (“030” + date + “REDECARD”), EEVD (“00,” comma-separated, REDE in the
 * fifth field), Getnet's (“0” + DDMMAAAA … “CEADM” at 24–28), Stone's XML whose document element is
 * `Conciliation`, or PagBank's EDI JSON (an object whose `detalhes` rows carry `movimento_api_codigo`). Pure: bytes in, sales and payments out; anything not read entirely throws an `AppError`
 * (`acquirer.*`), so an import is the whole file or nothing.
 */
import { contentEnd, controlName, firstControl, splitLines, type RawLine } from '../cnab/cnab-records';
import { decodeText } from '../encoding';
import { acquirerErrors } from './acquirer-errors';
import { cieloLayoutOf, isCieloHeader, parseCielo } from './parse-cielo';
import { parseCielo250 } from './parse-cielo-250';
import { isGetnetHeader, parseGetnet } from './parse-getnet';
import { isPagBankJson, parsePagBank } from './parse-pagbank';
import { isEevdHeader, parseEefi, parseEevc, parseEevd, redeFixedLayout } from './parse-rede';
import { isStoneXml, parseStone } from './parse-stone';
import { ACQUIRER_NAMES, type AcquirerFile, type AcquirerLayout } from './types';

function firstLine(bytes: Uint8Array): RawLine | undefined {
  const end = bytes.indexOf(0x0a);
  const head = bytes.subarray(0, end === -1 ? Math.min(bytes.length, 4096) : end + 1);
  return splitLines(head)[0];
}

/** The layout the bytes start with, or null when they are not an acquirer's file. Reads the first line. */
export function detectAcquirerFile(bytes: Uint8Array): AcquirerLayout | null {
  const first = firstLine(bytes);
  if (!first) return null;
  if (isCieloHeader(first.text)) return cieloLayoutOf(first.text);
  if (isGetnetHeader(first.text)) return 'getnet-v10';
  const rede = redeFixedLayout(first.text);
  if (rede) return rede;
  if (isEevdHeader(first.text)) return 'rede-eevd';
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  if (isStoneXml(head)) return 'stone-xml-2.2';
  if (isPagBankJson(head)) return 'pagseguro-edi-json';
  return null;
}

/** The acquirer's name of a layout, for refusals. */
const whoOf = (layout: AcquirerLayout): string =>
  layout.startsWith('cielo')
    ? 'Cielo'
    : layout.startsWith('rede')
      ? 'Rede'
      : layout.startsWith('getnet')
        ? 'Getnet'
        : layout.startsWith('pagseguro')
          ? 'PagBank'
          : 'Stone';

/**
 * No record may hold a control byte (NUL, other C0, DEL): a text file damaged in transfer or storage. XML
 * allows tab, LF and CR only (XML 1.0 §2.2), so a Stone file, read from its decoded text (it may be UTF-16), is
 * held to the same rule, tab aside.
 */
function refuseControls(
  layout: AcquirerLayout,
  lines: { line: number; control: RawLine['control'] }[],
): void {
  for (const l of lines) {
    if (!l.control) continue;
    const who = whoOf(layout);
    throw acquirerErrors.controlCharacter(
      who,
      layout,
      l.line,
      l.control.position,
      controlName(l.control.byte),
    );
  }
}

/**
 * A sale is never paid before it is made: a payment date before the sale's day is a damaged date (a character
 * lost or added can still leave a valid date, “04112026” → “04112002”), refused naming the line.
 */
function refusePaidBeforeSold(f: AcquirerFile): AcquirerFile {
  for (const s of f.sales) {
    if (s.kind !== 'sale' || !s.saleDate || !s.paymentDate || s.paymentDate >= s.saleDate) continue;
    const who = ACQUIRER_NAMES[f.acquirer];
    // The line of the payment (whose date it is) when it is in the file, else the sale's.
    const line = f.payments.find((p) => p.ref === s.batchRef)?.line ?? s.line;
    throw acquirerErrors.badLine(
      who,
      f.layout,
      line,
      `the sale of ${s.saleDate} would be paid on ${s.paymentDate}, before it was made`,
    );
  }
  return f;
}

/** Reads an acquirer settlement file whose layout `detectAcquirerFile` recognised. */
export function parseAcquirerFile(bytes: Uint8Array): AcquirerFile {
  return refusePaidBeforeSold(parseLayout(bytes));
}

function parseLayout(bytes: Uint8Array): AcquirerFile {
  const layout = detectAcquirerFile(bytes);
  if (!layout) throw acquirerErrors.unsupported();
  // Fixed-width and comma-separated records: character positions, CRLF/LF/CR, a BOM and an end-of-file mark
  // dropped, UTF-8 lines read as UTF-8 (cnab-records.ts).
  if (layout === 'stone-xml-2.2' || layout === 'pagseguro-edi-json') {
    // XML and JSON allow tab, LF and CR only between their tokens (XML 1.0 §2.2, RFC 8259 §2 and §7).
    const text = decodeText(bytes.subarray(0, contentEnd(bytes))).text;
    const textLines = text
      .split(/\r\n|\n|\r/)
      .map((t, k) => ({ line: k + 1, control: firstControl(t, true) }));
    refuseControls(layout, textLines);
    return layout === 'stone-xml-2.2' ? parseStone(text) : parsePagBank(text);
  }
  const lines = splitLines(bytes);
  refuseControls(layout, lines);
  switch (layout) {
    case 'cielo-edi-15':
      return parseCielo(lines);
    case 'cielo-edi-13':
    case 'cielo-edi-14':
      return parseCielo250(lines, layout);
    case 'getnet-v10':
      return parseGetnet(lines);
    case 'rede-eevc':
      return parseEevc(lines);
    case 'rede-eefi':
      return parseEefi(lines);
    case 'rede-eevd':
      return parseEevd(lines);
  }
}

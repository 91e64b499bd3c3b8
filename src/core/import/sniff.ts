import type { StatementFormat } from '../../shared/contract/import';
import { detectAcquirerFile } from './acquirer/parse-acquirer';
import { isCnabFile } from './cnab/parse-cnab';

/** Where the bytes go next: a workbook for SheetJS, or text that we decode first. */
export type Sniffed =
  | { family: 'workbook'; format: Extract<StatementFormat, 'xlsx' | 'xls' | 'ods'> }
  | { family: 'text' }
  | { family: 'pdf' }
  /** A CNAB 240/400 boleto file (return or remessa): its first line is a CNAB header (cnab/parse-cnab.ts). */
  | { family: 'cnab' }
  /** A card acquirer's settlement file (Cielo EDI, Rede EEVC/EEVD/EEFI, Stone XML): acquirer/parse-acquirer.ts. */
  | { family: 'acquirer' };

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';

/** Recognise the container from its magic bytes; the file name is never trusted (banks name HTML “.xls”). */
export function sniffBytes(b: Uint8Array): Sniffed {
  if (startsWith(b, ZIP)) {
    // ODS stores its mimetype uncompressed as the first entry of the archive.
    const head = Buffer.from(b.subarray(0, 200)).toString('latin1');
    return { family: 'workbook', format: head.includes(ODS_MIME) ? 'ods' : 'xlsx' };
  }
  if (startsWith(b, CFB)) return { family: 'workbook', format: 'xls' };
  // BIFF2-4 worksheets without the CFB envelope (very old Excel files).
  if (b[0] === 0x09 && (b[1] === 0x00 || b[1] === 0x02 || b[1] === 0x04) && b.length > 8) {
    return { family: 'workbook', format: 'xls' };
  }
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46])) return { family: 'pdf' };
  // Fixed-width records of 240 or 400 characters whose first line is a CNAB header: a return file (or a
  // remessa, refused by name), never a CSV of one column.
  // Before CNAB: an acquirer's own first record (Cielo “0…CIELO”, Rede “002”/“030”/“00,”, Stone's XML).
  if (detectAcquirerFile(b)) return { family: 'acquirer' };
  if (isCnabFile(b)) return { family: 'cnab' };
  return { family: 'text' };
}

/** For decoded text: OFX (1.x SGML or 2.x XML), an HTML table, Excel 2003 XML, or delimited text. */
export function sniffText(text: string): 'ofx' | 'html' | 'xml-workbook' | 'csv' {
  const head = text.slice(0, 4096).trimStart();
  const upper = head.toUpperCase();
  if (upper.startsWith('OFXHEADER') || /<\?OFX\b/.test(upper) || /^(<\?XML[^>]*>\s*)?<OFX>/.test(upper))
    return 'ofx';
  if (/^(<\?XML[^>]*>\s*)?(<!--[\s\S]*?-->\s*)?<(!DOCTYPE HTML|HTML|TABLE|HEAD|BODY|META)\b/.test(upper))
    return 'html';
  if (upper.startsWith('<?XML') && upper.includes('URN:SCHEMAS-MICROSOFT-COM:OFFICE:SPREADSHEET')) {
    return 'xml-workbook';
  }
  if (/^[A-Z:]+:[^\r\n]*\r?\n/.test(head) && upper.includes('<OFX>')) return 'ofx';
  return 'csv';
}

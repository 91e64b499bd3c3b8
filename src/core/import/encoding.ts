import type { TextEncoding } from '../../shared/contract/import';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  /** Some lines were UTF-8 and others Windows-1252 (files glued together by hand or by a bank system). */
  mixed: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Loose = new TextDecoder('utf-8');
/** Windows-1252 at 0x80-0x9F (where it differs from Latin-1); the five undefined bytes stay as they are. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
/**
 * Node's TextDecoder('windows-1252') decodes 0x80-0x9F as Latin-1 control characters (unlike browsers),
 * which would turn “ ” – € in bank texts into invisible junk: map that block by hand.
 */
const latin1Of = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const cp1252FromLatin1 = (latin1: string) =>
  latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
const cp1252 = { decode: (b: Uint8Array) => cp1252FromLatin1(latin1Of(b)) };

function bomOf(b: Uint8Array): { encoding: TextEncoding; length: number } | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** UTF-16 without a BOM shows as a NUL in every other byte of ASCII text. */
function utf16WithoutBom(b: Uint8Array): TextEncoding | null {
  const n = Math.min(b.length, 4096) & ~1;
  if (n < 8) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenNul++;
    if (b[i + 1] === 0) oddNul++;
  }
  const half = n / 2;
  if (oddNul > half * 0.6 && evenNul < half * 0.05) return 'utf-16le';
  if (evenNul > half * 0.6 && oddNul < half * 0.05) return 'utf-16be';
  return null;
}

function isValidUtf8(b: Uint8Array): boolean {
  try {
    utf8.decode(b);
    return true;
  } catch {
    return false;
  }
}

function decodeWith(b: Uint8Array, encoding: TextEncoding): string {
  switch (encoding) {
    case 'utf-8':
      return utf8Loose.decode(b);
    case 'windows-1252':
      return cp1252.decode(b);
    case 'utf-16le':
      return new TextDecoder('utf-16le').decode(b);
    case 'utf-16be':
      return new TextDecoder('utf-16be').decode(b);
  }
}

/**
 * At least one multi-byte UTF-8 sequence (a lead byte C2–F4, then a continuation byte 80–BF), so the bytes
 * are not plain ASCII. Looked for in their Latin-1 text (one character per byte), which Windows-1252 text
 * is made from anyway: one native regex scan instead of a loop over the bytes.
 */
const UTF8_SEQUENCE = /[\xc2-\xf4][\x80-\xbf]/;

/** Line by line: each line is UTF-8 when it is valid UTF-8, otherwise Windows-1252. */
function decodeMixed(b: Uint8Array): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i <= b.length; i++) {
    if (i === b.length || b[i] === 0x0a) {
      const line = b.subarray(start, Math.min(i + 1, b.length));
      parts.push(isValidUtf8(line) ? utf8Loose.decode(line) : cp1252.decode(line));
      start = i + 1;
    }
  }
  return parts.join('');
}

/**
 * Decode text whatever its label says. Banks write `CHARSET:1252` over UTF-8 bodies and the reverse, so the
 * bytes decide: a BOM wins; then valid UTF-8 (which Windows-1252 accented text almost never is) is UTF-8;
 * otherwise Windows-1252, a superset of Latin-1. `forced` is the clerk's choice and is obeyed.
 */
export function decodeText(bytes: Uint8Array, forced?: TextEncoding | null): DecodedText {
  const bom = bomOf(bytes);
  const body = bom ? bytes.subarray(bom.length) : bytes;
  if (forced)
    return {
      text: decodeWith(bom?.encoding === forced ? body : bytes, forced),
      encoding: forced,
      mixed: false,
    };
  if (bom) return { text: decodeWith(body, bom.encoding), encoding: bom.encoding, mixed: false };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: decodeWith(bytes, utf16), encoding: utf16, mixed: false };
  if (isValidUtf8(bytes)) return { text: utf8Loose.decode(bytes), encoding: 'utf-8', mixed: false };
  const latin1 = latin1Of(bytes);
  if (UTF8_SEQUENCE.test(latin1)) {
    const text = decodeMixed(bytes);
    return { text, encoding: 'windows-1252', mixed: true };
  }
  return { text: cp1252FromLatin1(latin1), encoding: 'windows-1252', mixed: false };
}

/** What binaryShare counts: controls other than tab, LF, FF and CR; DEL; U+FFFD. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BINARY_CHAR = /[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]/;

/** Share of characters that no text file holds (controls other than tab/CR/LF/FF, U+FFFD). */
export function binaryShare(text: string, sample = 65_536): number {
  const n = Math.min(text.length, sample);
  if (n === 0) return 0;
  // Most texts hold none: one native scan says so before counting them one by one.
  if (!BINARY_CHAR.test(n < text.length ? text.slice(0, n) : text)) return 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0xfffd || c === 0x7f)
      bad++;
  }
  return bad / n;
}

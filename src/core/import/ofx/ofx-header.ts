import type { TextEncoding } from '../../../shared/contract/import';

export interface OfxHeader {
  version: 1 | 2;
  /** What the header claims, as written (e.g. `1252`, `UTF-8`), or null. */
  declared: string | null;
  /** The claim mapped to an encoding we know, when it maps. */
  declaredEncoding: TextEncoding | null;
  /** Index where the `<OFX>` body starts. */
  bodyStart: number;
}

function encodingOf(label: string): TextEncoding | null {
  const l = label
    .trim()
    .toLowerCase()
    .replace(/^charset[:=]/, '');
  if (/^(utf-?8|unicode)$/.test(l)) return 'utf-8';
  if (/^(1252|windows-1252|cp1252|iso-8859-1|latin-?1|8859-1)$/.test(l)) return 'windows-1252';
  return null;
}

/**
 * OFX 1.x opens with `KEY:VALUE` lines (CHARSET, ENCODING); 2.x with an XML declaration and an `<?OFX ...?>`
 * instruction. Both are only claims: the decoder looks at the bytes.
 */
export function readOfxHeader(text: string): OfxHeader {
  const bodyStart = Math.max(0, text.search(/<OFX>/i));
  const head = text.slice(0, bodyStart || 2048);
  const xml = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (/<\?OFX\b/i.test(head) || /^\s*<\?xml/i.test(head)) {
    const declared = xml?.[1] ?? null;
    return { version: 2, declared, declaredEncoding: declared ? encodingOf(declared) : null, bodyStart };
  }
  const charset = /^\s*CHARSET\s*:\s*(\S+)/im.exec(head)?.[1] ?? null;
  const encoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(head)?.[1] ?? null;
  // ENCODING:UTF-8 overrides CHARSET in OFX 1.x; ENCODING:USASCII defers to CHARSET.
  const declared = encoding && /utf/i.test(encoding) ? encoding : (charset ?? encoding);
  const mapped = charset && charset.toUpperCase() !== 'NONE' ? encodingOf(charset) : null;
  return {
    version: 1,
    declared,
    declaredEncoding: encoding && /utf/i.test(encoding) ? 'utf-8' : mapped,
    bodyStart,
  };
}

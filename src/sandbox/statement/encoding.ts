/** The 0x80-0x9F block where Windows-1252 differs from Latin-1. */
const CP1252_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Windows-1252 bytes (what `CHARSET:1252` promises); unmappable characters become '?'. */
export function encodeCp1252(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let i = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const extra = CP1252_EXTRA[ch];
    out[i++] = extra ?? (code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : 0x3f);
  }
  return out.subarray(0, i);
}

/** ISO-8859-1 bytes, as Itaú's CSV export uses; characters outside Latin-1 become '?'. */
export function encodeLatin1(text: string): Buffer {
  return Buffer.from(Array.from(text, (ch) => (ch.codePointAt(0)! > 0xff ? '?' : ch)).join(''), 'latin1');
}

/**
 * PDF standard fonts (Helvetica) only encode WinAnsi (Windows-1252): Portuguese is fully inside it, but a
 * payer name may hold anything (Polish letters, emoji). pdf-lib throws on such a character, so every text
 * goes through `toWinAnsi` first: letters lose their accent when that makes them encodable, a few are
 * spelled out, anything else becomes "?".
 */
const SPELLED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2026': '...',
};

export function makeWinAnsi(supported: ReadonlySet<number>): (text: string) => string {
  const cache = new Map<string, string>();
  const one = (ch: string): string => {
    const code = ch.codePointAt(0) ?? 0;
    if (supported.has(code)) return ch;
    // Line breaks and tabs inside a cell become spaces: the table wraps text itself.
    if (code < 0x20 || code === 0x7f) return ' ';
    const spelled = SPELLED[ch];
    if (spelled !== undefined && [...spelled].every((c) => supported.has(c.codePointAt(0) ?? 0)))
      return spelled;
    const bare = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    if (bare && bare !== ch && [...bare].every((c) => supported.has(c.codePointAt(0) ?? 0))) return bare;
    return '?';
  };
  return (text) => {
    let out = '';
    for (const ch of text) {
      let mapped = cache.get(ch);
      if (mapped === undefined) {
        mapped = one(ch);
        cache.set(ch, mapped);
      }
      out += mapped;
    }
    return out;
  };
}

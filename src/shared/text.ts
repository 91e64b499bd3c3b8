/**
 * Accent folding, the one rule for every layer (matching, import, the API's search keys, the renderer's
 * search): "João" and "JOAO" are the same name, "Conceição" is found by typing "conceicao".
 */

/** Base letter of each character from U+00C0 to U+024F ("Ç" → "C"), computed once. */
const FOLDED = Array.from(
  { length: 0x250 - 0xc0 },
  (_, i) => String.fromCharCode(0xc0 + i).normalize('NFD')[0]!,
);
const LATIN = /[\u00c0-\u024f]/;

/**
 * Accents off, case kept, and one UTF-16 unit in for one out, so an index found in the folded text cuts the
 * original at the same place (the importer finds words in a cell this way). Covers Latin-1 and Latin
 * Extended A/B, which is what names and bank text use; a table is much faster than Unicode decomposition.
 * The importer calls it for every line of a file: one test, then one pass gluing the unchanged runs
 * (a replace with a callback per character is several times slower).
 */
export function stripAccents(s: string): string {
  if (!LATIN.test(s)) return s;
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xc0 && c < 0x250) {
      out += s.slice(from, i) + FOLDED[c - 0xc0]!;
      from = i + 1;
    }
  }
  return out + s.slice(from);
}

/** Accents and case off, for search and comparison ("São Paulo" → "sao paulo"); anything else is kept. */
export function fold(s: string): string {
  let t = stripAccents(s);
  // Letters beyond Latin Extended (Vietnamese, combining marks typed apart) need the decomposition.
  if (/[\u0250-\uffff]/.test(t)) t = t.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  return t.toLowerCase();
}

/** Folded words only: anything not a letter or digit becomes a space, single spaces, trimmed. */
export function foldWords(s: string): string {
  return fold(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

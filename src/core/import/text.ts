/**
 * Accent folding that keeps the string's length (one UTF-16 unit in, one out), so a match found in the
 * folded text can cut the original text at the same index.
 */
export function fold(s: string): string {
  if (!/[\u00c0-\u024f]/.test(s)) return s;
  return s.replace(/[\u00c0-\u024f]/g, (ch) => FOLDED[ch.charCodeAt(0) - 0xc0] ?? ch);
}
/** Base letter of each character from U+00C0 to U+024F (“Ç” → “C”), computed once. */
const FOLDED = Array.from(
  { length: 0x250 - 0xc0 },
  (_, i) => String.fromCharCode(0xc0 + i).normalize('NFD')[0]!,
);

/** Lower case, no accents, punctuation as spaces, single spaces: for comparing column titles and labels. */
export function normalizeLabel(s: string): string {
  return fold(s)
    .toLowerCase()
    .replace(/r\$/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Collapse whitespace (including NBSP and line breaks inside a cell) into single spaces. */
export function squash(s: string): string {
  return s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

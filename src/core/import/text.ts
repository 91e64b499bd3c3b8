import { stripAccents } from '../../shared/text';

/**
 * Accent folding that keeps the string's length (one UTF-16 unit in, one out), so a match found in the
 * folded text can cut the original text at the same index: the shared rule (src/shared/text.ts).
 */
export const fold = stripAccents;

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
  // Most cells are squashed already (and squashed again down the line): one test, no new string.
  return SQUASHED.test(s) ? s : s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}
/** Text squash leaves as it is: no white space but single spaces between other characters. */
const SQUASHED = /^(?:[^\s]+(?: [^\s]+)*)?$/;

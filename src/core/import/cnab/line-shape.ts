/**
 * Whether a fixed-width record line has the layout's length (CNAB 240/400, Cielo EDI). One character more or
 * less shifts every field after it, and the shifted fields often still parse (a fee of 250 read as 25), so
 * the length itself is checked, tolerating only what real files do:
 * - **exact**: the line has the layout's length;
 * - **stripped**: trailing spaces removed by an editor or a mail gateway — the line is shorter and does not end
 *   with a space (a gateway removes them all; a short line ending with a space lost a character), and it does
 *   not end inside one of the record's fixed fields (`fixedSpans`: a number, a date or a code is never cut by
 *   stripping, only blanks after it are);
 * - **padded**: every line of the file is longer by the same blank excess (a bank or a tool padding each
 *   record); one line longer than the others is damage — unless the layout's last field anchors the end
 *   (`anchoredEnd`: CNAB 400's sequence number at 395–400, checked by its parser), where a character added
 *   inside the record moves that field and is caught there, so blanks after it are only blanks.
 */

/** 1-based inclusive positions of fields a stripped line cannot end inside. */
export type FixedSpans = readonly (readonly [number, number])[];

export interface LineShapeProblem {
  /** Index in the `texts` given. */
  index: number;
  length: number;
  expected: number;
}

/**
 * The first line whose length none of the rules above explains, or null. `spansOf` gives the fixed fields of
 * a line's record type (it sees the line's text); without it, only the ending rule applies to short lines.
 */
export function lineShapeProblem(
  texts: readonly string[],
  expected: number,
  spansOf?: (text: string) => FixedSpans,
  opts: { anchoredEnd?: boolean } = {},
): LineShapeProblem | null {
  const padded = texts.length > 0 && texts.every((t) => t.length === texts[0]!.length) ? texts[0]!.length : 0;
  for (let index = 0; index < texts.length; index++) {
    const t = texts[index]!;
    const length = t.length;
    if (length === expected) continue;
    const problem = { index, length, expected };
    if (length > expected) {
      if ((opts.anchoredEnd || length === padded) && t.slice(expected).trim() === '') continue;
      return problem;
    }
    if (t.endsWith(' ')) return problem;
    const spans = spansOf?.(t) ?? [];
    if (spans.some(([start, end]) => length >= start && length < end)) return problem;
  }
  return null;
}

import {
  PDFDocument,
  StandardFonts,
  beginText,
  endText,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { makeWinAnsi } from './win-ansi';

export interface PdfColumn {
  header: string;
  /** Relative width: the columns share the page's width in these proportions. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfTableDoc {
  title: string;
  /** Lines under the title on the first page (period, generated at, branch). */
  meta: string[];
  columns: PdfColumn[];
  rows: string[][];
  /** Bold lines after the table (totals, the verification result). */
  totals: string[];
  /** Plain lines after the totals (a legend: what a column means, why two dates differ). */
  notes?: string[];
  /** Shown in each page's footer beside the page number. */
  footer: string;
}

// A4 landscape, in points.
const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 32;
const SIZE = 7;
const LINE = 8.6;
const PAD = 2.5;
/** A cell longer than this is cut with an ellipsis: a row stays readable and a page holds many rows. */
const MAX_LINES = 4;
const ELLIPSIS = '…';
const GRID = rgb(0.8, 0.8, 0.8);
const HEAD_BG = rgb(0.92, 0.92, 0.92);

/** Single-character widths, measured once per font and size: wrapping then costs one lookup per character. */
const charWidths = new WeakMap<PDFFont, Map<string, number>>();
function measure(font: PDFFont, size: number): (s: string) => number {
  let cache = charWidths.get(font);
  if (!cache) charWidths.set(font, (cache = new Map<string, number>()));
  const widthOf = (ch: string) => {
    const key = `${size}:${ch}`;
    let w = cache.get(key);
    if (w === undefined) cache.set(key, (w = font.widthOfTextAtSize(ch, size)));
    return w;
  };
  // drawText shows the glyphs without kerning, so the sum of the characters is exactly what is drawn.
  return (s) => {
    let w = 0;
    for (const ch of s) w += widthOf(ch);
    return w;
  };
}

/** Break text into lines no wider than `width`, by words, cutting words that alone are too long. */
export function wrapText(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const widthOf = measure(font, size);
  const space = widthOf(' ');
  const lines: string[] = [];
  let current = '';
  let currentWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (lines.length > maxLines) break;
    const w = widthOf(word);
    if (current && currentWidth + space + w <= width) {
      current += ` ${word}`;
      currentWidth += space + w;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    currentWidth = 0;
    if (w <= width) {
      current = word;
      currentWidth = w;
      continue;
    }
    // A word wider than the column (a JSON blob, a long file name) is cut character by character.
    for (const ch of word) {
      const cw = widthOf(ch);
      if (current && currentWidth + cw > width) {
        lines.push(current);
        if (lines.length > maxLines) break;
        current = '';
        currentWidth = 0;
      }
      current += ch;
      currentWidth += cw;
    }
  }
  if (current && lines.length <= maxLines) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && widthOf(`${last}${ELLIPSIS}`) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last}${ELLIPSIS}`;
  return kept;
}

/** A titled table over as many A4 landscape pages as it needs, header repeated, pages numbered. */
export async function renderPdfTable(doc: PdfTableDoc): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setCreator('Quita');
  pdf.setProducer('Quita (pdf-lib)');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const clean = makeWinAnsi(new Set(regular.getCharacterSet()));

  const usable = PAGE[0] - 2 * MARGIN;
  const unit = usable / doc.columns.reduce((s, c) => s + c.width, 0);
  const widths = doc.columns.map((c) => c.width * unit);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));

  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const bottom = MARGIN + 16;

  const text = (p: PDFPage, s: string, x: number, yy: number, size: number, font: PDFFont) =>
    p.drawText(s, { x, y: yy, size, font, color: rgb(0, 0, 0) });

  // A "\n" in a cell starts a new line (e.g. who, then when); the rest wraps to the column's width.
  const cells = (row: string[], font: PDFFont) =>
    doc.columns.map((_, i) => {
      const parts = (row[i] ?? '').split('\n').map((part) => clean(part));
      const lines = parts.flatMap((part) => wrapText(part, font, SIZE, widths[i]! - 2 * PAD, MAX_LINES));
      if (lines.length <= MAX_LINES) return lines;
      return wrapText(lines.join(' '), font, SIZE, widths[i]! - 2 * PAD, MAX_LINES);
    });

  // Per page and font, the resource name the content stream refers to.
  const fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  const fontKey = (font: PDFFont) => {
    let keys = fontKeys.get(page);
    if (!keys) fontKeys.set(page, (keys = new Map<PDFFont, PDFName>()));
    let key = keys.get(font);
    if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
    return key;
  };

  /**
   * Rows are written as one text object each, with raw operators: drawText would wrap every line in its
   * own graphics state, which made a 10,000-entry log several times slower and larger.
   */
  const drawRow = (lines: string[][], font: PDFFont, background?: ReturnType<typeof rgb>) => {
    const height = Math.max(1, ...lines.map((l) => l.length)) * LINE + 2 * PAD;
    if (background)
      page.drawRectangle({ x: MARGIN, y: y - height, width: usable, height, color: background });
    const widthOf = measure(font, SIZE);
    const ops: PDFOperator[] = [
      beginText(),
      setFillingRgbColor(0, 0, 0),
      setFontAndSize(fontKey(font), SIZE),
    ];
    lines.forEach((cellLines, i) => {
      cellLines.forEach((line, k) => {
        if (!line) return;
        const x =
          doc.columns[i]!.align === 'right' ? lefts[i]! + widths[i]! - PAD - widthOf(line) : lefts[i]! + PAD;
        ops.push(setTextMatrix(1, 0, 0, 1, x, y - PAD - (k + 1) * LINE + 2), showText(font.encodeText(line)));
      });
    });
    ops.push(endText());
    page.pushOperators(...ops);
    y -= height;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + usable, y },
      thickness: 0.4,
      color: GRID,
    });
  };

  const header = cells(
    doc.columns.map((c) => c.header),
    bold,
  );
  const newPage = () => {
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
    drawRow(header, bold, HEAD_BG);
  };

  text(page, clean(doc.title), MARGIN, y - 14, 14, bold);
  y -= 22;
  for (const m of doc.meta) {
    text(page, clean(m), MARGIN, y - 9, 9, regular);
    y -= 12;
  }
  y -= 6;
  drawRow(header, bold, HEAD_BG);

  for (const row of doc.rows) {
    const lines = cells(row, regular);
    const height = Math.max(1, ...lines.map((l) => l.length)) * LINE + 2 * PAD;
    if (y - height < bottom) newPage();
    drawRow(lines, regular);
  }
  y -= 8;
  const closing = (lines: string[], font: PDFFont) => {
    for (const t of lines) {
      const wrapped = wrapText(clean(t), font, 9, usable, 3);
      if (y - wrapped.length * 12 < bottom) {
        page = pdf.addPage(PAGE);
        y = PAGE[1] - MARGIN;
      }
      for (const l of wrapped) {
        text(page, l, MARGIN, y - 9, 9, font);
        y -= 12;
      }
    }
  };
  closing(doc.totals, bold);
  if (doc.notes?.length) {
    y -= 4;
    closing(doc.notes, regular);
  }

  // Page numbers need the final count, so the footers are drawn last.
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const label = `Página ${i + 1} de ${pages.length}`;
    text(p, clean(doc.footer), MARGIN, MARGIN - 12, 7, regular);
    text(p, label, PAGE[0] - MARGIN - regular.widthOfTextAtSize(label, 7), MARGIN - 12, 7, regular);
  });
  return pdf.save();
}

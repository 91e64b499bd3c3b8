import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';

/**
 * The text a PDF written by pdf-tables shows, page by page, read back with pdf-lib alone (no pdftotext on
 * the build machines). Standard fonts draw WinAnsi bytes as hex strings (`<48656C6C6F> Tj`), one per line.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map(pageText);
}

/** Windows-1252's 0x80–0x9F (Node's TextDecoder treats the label as Latin-1 and returns C1 controls). */
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? HIGH[b - 0x80]! : String.fromCharCode(b))).join('');

function streams(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray)
    return contents.asArray().flatMap((ref) => {
      const s = page.doc.context.lookup(ref);
      return s instanceof PDFRawStream ? [s] : [];
    });
  return [];
}

function pageText(page: PDFPage): string[] {
  const out: string[] = [];
  for (const s of streams(page)) {
    const ops = new TextDecoder('latin1').decode(decodePDFRawStream(s).decode());
    for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = m[1]!;
      const bytes = new Uint8Array(hex.length / 2);
      for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
      out.push(winAnsi(bytes));
    }
  }
  return out;
}

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPages } from './pdf-text.testing';
import { renderPdfTable, wrapText } from './pdf-table';
import { makeWinAnsi } from './win-ansi';

const helvetica = async () => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

describe('WinAnsi text for the PDF standard fonts', () => {
  it('keeps Portuguese, strips or spells out other letters, replaces the rest with "?"', async () => {
    const clean = makeWinAnsi(new Set((await helvetica()).getCharacterSet()));
    expect(clean('Conceição Ávila, São João – “pago” €')).toBe('Conceição Ávila, São João – “pago” €');
    expect(clean('Zoë Łukasz 😀')).toBe('Zoë Lukasz ?');
    expect(clean('Dvořák Ørsted 北京')).toBe('Dvorák Ørsted ??');
    expect(clean('linha\nquebrada\tcom tab')).toBe('linha quebrada com tab');
  });

  it('never throws while drawing, whatever the text', async () => {
    const bytes = await renderPdfTable({
      title: 'Título 😀',
      meta: ['\u0000\u200b\ud800 sozinho'],
      columns: [{ header: 'Nome 𝔘', width: 1 }],
      rows: [['Zoë Łukasz 😀'], ['👨‍👩‍👧 família'], ['']],
      totals: ['Total ✓'],
      footer: 'Rodapé ☃',
    });
    const text = (await pdfPages(bytes)).flat();
    expect(text).toEqual(expect.arrayContaining(['Título ?', 'Zoë Lukasz ?', '????? família', 'Total ?']));
  });
});

describe('wrapText', () => {
  it('wraps by words within the width and cuts what is too long with an ellipsis', async () => {
    const font = await helvetica();
    const width = 80;
    const lines = wrapText('PIX RECEBIDO MARIA JOSE DA SILVA SANTOS OLIVEIRA', font, 7, width, 4);
    expect(lines.join(' ')).toBe('PIX RECEBIDO MARIA JOSE DA SILVA SANTOS OLIVEIRA');
    for (const l of lines) expect(font.widthOfTextAtSize(l, 7)).toBeLessThanOrEqual(width);
    const blob = wrapText(`{"note":"${'x'.repeat(500)}"}`, font, 7, width, 3);
    expect(blob).toHaveLength(3);
    expect(blob[2]!.endsWith('…')).toBe(true);
    expect(blob[0]!.startsWith('{"note":"x')).toBe(true);
    for (const l of blob) expect(font.widthOfTextAtSize(l, 7)).toBeLessThanOrEqual(width);
    expect(wrapText('', font, 7, width, 3)).toEqual([]);
  });
});

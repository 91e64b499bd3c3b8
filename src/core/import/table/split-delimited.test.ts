import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { DELIMITERS } from '../../../shared/contract/import';
import { splitDelimited } from './split-delimited';

/**
 * What the importer asked SheetJS for before: the oracle splitDelimited must match cell for cell. Every cell
 * SheetJS makes is `{ w, t: 's', v }` of one text (checked here), which splitDelimited gives as the text;
 * holes (empty cells, rows without a filled cell) are kept where SheetJS leaves them.
 */
function sheetJs(body: string, delimiter: string, maxRows: number): unknown[] {
  const wb = XLSX.read(`sep=${delimiter}\n${body}`, {
    type: 'string',
    raw: true,
    dense: true,
    sheetRows: maxRows,
  });
  const rows = wb.Sheets[wb.SheetNames[0]!]?.['!data'] ?? [];
  const out = new Array<unknown>(rows.length);
  rows.forEach((row, r) => {
    const cells = new Array<unknown>(row.length);
    row.forEach((cell, c) => {
      expect(JSON.stringify(cell)).toBe(JSON.stringify({ w: cell.v, t: 's', v: cell.v }));
      expect(cell.v).not.toBe('');
      cells[c] = cell.v;
    });
    out[r] = cells;
  });
  return out;
}

function expectSame(body: string, delimiter: string, maxRows = 1000) {
  const ours = splitDelimited(body, delimiter, maxRows);
  const theirs = sheetJs(body, delimiter, maxRows);
  // toStrictEqual tells a hole (an empty cell or row) from an undefined.
  expect(ours, JSON.stringify(body)).toStrictEqual(theirs);
}

/** A small deterministic generator (mulberry32): the same inputs on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('splitDelimited reads a CSV as SheetJS did', () => {
  it('on the shapes banks write and the odd ones', () => {
    const cases = [
      '',
      'a',
      'Data;Lançamento;Valor\r\n01/11/2026;PIX RECEBIDO - ANA;150,00\r\n',
      'a;b;c\nd;e;f\n',
      'a;b;c\rd;e;f\r',
      'a;;c;\r\n;;\r\n\r\n;x\r\n',
      '\uFEFFData;Valor\r\n01/11/2026;1,00',
      'sep=;\r\nData;Valor\r\n',
      '"a;b";"c""d";"";"\r\n"\r\ne;"f\ng"\n',
      '"lone',
      '"',
      '";"',
      'a"b;c"d"e;"x"y;z\n',
      '"a"b;c\r\n',
      '"a\r',
      '"a\r"',
      '"a"\r',
      '"a""\r\n"b"""\r\n',
      'a;b\r\r\nc\n\rd',
      '   ;  \t ; x ',
      ';;;\n;;;\n',
      'x\n\n\n\ny',
    ];
    for (const body of cases) for (const d of DELIMITERS) expectSame(body, d);
  });

  it('on thousands of generated texts of quotes, delimiters and line breaks', () => {
    const next = random(20261127);
    const parts = ['a', 'bc', ' ', 'ç', '"', '""', ';', ',', '\t', '|', '\r', '\n', '\r\n', '"x;y"', '1,50'];
    for (let i = 0; i < 4000; i++) {
      let body = '';
      const length = Math.floor(next() * 40);
      for (let j = 0; j < length; j++) body += parts[Math.floor(next() * parts.length)];
      expectSame(body, DELIMITERS[i % DELIMITERS.length]!);
    }
  });

  it('stops after the row limit as SheetJS’s sheetRows does', () => {
    for (const max of [1, 2, 3, 5]) {
      expectSame('a;b\r\nc\r\n\r\n"d\r\ne";f\r\ng\r\nh', ';', max);
      expectSame('a\n\n\nb\nc\nd\ne', ';', max);
    }
  });
});

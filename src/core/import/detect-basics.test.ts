import { describe, expect, it } from 'vitest';
import { detectDateOrder, parseDateText, serialToIso } from './dates';
import { binaryShare, decodeText } from './encoding';
import { cleanPayerText } from './payer-text';
import { detectDelimiter } from './table/delimiter';

const date = (s: string, order: 'dmy' | 'mdy' | 'ymd' = 'dmy') => {
  const r = parseDateText(s, order);
  return r === null ? null : r.ok ? r.date : r.reason;
};

describe('dates', () => {
  it('reads every style banks write into YYYY-MM-DD', () => {
    expect(date('03/04/2026')).toBe('2026-04-03');
    expect(date('03/04/2026', 'mdy')).toBe('2026-03-04');
    expect(date('03/04/26')).toBe('2026-04-03');
    expect(date('2026-04-03')).toBe('2026-04-03');
    expect(date('2026-04-03T10:00:00')).toBe('2026-04-03');
    expect(date('20260403')).toBe('2026-04-03');
    expect(date('03.04.2026 10:15')).toBe('2026-04-03');
    expect(date('3-abr-2026')).toBe('2026-04-03');
    expect(date('46115')).toBe('2026-04-03');
    expect(serialToIso(46115)).toEqual({ ok: true, date: '2026-04-03' });
    expect(serialToIso(44653, true)).toEqual({ ok: true, date: '2026-04-03' });
  });

  it('refuses impossible and implausible dates', () => {
    expect(date('31/02/2026')).toMatch(/not a calendar date/);
    expect(date('01/01/1900')).toMatch(/not a plausible/);
    expect(date('PIX')).toMatch(/not a date/);
  });

  it('tells day-first from month-first by the values', () => {
    expect(detectDateOrder(['01/02/2026', '13/02/2026'])).toEqual({ order: 'dmy', confidence: 1 });
    expect(detectDateOrder(['02/13/2026', '02/01/2026'])).toEqual({ order: 'mdy', confidence: 1 });
    expect(detectDateOrder(['01/02/2026']).order).toBe('dmy');
    expect(detectDateOrder(['01/02/2026']).confidence).toBeLessThan(1);
  });
});

describe('encoding', () => {
  const text = 'PIX RECEBIDO - JOÃO ASSUNÇÃO';
  it('reads UTF-8 and Windows-1252 whatever the label says', () => {
    expect(decodeText(Buffer.from(text, 'utf8'))).toMatchObject({ text, encoding: 'utf-8' });
    expect(decodeText(Buffer.from(text, 'latin1'))).toMatchObject({ text, encoding: 'windows-1252' });
    expect(decodeText(Buffer.from([0x93, 0x6f, 0x6b, 0x94, 0x20, 0x80])).text).toBe('“ok” €');
  });
  it('honours BOMs, UTF-16 without BOM, and a forced choice', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toMatchObject({
      text,
    });
    expect(decodeText(Buffer.from(`\ufeff${text}`, 'utf16le'))).toMatchObject({ text, encoding: 'utf-16le' });
    expect(decodeText(Buffer.from(`${text} e mais texto`, 'utf16le'))).toMatchObject({
      encoding: 'utf-16le',
    });
    expect(decodeText(Buffer.from(text, 'utf8'), 'windows-1252').text).toBe(
      'PIX RECEBIDO - JOÃƒO ASSUNÃ‡ÃƒO',
    );
  });
  it('reads a file of UTF-8 and Windows-1252 lines line by line, and says so', () => {
    const glued = Buffer.concat([Buffer.from(`${text}\n`, 'utf8'), Buffer.from(`${text}\n`, 'latin1')]);
    expect(decodeText(glued)).toEqual({ text: `${text}\n${text}\n`, encoding: 'windows-1252', mixed: true });
    // Windows-1252 whose bytes never form a UTF-8 sequence (Ç then Ã: C7 C3) is not mixed.
    expect(decodeText(Buffer.from('AÇÃO', 'latin1'))).toEqual({
      text: 'AÇÃO',
      encoding: 'windows-1252',
      mixed: false,
    });
  });
  it('counts the characters no text holds', () => {
    expect(binaryShare('Data;Valor\r\n\t01/06/2026;1,00\f')).toBe(0);
    expect(binaryShare('ab\u0000d')).toBe(0.25);
    expect(binaryShare('a\u007f\ufffd\u001b\u000b')).toBe(0.8);
    // Only the sample is looked at.
    expect(binaryShare(`abcd${'\u0000'.repeat(4)}`, 4)).toBe(0);
  });
});

describe('delimiter', () => {
  it('finds “;” despite decimal commas and a preamble', () => {
    const csv =
      'Extrato de Conta\nAgência;1;Conta;2\n\nData;Lançamento;Valor;Saldo\n01/06/2026;PIX;1.234,56;2,00\n02/06/2026;TED;-5,00;\n';
    expect(detectDelimiter(csv).delimiter).toBe(';');
    expect(detectDelimiter('Data,Valor,Identificador,Descrição\n01/06/2026,1.00,x,"a, b"\n').delimiter).toBe(
      ',',
    );
    expect(detectDelimiter('a\tb\tc\n1\t2\t3\n').delimiter).toBe('\t');
  });
});

describe('payer text', () => {
  it('strips bank boilerplate and keeps the name as printed', () => {
    expect(cleanPayerText('PIX RECEBIDO - MARIA S SOUZA')).toBe('MARIA S SOUZA');
    expect(cleanPayerText('TRANSFERENCIA PIX REM: JOAO SILVA')).toBe('JOAO SILVA');
    expect(
      cleanPayerText('Transferência recebida pelo Pix - Ana Luísa - •••.123.456-•• - BCO DO BRASIL'),
    ).toBe('Ana Luísa');
    expect(cleanPayerText('Pix - Recebido 01/06 10:15 MARIA S SOUZA')).toBe('MARIA S SOUZA');
    expect(cleanPayerText('TED-TRANSF ELET DISPON REMET.CARLOS ALBERTO')).toBe('CARLOS ALBERTO');
    expect(cleanPayerText('Pix recebido: "Camila Pereira"')).toBe('Camila Pereira');
    expect(cleanPayerText('Pix recebido - Cp :00000000-Rosângela Dias')).toBe('Rosângela Dias');
    expect(cleanPayerText('PIX RECEBIDO E00000000202606011015abcdefghijk PEDRO')).toBe('PEDRO');
  });
  it('gives null when no one is named', () => {
    expect(cleanPayerText('DEPOSITO EM DINHEIRO')).toBeNull();
    expect(cleanPayerText('Pix - Recebido')).toBeNull();
    expect(cleanPayerText('')).toBeNull();
  });
});

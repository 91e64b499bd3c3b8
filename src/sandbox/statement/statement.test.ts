import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { generateSandboxData } from '../data/generate';
import type { SandboxData } from '../data/model';
import { addDays } from '../dates';
import { startTestSandbox } from '../testing';
import { brDate } from './format-br';
import { writeStatement } from './write';
import type { StatementFile } from './types';

const TODAY = '2026-07-15';
const base = generateSandboxData({ seed: 42, members: 150, today: TODAY });
/** The same data with account 1 at a given bank, to pin a bank's style in a test. */
const atBank = (bankCode: number): SandboxData => ({
  ...base,
  bankAccounts: base.bankAccounts.map((a) => (a.id === 1 ? { ...a, bankCode } : a)),
});
const period = { bankAccountId: 1, from: '2026-06-01', to: TODAY } as const;

function checkGroundTruth(data: SandboxData, file: StatementFile) {
  const gt = file.groundTruth;
  const byId = new Map(data.receivables.map((r) => [r.idReceivable, r]));
  const seen = new Set<number>();
  for (const line of gt.lines) {
    if (line.receivableIds.length === 0) continue;
    let sum = 0;
    for (const id of line.receivableIds) {
      const p = byId.get(id)!.payment!;
      expect(p.bankAccountId).toBe(gt.bankAccountId);
      expect(p.creditDate).toBe(line.date);
      sum += p.amountCents - (line.kind === 'card-lump' ? p.feeCents : 0);
      expect(seen.has(id)).toBe(false);
      seen.add(id);
    }
    expect(sum).toBe(line.amountCents);
  }
  const expected = data.receivables.filter(
    (r) =>
      r.payment &&
      r.payment.bankAccountId === gt.bankAccountId &&
      r.payment.creditDate >= gt.from &&
      r.payment.creditDate <= gt.to,
  );
  expect([...seen].sort()).toEqual(expected.map((r) => r.idReceivable).sort());
  const moves = gt.lines.filter((l) => l.kind !== 'balance').reduce((s, l) => s + l.amountCents, 0);
  expect(gt.openingBalanceCents + moves).toBe(gt.closingBalanceCents);
  return seen;
}

describe('writeStatement', () => {
  it('writes SGML OFX 1.02 in real Windows-1252 bytes, one STMTTRN per ground-truth line', () => {
    const data = atBank(260);
    const file = writeStatement(data, { ...period, format: 'ofx' });
    expect(file.fileName).toMatch(/^extrato_260_.*_2026-06-01_2026-07-15\.ofx$/);
    const text = file.bytes.toString('latin1');
    expect(text.startsWith('OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n')).toBe(true);
    expect(text).toContain('CHARSET:1252');
    expect(text).toContain('<CURDEF>BRL');
    expect(file.bytes.includes(0x95)).toBe(true); // '•' of a masked CPF, in cp1252
    expect(file.bytes.includes(Buffer.from('ê', 'latin1'))).toBe(true); // "Transferência"
    expect(file.bytes.includes(Buffer.from('ê', 'utf8'))).toBe(false);
    const trns = [
      ...text.matchAll(
        /<STMTTRN>\r\n<TRNTYPE>(\w+)\r\n<DTPOSTED>(\d{8})\d{6}\[-3:BRT\]\r\n<TRNAMT>(-?\d+\.\d{2})\r\n<FITID>(\w+)/g,
      ),
    ];
    expect(trns).toHaveLength(file.groundTruth.lines.length);
    trns.forEach((m, i) => {
      const line = file.groundTruth.lines[i]!;
      expect(m[2]).toBe(line.date.replace(/-/g, ''));
      expect(Math.round(Number(m[3]) * 100)).toBe(line.amountCents);
      expect(m[4]).toBe(line.fitid);
      expect(m[1]).toBe(line.amountCents < 0 ? 'DEBIT' : 'CREDIT');
    });
    checkGroundTruth(data, file);
  });

  it('writes an Itaú-style Latin-1 CSV with preamble, balance rows and Brazilian numbers', () => {
    const data = atBank(341);
    const file = writeStatement(data, { ...period, format: 'csv' });
    expect(file.bytes.includes(Buffer.from('Lançamento', 'latin1'))).toBe(true);
    expect(file.bytes.includes(Buffer.from('DISPONÍVEL', 'utf8'))).toBe(false);
    const rows = file.bytes.toString('latin1').split('\r\n');
    expect(rows[5]).toBe('Data;Lançamento;Ag./Origem;Valor (R$);Saldos (R$)');
    expect(rows[6]).toMatch(/^31\/05\/2026;SALDO ANTERIOR;;;-?[\d.]+,\d{2}$/);
    const gt = file.groundTruth;
    let balance = gt.openingBalanceCents;
    for (const line of gt.lines) {
      const cols = rows[line.row! - 1]!.split(';');
      expect(cols[0]).toBe(brDate(line.date));
      expect(cols[1]).toBe(line.description);
      if (line.kind === 'balance') {
        expect(cols[4]).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2}$/);
        if (line.description === 'SALDO DO DIA') expect(line.amountCents).toBe(balance);
      } else {
        expect(cols[3]).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2}$/);
        balance += line.amountCents;
      }
    }
    expect(gt.lines.at(-1)!.description).toBe('SALDO TOTAL DISPONÍVEL');
    expect(gt.lines.filter((l) => l.kind === 'balance').map((l) => l.description)).toContain('SALDO DO DIA');
    // Payer names upper case, no accents, middle names cut to initials.
    const pix = gt.lines.filter((l) => l.kind === 'payment' && l.description.startsWith('PIX RECEBIDO - '));
    expect(pix.length).toBeGreaterThan(5);
    for (const l of pix) expect(l.description).toMatch(/^PIX RECEBIDO - [A-Z0-9&/ .-]+$/);
    expect(pix.some((l) => / [A-Z] /.test(l.description))).toBe(true);
    checkGroundTruth(data, file);
  });

  it('writes an XLSX with date cells and separate credit/debit columns', () => {
    const file = writeStatement(base, { ...period, format: 'xlsx' });
    const wb = XLSX.read(file.bytes, { type: 'buffer' });
    const ws = wb.Sheets[wb.SheetNames[0]!]!;
    const cell = (address: string) => ws[address] as XLSX.CellObject | undefined;
    expect(cell('B5')?.v).toBe('Histórico');
    for (const line of file.groundTruth.lines) {
      const date = cell(`A${line.row}`)!;
      expect(date.t).toBe('n');
      expect(addDays('1899-12-30', date.v as number)).toBe(line.date);
      expect(cell(`B${line.row}`)!.v).toBe(line.description);
      if (line.kind === 'balance') continue;
      const col = line.amountCents >= 0 ? 'D' : 'E';
      expect(Math.round((cell(`${col}${line.row}`)!.v as number) * 100)).toBe(line.amountCents);
    }
    checkGroundTruth(base, file);
  });

  it("puts the clerk's work on the statement: unreconciled payments, card lumps net of fees, noise", () => {
    const cardsAccount = base.bankAccounts.find((a) => a.role === 'cards')!;
    const cards = writeStatement(base, { ...period, bankAccountId: cardsAccount.id, format: 'ofx' });
    const lumps = cards.groundTruth.lines.filter((l) => l.kind === 'card-lump');
    expect(lumps.some((l) => l.receivableIds.length > 1)).toBe(true);
    const file = writeStatement(base, { ...period, format: 'csv' });
    const ids = checkGroundTruth(base, file);
    const open = base.receivables.filter(
      (r) => ids.has(r.idReceivable) && (r.status === 1 || r.status === 4),
    );
    expect(open.length).toBeGreaterThan(5);
    const kinds = new Set(file.groundTruth.lines.map((l) => l.kind));
    for (const k of ['payment', 'debit', 'unknown-payer', 'balance']) expect(kinds).toContain(k);
    for (const l of file.groundTruth.lines)
      if (!['payment', 'card-lump', 'boleto-lump'].includes(l.kind)) expect(l.receivableIds).toEqual([]);
  });

  it('is deterministic, and overlapping periods agree line by line', () => {
    for (const format of ['ofx', 'csv', 'xlsx'] as const) {
      const a = writeStatement(base, { ...period, format });
      const b = writeStatement(base, { ...period, format });
      expect(a.bytes.equals(b.bytes), format).toBe(true);
    }
    const june = writeStatement(base, {
      bankAccountId: 1,
      from: '2026-06-01',
      to: '2026-06-30',
      format: 'ofx',
    });
    const late = writeStatement(base, { bankAccountId: 1, from: '2026-06-15', to: TODAY, format: 'ofx' });
    const overlap = (f: StatementFile) =>
      f.groundTruth.lines.filter((l) => l.date >= '2026-06-15' && l.date <= '2026-06-30');
    expect(overlap(late)).toEqual(overlap(june).map((l, i) => ({ ...l, index: i })));
    const beforeOverlap = june.groundTruth.lines.filter((l) => l.date < '2026-06-15');
    const juneOpening =
      june.groundTruth.openingBalanceCents + beforeOverlap.reduce((s, l) => s + l.amountCents, 0);
    expect(late.groundTruth.openingBalanceCents).toBe(juneOpening);
  });

  it('scales noise with the level and can reseed it without touching the payments', () => {
    const low = writeStatement(base, { ...period, format: 'ofx', noise: 'low' });
    const high = writeStatement(base, { ...period, format: 'ofx', noise: 'high' });
    expect(low.groundTruth.lines.some((l) => l.kind === 'unknown-payer')).toBe(false);
    expect(high.groundTruth.lines.length).toBeGreaterThan(low.groundTruth.lines.length);
    const paying = (f: StatementFile) => f.groundTruth.lines.flatMap((l) => l.receivableIds).sort();
    expect(paying(high)).toEqual(paying(low));
    const reseeded = writeStatement(base, { ...period, format: 'ofx', seed: 999 });
    expect(paying(reseeded)).toEqual(paying(low));
    expect(reseeded.bytes.equals(writeStatement(base, { ...period, format: 'ofx' }).bytes)).toBe(false);
  });

  it('clamps the period to the data and rejects bad options', () => {
    const file = writeStatement(base, {
      bankAccountId: 1,
      from: '2020-01-01',
      to: '2030-01-01',
      format: 'csv',
    });
    expect(file.groundTruth.to).toBe(TODAY);
    expect(file.groundTruth.from > '2020-01-01').toBe(true);
    expect(() => writeStatement(base, { ...period, bankAccountId: 99, format: 'ofx' })).toThrow(
      /unknown bank account/,
    );
    expect(() => writeStatement(base, { ...period, from: '2026-02-30', format: 'ofx' })).toThrow(
      /yyyy-mm-dd/,
    );
    expect(() =>
      writeStatement(base, { ...period, from: '2026-08-01', to: '2026-08-02', format: 'ofx' }),
    ).toThrow(/empty/);
  });

  it('is available on a running sandbox', async () => {
    const sb = await startTestSandbox({ members: 20 });
    try {
      const file = sb.writeStatement({ bankAccountId: 1, from: '2026-07-01', to: TODAY, format: 'csv' });
      expect(file.groundTruth.lines.length).toBeGreaterThan(0);
      checkGroundTruth(sb.data, file);
    } finally {
      await sb.close();
    }
  });
});

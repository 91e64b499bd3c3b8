/**
 * The sandbox's return files ([K]) read by the real parser, and consistent with the statements the same data
 * writes: each day's settlements are exactly the boletos of that day's aggregated credit (or of its single
 * boleto lines), summing to it. Both layouts, and with trailing spaces stripped (a common download quirk).
 */
import { describe, expect, it } from 'vitest';
import { generateSandboxData, returnLayoutFor, writeReturnFile, writeStatement } from '../../../sandbox';
import { parseCnabReturn } from '../cnab/parse-cnab';

const TODAY = '2026-07-15';
const FROM = '2026-06-01';

describe('sandbox return files', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: every boleto credit of the statement is its day's settlements, in 240 and 400`, () => {
      const data = generateSandboxData({ seed, members: 300, months: 4, today: TODAY });
      let lumps = 0;
      for (const account of data.bankAccounts.filter((a) => !a.inactive)) {
        const layout = returnLayoutFor(account.bankCode);
        if (!layout) continue;
        const st = writeStatement(data, {
          bankAccountId: account.id,
          from: FROM,
          to: TODAY,
          format: 'ofx',
          boletoLumps: 'all',
        });
        // Itaú has no CNAB 240 here (Quita refuses Itaú 240); Bradesco, BB and Caixa are written in both.
        const layouts = account.bankCode === 341 ? ['400' as const] : (['240', '400'] as const);
        for (const l of layouts) {
          for (const strip of [false, true]) {
            const rf = writeReturnFile(data, {
              bankAccountId: account.id,
              from: FROM,
              to: TODAY,
              layout: l,
              stripTrailingSpaces: strip,
            });
            const parsed = parseCnabReturn(rf.bytes);
            expect(parsed.layout).toBe(l);
            expect(parsed.titles).toHaveLength(rf.groundTruth.titles.length);
            const settled = parsed.titles.filter((t) => t.isSettlement);
            const byNosso = new Map(rf.groundTruth.titles.map((t) => [t.nossoNumero, t]));
            for (const t of parsed.titles) {
              const truth = byNosso.get(t.nossoNumero)!;
              expect(t.isSettlement).toBe(truth.settlement);
              expect(t.faceValueCents).toBe(truth.faceCents);
              if (t.isSettlement) expect(t.paidCents).toBe(truth.paidCents);
            }
            for (const line of st.groundTruth.lines.filter((g) => g.kind === 'boleto-lump')) {
              lumps++;
              const day = settled.filter((t) => t.creditDate === line.date);
              expect(day.reduce((n, t) => n + t.paidCents!, 0)).toBe(line.amountCents);
              expect(day.map((t) => byNosso.get(t.nossoNumero)!.receivableId).sort()).toEqual(
                [...line.receivableIds].sort(),
              );
            }
          }
        }
      }
      expect(lumps).toBeGreaterThan(0);
    });
  }

  it('writes entries (non-settlements) for open boletos, never money', () => {
    const data = generateSandboxData({ seed: 4, members: 200, months: 3, today: TODAY });
    const primary = data.bankAccounts.find((a) => a.role === 'primary')!;
    const rf = writeReturnFile(data, { bankAccountId: primary.id, from: FROM, to: TODAY });
    const parsed = parseCnabReturn(rf.bytes);
    const entries = parsed.titles.filter((t) => !t.isSettlement);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((t) => t.occurrenceKind === 'entry' && t.paidCents === null)).toBe(true);
  });
});

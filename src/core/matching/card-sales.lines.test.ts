import { storeOfDb } from '../store/sqlite-store';
/** [J] item 5: match.lines gives a card deposit as its sales (member, sale day, gross, fee, net, percent). */
import { describe, expect, it } from 'vitest';
import { listMatchLines } from './matching.lines';
import { runMatching } from './matching.service';
import { importSandboxStatement, NOW, sandboxBranch } from './testing-db';

describe('card deposits as their sales in match.lines', () => {
  it('each proposed card deposit lists its sales; the nets add up to the credit and fee = gross − net', async () => {
    const { db, data } = await sandboxBranch('ofx', 300);
    const cards = data.bankAccounts.find((a) => a.role === 'cards')!.id;
    const statementId = await importSandboxStatement(db, data, cards, 'ofx');
    await runMatching(storeOfDb(db), { statementId }, { now: NOW });
    const page = await listMatchLines(db, { statementId, limit: 5000 });
    const deposits = page.rows.filter((r) => r.cardSales);
    expect(deposits.length).toBeGreaterThan(3);
    const byId = new Map(data.receivables.map((r) => [r.idReceivable, r]));
    for (const d of deposits) {
      const sales = d.cardSales!;
      expect(sales.map((s) => s.receivableId).sort()).toEqual(d.receivables.map((r) => r.id).sort());
      // Part of a deposit may have been received before: then the open sales are less than the credit.
      expect(sales.reduce((t, s) => t + s.netCents, 0)).toBeLessThanOrEqual(d.amountCents);
      for (const s of sales) {
        const truth = byId.get(s.receivableId)!;
        expect(s.grossCents).toBe(truth.ammountCents);
        expect(s.feeCents).toBe(s.grossCents - s.netCents);
        // The sandbox records the fee (classic style): the fee shown is the acquirer's own.
        expect(s.feeCents).toBe(truth.payment!.feeCents);
        expect(s.feePercent).toBeCloseTo((100 * s.feeCents) / s.grossCents, 2);
        expect(s.payerName).toBe(truth.payerName);
        expect(s.saleDate).toBe(truth.chargeDate!.slice(0, 10));
      }
    }
    // Lines that are not card deposits carry no sales.
    expect(
      page.rows.filter((r) => !r.reasons.some((x) => x.code === 'card_lump')).every((r) => !r.cardSales),
    ).toBe(true);
  });
});

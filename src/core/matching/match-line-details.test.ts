import { storeOfDb } from '../store/sqlite-store';
/**
 * [X] item 4: Conciliar reads its list without the card credits' sales and the reasons' sentences (`match.lines`
 * `details: false`); the focused line's panel asks `match.lineDetails` for the sales, and the renderer words the
 * reasons (shared/i18n/reasons.pt.ts). Both through the handlers and the contract's schemas: the light list is
 * the full one less `cardSales` and `text`, the sentences worded again are the full list's, and each line's
 * details are what the full list carries.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeReturnFile } from '../../sandbox';
import { matchingCommands, type MatchLineDto } from '../../shared/contract/matching';
import { renderReason } from '../../shared/i18n/reasons.pt';
import type { CoreContext } from '../context';
import type { Db } from '../db/open-db';
import { importAndSuggest } from '../import/import.handlers';
import { matchingHandlers } from './matching.handlers';
import { importSandboxStatement, NOW, sandboxBranch, TODAY } from './testing-db';

let db: Db | undefined;
afterEach(() => db?.close());

function handlers(d: Db) {
  const ctx = {
    db: () => d,
    store: () => storeOfDb(d),
    audit: () => undefined,
    log: { error: () => undefined },
  } as unknown as CoreContext;
  const h = matchingHandlers(ctx);
  const c = matchingCommands;
  return {
    h,
    lines: async (input: Record<string, unknown>) =>
      c['match.lines'].output.parse(
        await h['match.lines'](c['match.lines'].input.parse({ limit: 5000, ...input })),
      ).rows,
    details: async (lineId: number) =>
      c['match.lineDetails'].output.parse(
        await h['match.lineDetails'](c['match.lineDetails'].input.parse({ lineId })),
      ),
  };
}

/** The full list as the light one gives it: no card sales, reasons without their sentence. */
const lightened = (rows: MatchLineDto[]) =>
  rows.map(({ cardSales: _, ...rest }) => ({
    ...rest,
    reasons: rest.reasons.map((r) => ({ ...r, text: '' })),
  }));

describe('match.lines without details, match.lineDetails for one line', () => {
  it('card deposits: the light list is the full one without cardSales and sentences; each line’s details are its sales', async () => {
    const b = await sandboxBranch('ofx', 300);
    db = b.db;
    const cards = b.data.bankAccounts.find((a) => a.role === 'cards')!.id;
    const statementId = await importSandboxStatement(b.db, b.data, cards, 'ofx');
    const { h, lines, details } = handlers(b.db);
    await h['match.run']({ statementId });
    const full = await lines({ statementId });
    const light = await lines({ statementId, details: false });
    expect(full.filter((r) => r.cardSales).length).toBeGreaterThan(3);
    expect(light.some((r) => r.cardSales)).toBe(false);
    expect(light).toEqual(lightened(full));
    // The renderer words each reason as the core did.
    for (const r of full) for (const x of r.reasons) expect(renderReason(x)).toBe(x.text);
    // The default is unchanged: every caller that does not ask gets the sales.
    expect(await lines({ statementId, details: true })).toEqual(full);
    for (const r of full) {
      const d = await details(r.lineId);
      expect(d).toEqual({
        lineId: r.lineId,
        matchId: r.matchId,
        ...(r.returnTitles ? { returnTitles: r.returnTitles } : {}),
        ...(r.cardSales ? { cardSales: r.cardSales } : {}),
      });
    }
  });

  it('return files: each line’s details hold its titles as the list does', async () => {
    const b = await sandboxBranch('ofx', 150);
    db = b.db;
    const ctx = {
      db: () => b.db,
      store: () => storeOfDb(b.db),
      audit: () => undefined,
      actor: () => 'ana (test)',
      activeProfileId: () => 'demo',
      log: { error: () => undefined },
    } as unknown as CoreContext;
    const { h, lines, details } = handlers(b.db);
    await h['match.run']({});
    const rf = writeReturnFile(b.data, { bankAccountId: b.accountId, from: '2026-06-25', to: TODAY });
    await importAndSuggest(
      ctx,
      { fileName: rf.fileName, bytes: rf.bytes, bankAccountId: b.accountId },
      { now: NOW },
    );
    const full = await lines({});
    expect(full.filter((r) => r.returnTitles).length).toBeGreaterThan(0);
    // The list keeps the titles either way: a row names its titles' payer.
    expect(await lines({ details: false })).toEqual(lightened(full));
    for (const r of full) for (const x of r.reasons) expect(renderReason(x)).toBe(x.text);
    for (const r of full.filter((x) => x.returnTitles))
      expect((await details(r.lineId)).returnTitles).toEqual(r.returnTitles);
  });

  it('a line that is not a matched credit is not_found', async () => {
    const b = await sandboxBranch('ofx', 50);
    db = b.db;
    const { details } = handlers(b.db);
    await expect(details(987654)).rejects.toMatchObject({ kind: 'not_found', code: 'match.line_not_found' });
  });
});

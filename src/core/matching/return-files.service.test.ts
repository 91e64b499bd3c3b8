import { storeOfDb } from '../store/sqlite-store';
/**
 * Return files end to end on a real database ([K]): the demo branch's statement imported, then the sandbox's
 * return file of the same account and period through import.commit's handler (audited, suggestions run
 * again), then match.lines (validated against the contract) shows each explained credit with its titles.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeReturnFile, writeStatement } from '../../sandbox';
import { matchingCommands } from '../../shared/contract/matching';
import type { CoreContext } from '../context';
import type { Db } from '../db/open-db';
import { importAndSuggest } from '../import/import.handlers';
import { matchingHandlers } from './matching.handlers';
import { NOW, sandboxBranch, TODAY } from './testing-db';

let db: Db | undefined;
afterEach(() => db?.close());

describe('return files explain the statement’s boleto credits', () => {
  it('import.commit of a return file re-runs the statement’s plan; match.lines lists each credit’s titles', async () => {
    const b = await sandboxBranch('ofx', 150);
    db = b.db;
    const audits: string[] = [];
    const ctx = {
      db: () => b.db,
      store: () => storeOfDb(b.db),
      audit: (action: string, subject: string) => audits.push(`${action} ${subject}`),
      // The import's own entry is written in its transaction (audit_log), with who and which branch.
      actor: () => 'ana (desktop)',
      activeProfileId: () => 'demo',
      log: { error: () => undefined },
    } as unknown as CoreContext;
    const h = matchingHandlers(ctx);
    const lines = async () =>
      matchingCommands['match.lines'].output.parse(
        await h['match.lines'](matchingCommands['match.lines'].input.parse({ limit: 5000 })),
      ).rows;
    await h['match.run']({});
    const before = await lines();
    expect(before.some((r) => r.returnTitles)).toBe(false);

    const rf = writeReturnFile(b.data, { bankAccountId: b.accountId, from: '2026-06-25', to: TODAY });
    const r = await importAndSuggest(
      ctx,
      { fileName: rf.fileName, bytes: rf.bytes, bankAccountId: b.accountId },
      { now: NOW },
    );
    expect(r.returnFile).toMatchObject({ titles: rf.groundTruth.titles.length, sameFile: false });
    expect(r.suggestions?.statementId).toBe(b.statementId);
    expect(
      b.db.prepare("SELECT action || ' ' || subject || ' ' || actor FROM audit_log").pluck().all(),
    ).toContain(`import.committed return_file:${r.returnFile!.id} ana (desktop)`);
    expect(audits).toContain(`match.suggested statement:${b.statementId}`);

    const st = writeStatement(b.data, {
      bankAccountId: b.accountId,
      from: '2026-06-25',
      to: TODAY,
      format: 'ofx',
    });
    const truthOf = (date: string, amount: number) =>
      new Set(
        st.groundTruth.lines
          .filter((g) => g.date === date && g.amountCents === amount)
          .flatMap((g) => g.receivableIds),
      );
    const settled = rf.groundTruth.titles.filter((t) => t.settlement);
    const explained = (await lines()).filter((row) => row.returnTitles && row.state !== 'recorded');
    expect(explained.length).toBeGreaterThan(0);
    for (const row of explained) {
      const truth = truthOf(row.date, row.amountCents);
      for (const t of row.returnTitles!) {
        expect(truth.has(t.receivableId!)).toBe(true);
        expect(t.creditDate).toBe(row.date);
        expect(settled.find((s) => s.nossoNumero === t.nossoNumero)?.receivableId).toBe(t.receivableId);
      }
      expect(row.returnTitles!.reduce((n, t) => n + (t.paidCents ?? 0), 0)).toBe(row.amountCents);
      expect(row.receivables.map((x) => x.id).sort()).toEqual(
        row.returnTitles!.map((t) => t.receivableId).sort(),
      );
      expect(row.zone).toBe('green');
    }
    // A day whose titles were all received already is in the EVO ("recorded"), its titles still listed.
    const recorded = (await lines()).filter((row) => row.state === 'recorded' && row.returnTitles);
    expect(recorded.some((row) => row.returnTitles!.length > 1)).toBe(true);
    for (const row of recorded) {
      // Several titles: "lump_received"; one alone: "already_received" naming its receivable.
      expect(row.reasons.map((x) => x.code)).toEqual([
        row.returnTitles!.length > 1 ? 'lump_received' : 'already_received',
        'return_file',
      ]);
      expect(row.returnTitles!.reduce((n, t) => n + (t.paidCents ?? 0), 0)).toBe(row.amountCents);
      for (const t of row.returnTitles!)
        expect(truthOf(row.date, row.amountCents).has(t.receivableId!)).toBe(true);
    }
  });
});

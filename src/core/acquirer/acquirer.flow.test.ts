import { storeOfDb } from '../store/sqlite-store';
/**
 * Acquirer files end to end on a real database ([J] item 3): the demo branch's card account statement
 * imported, then the sandbox's settlement file of the same account and period (each layout) through
 * import.commit's handler (audited, suggestions run again); every card credit the file explains is matched
 * green as exactly the sales of its batches (the sandbox's ground truth), its fee shown.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { writeStatement } from '../../sandbox';
import { ACQUIRER_FORMATS, writeAcquirerFile } from '../../sandbox/acquirer-files';
import { generateSandboxData } from '../../sandbox';
import { matchingCommands } from '../../shared/contract/matching';
import type { CoreContext } from '../context';
import { openDb, type Db } from '../db/open-db';
import { commitImport } from '../import/import.service';
import { importAndSuggest } from '../import/import.handlers';
import { matchingHandlers } from '../matching/matching.handlers';
import { cacheSandboxData } from '../matching/testing-db';

const TODAY = '2026-07-15';
const NOW = () => new Date('2026-07-15T15:00:00Z');
const FROM = '2026-06-25';

let db: Db | undefined;
afterEach(() => db?.close());

async function cardBranch() {
  const data = generateSandboxData({ seed: 5, members: 150, months: 3, today: TODAY });
  db = openDb(':memory:');
  const at = NOW().toISOString();
  await cacheSandboxData(db, data, at);
  const accountId = data.bankAccounts.find((a) => a.role === 'cards')!.id;
  const st = writeStatement(data, { bankAccountId: accountId, from: FROM, to: TODAY, format: 'ofx' });
  const r = await commitImport(
    storeOfDb(db),
    { fileName: st.fileName, bytes: st.bytes, bankAccountId: accountId },
    { now: NOW },
  );
  return { db, data, accountId, statementId: r.statementId, statement: st };
}

let recordedSeen = 0;
afterAll(() => {
  // Across the layouts, some credit of the period was already all received: the check above ran.
  expect(recordedSeen).toBeGreaterThan(0);
});

describe('acquirer files explain the statement’s card credits', () => {
  it.each(ACQUIRER_FORMATS)(
    '%s: each explained card credit is green and exactly the sales of its batches',
    async (format) => {
      const b = await cardBranch();
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

      // EEFI pays summaries whose sales are in EEVC/EEVD: those come first (their forecasts are then superseded).
      if (format === 'rede-eefi')
        for (const sales of ['rede-eevc', 'rede-eevd'] as const) {
          const f = writeAcquirerFile(b.data, {
            bankAccountId: b.accountId,
            from: FROM,
            to: TODAY,
            format: sales,
          });
          await commitImport(
            storeOfDb(b.db),
            { fileName: f.fileName, bytes: f.bytes, bankAccountId: b.accountId },
            { now: NOW },
          );
        }
      const af = writeAcquirerFile(b.data, { bankAccountId: b.accountId, from: FROM, to: TODAY, format });
      expect(af.groundTruth.batches.length).toBeGreaterThan(0);
      const r = await importAndSuggest(
        ctx,
        { fileName: af.fileName, bytes: af.bytes, bankAccountId: b.accountId },
        { now: NOW },
      );
      expect(r.acquirerFile).toMatchObject({ sameFile: false });
      expect(
        b.db.prepare("SELECT action || ' ' || subject || ' ' || actor FROM audit_log").pluck().all(),
      ).toContain(`import.committed acquirer_file:${r.acquirerFile!.id} ana (desktop)`);
      expect(audits).toContain(`match.suggested statement:${b.statementId}`);

      const open = new Set(
        b.data.receivables.filter((x) => x.status === 1 || x.status === 4).map((x) => x.idReceivable),
      );
      const inFile = new Set(af.groundTruth.batches.flatMap((x) => x.receivableIds));
      // The card credits of the statement the file covers: all their sales are in the file, some still open.
      const covered = b.statement.groundTruth.lines.filter(
        (g) =>
          g.kind === 'card-lump' &&
          g.receivableIds.every((id) => inFile.has(id)) &&
          g.receivableIds.some((id) => open.has(id)),
      );
      const rows = await lines();
      const explained = rows.filter(
        (row) => row.state !== 'recorded' && row.reasons.some((x) => x.code === 'acquirer_file'),
      );
      expect(explained.length).toBe(covered.length);
      for (const row of explained) {
        const ids = row.receivables.map((x) => x.id);
        const truth = covered.find((g) => g.date === row.date && g.amountCents === row.amountCents)!;
        // Exactly the open sales of the credit (the statement's truth); the received ones accounted for.
        expect(ids.sort((x, y) => x - y)).toEqual(
          truth.receivableIds.filter((id) => open.has(id)).sort((x, y) => x - y),
        );
        // And the file's truth: the sales of batches paid that day.
        const batchIds = new Set(
          af.groundTruth.batches.filter((x) => x.paymentDate === row.date).flatMap((x) => x.receivableIds),
        );
        for (const id of ids) expect(batchIds.has(id)).toBe(true);
        expect(row.zone).toBe('green');
        const evidence = row.reasons.find((x) => x.code === 'acquirer_file')!;
        expect(evidence.params?.layout).toBe(r.acquirerFile!.layout);
        // Conciliar shows the credit as its sales, each with the acquirer's fee as an amount and a percent.
        expect(row.cardSales?.map((x) => x.receivableId).sort((x, y) => x - y)).toEqual(ids);
        for (const sale of row.cardSales!) {
          expect(sale.grossCents - sale.netCents).toBe(sale.feeCents);
          expect(sale.feePercent).toBeGreaterThan(0);
        }
        expect(row.cardSales!.reduce((n, x) => n + x.netCents, 0)).toBeLessThanOrEqual(row.amountCents);
      }

      // A credit whose sales were all received already is in EVO, and still lists the batch's sales.
      const recorded = rows.filter(
        (row) => row.state === 'recorded' && row.reasons.some((x) => x.code === 'acquirer_file'),
      );
      for (const row of recorded) {
        expect(row.reasons.map((x) => x.code)).toEqual(['lump_received', 'acquirer_file']);
        const truth = b.statement.groundTruth.lines.find(
          (g) => g.kind === 'card-lump' && g.date === row.date && g.amountCents === row.amountCents,
        )!;
        expect(row.cardSales?.map((x) => x.receivableId).sort((x, y) => x - y)).toEqual(
          [...truth.receivableIds].sort((x, y) => x - y),
        );
        for (const sale of row.cardSales!) expect(sale.grossCents - sale.netCents).toBe(sale.feeCents);
      }
      recordedSeen += recorded.length;
    },
  );
});

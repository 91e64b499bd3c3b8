/**
 * The reconciliation report lists each boleto credit's titles ([K]): the demo branch's statement and its
 * return file imported into a real database, matched, the greens approved and queued; each queued receivable
 * of a credit a return file explains carries its title (nosso número, paid, fee) in the files.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeReturnFile } from '../../sandbox';
import type { Db } from '../db/open-db';
import { commitImport } from '../import/import.service';
import { runMatching } from '../matching/matching.service';
import { NOW, sandboxBranch, TODAY } from '../matching/testing-db';
import { approvedNotQueued } from '../outbox/approved.repo';
import { approveGreen } from '../review/review.service';
import { reconciliationReport } from './reconciliation.report';
import { reconciliationFile } from './report-files';
import { outboxOn } from '../outbox/testing';
import { storeOfDb } from '../store/sqlite-store';

let db: Db | undefined;
afterEach(() => db?.close());

describe('reconciliation report with return files', () => {
  it('each receivable of a boleto credit shows its title; CSV has the boleto columns', async () => {
    const b = await sandboxBranch('ofx', 150);
    db = b.db;
    const rf = writeReturnFile(b.data, { bankAccountId: b.accountId, from: '2026-06-25', to: TODAY });
    await commitImport(
      storeOfDb(b.db),
      { fileName: rf.fileName, bytes: rf.bytes, bankAccountId: b.accountId },
      { now: NOW },
    );
    await runMatching(storeOfDb(b.db), { statementId: b.statementId }, { now: NOW });
    const who = { actor: 'ana (test)', profileId: 'demo' };
    await approveGreen(storeOfDb(b.db), b.statementId, who, NOW());
    await outboxOn(b.db).enqueuePairs(await storeOfDb(b.db).read(approvedNotQueued), who, {
      now: NOW().toISOString(),
    });

    const report = await reconciliationReport(storeOfDb(b.db));
    const withBoleto = report.rows.filter((r) => r.boleto);
    expect(withBoleto.length).toBeGreaterThan(0);
    const truth = new Map(rf.groundTruth.titles.map((t) => [t.nossoNumero, t]));
    for (const r of withBoleto) {
      const t = truth.get(r.boleto!.nossoNumero)!;
      expect(t.receivableId).toBe(r.receivableId);
      expect(r.boleto).toMatchObject({
        paidCents: t.paidCents,
        feeCents: t.feeCents,
        creditDate: r.lineDate,
      });
    }
    const csv = (
      await reconciliationFile(report, 'csv', {}, { branch: 'Demo', generatedAt: NOW(), today: TODAY })
    ).bytes.toString('utf8');
    expect(csv).toContain(
      'Boleto (nosso número);Boletos no crédito;Pago no boleto;Pago em (boleto);Tarifa do boleto',
    );
    expect(csv).toContain(withBoleto[0]!.boleto!.nossoNumero);
    const pdf = await reconciliationFile(
      report,
      'pdf',
      {},
      { branch: 'Demo', generatedAt: NOW(), today: TODAY },
    );
    expect(pdf.bytes.length).toBeGreaterThan(1000);
  });
});

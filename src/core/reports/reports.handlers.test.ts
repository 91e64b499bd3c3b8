import { storeOfDb } from '../store/sqlite-store';
import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../context';
import type { Db } from '../db/open-db';
import { memorySecretStore } from '../secrets/secret-store';
import { auditHandlers } from '../audit/audit.handlers';
import { reportsHandlers } from './reports.handlers';
import { pdfPages } from './pdf-text.testing';
import { buildScenario } from './scenario.testing';

/** Just what the report handlers touch: the profile's database and its name for the file header. */
function fakeCtx(db: Db): CoreContext {
  return {
    db: () => db,
    store: () => storeOfDb(db),
    activeProfileId: () => 'p-centro',
    secrets: memorySecretStore(),
    settings: { profile: () => ({ id: 'p-centro', name: 'Academia Centro', username: 'centro.w12app' }) },
  } as unknown as CoreContext;
}

describe('report commands', () => {
  it('audit.export returns each kind and format as a named file in base64', async () => {
    const { db } = await buildScenario();
    const h = reportsHandlers(fakeCtx(db));
    const csv = await h['audit.export']({ kind: 'log', format: 'csv', from: '2026-11-20', to: '2026-11-20' });
    expect(csv).toMatchObject({ fileName: 'auditoria-2026-11-20_a_2026-11-20.csv', mediaType: 'text/csv' });
    expect(Buffer.from(csv.base64, 'base64').toString('utf8')).toContain(
      'íntegra. Os 12 registros foram conferidos',
    );
    const pdf = await h['audit.export']({ kind: 'reconciliation', format: 'pdf', to: '2026-11-30' });
    expect(pdf.fileName).toMatch(/^conciliacao-inicio_a_2026-11-30\.pdf$/);
    const text = (await pdfPages(Buffer.from(pdf.base64, 'base64'))).flat();
    expect(text).toContain('Filial / perfil: Academia Centro (centro.w12app)');
    const xlsx = await h['audit.export']({ kind: 'log', format: 'xlsx', action: 'outbox.' });
    expect(xlsx.mediaType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('reports.reconciliation returns the rows and totals for the screen', async () => {
    const { db } = await buildScenario();
    const r = await reportsHandlers(fakeCtx(db))['reports.reconciliation']({ from: '2026-11-01' });
    expect(r).toMatchObject({ from: '2026-11-01', to: null, count: 3, confirmedCount: 2 });
  });
});

describe('tamper detection through audit.verify', () => {
  it('OK on an untouched log; an entry edited behind the app’s back is found, and where', async () => {
    const { db } = await buildScenario();
    const verify = () => auditHandlers(fakeCtx(db))['audit.verify']({});
    expect(await verify()).toMatchObject({ ok: true, entries: 12, brokenAt: null, reason: null });
    // What someone with another SQLite tool could do: drop the guard and rewrite who approved a payment.
    db.exec('DROP TRIGGER audit_log_no_update');
    db.prepare(`UPDATE audit_log SET actor = 'mallory (desktop)' WHERE seq = 4`).run();
    expect(await verify()).toMatchObject({
      ok: false,
      entries: 4,
      brokenAt: 4,
      reason: 'entry 4 was changed after it was written',
    });
  });

  it('a deleted entry and a rewritten hash are found too', async () => {
    const { db } = await buildScenario();
    db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete');
    db.prepare(`UPDATE audit_log SET hash = '${'0'.repeat(64)}' WHERE seq = 7`).run();
    const broken = await auditHandlers(fakeCtx(db))['audit.verify']({});
    // Entry 7's own content no longer matches its hash.
    expect(broken).toMatchObject({ ok: false, brokenAt: 7 });
    db.prepare('DELETE FROM audit_log WHERE seq >= 2 AND seq <= 3').run();
    expect(await auditHandlers(fakeCtx(db))['audit.verify']({})).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'entry 2 is missing',
    });
  });
});

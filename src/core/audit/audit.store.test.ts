import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { openDb } from '../db/open-db';
import { openSqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { verifyAudit as verifyAuditSync } from './audit-verify';
import { appendAudit as appendAuditSync, auditRowsInOrder, type AuditInput } from './audit.repo';
import { appendAudit, auditLastAt, auditRowsBetween, listAudit, verifyAudit } from './audit.store';
import { auditLogReport } from '../reports/audit-log.report';
import { auditVerification, refreshAnchorIn } from './audit-anchor.store';
import { withSubjectNamesIn } from './audit-subject';
import { memorySecretStore } from '../secrets/secret-store';

const AT0 = '2026-11-01T00:00:00.000Z';
import { storesForTests } from '../../../tests/helpers/stores';

const entry = (n: number, over: Partial<AuditInput> = {}): AuditInput => ({
  actor: 'maria (browser)',
  profileId: 'p-1',
  action: n % 2 ? 'match.approved' : 'import.committed',
  subject: `line:${n}`,
  before: { state: 'suggested', n },
  after: { state: 'approved', n, note: 'Conferido à mão — R$ 1.234,56' },
  at: `2026-11-0${1 + (n % 5)}T12:00:0${n % 10}.000Z`,
  ...over,
});

const { open, later } = storesForTests();

/** Change what a stored entry says, as someone with the database's own tools would (the app's trigger off). */
async function tamper(store: Store, statement: string): Promise<void> {
  await store.write(async (tx) => {
    if (store.dialect === 'sqlite') {
      await sql`drop trigger if exists audit_log_no_update`.execute(tx);
      await sql`drop trigger if exists audit_log_no_delete`.execute(tx);
    } else await sql`alter table audit_log disable trigger user`.execute(tx);
    await sql.raw(statement).execute(tx);
  });
}

/** The same log written by today's synchronous audit.repo.ts, in a SQLite file: the reference. */
function writtenByRepo(n: number) {
  const t = tempDir();
  later(t.cleanup);
  const file = join(t.dir, 'today.db');
  const db = openDb(file);
  for (let i = 1; i <= n; i++) appendAuditSync(db, entry(i));
  return { file, db };
}

describe.each(['sqlite', 'postgres'] as const)('audit log on the %s Store', (dialect) => {
  it('appends a chain with the same hashes audit.repo.ts writes, and lists it newest first', async () => {
    const store = await open[dialect]();
    const appended = [];
    for (let i = 1; i <= 6; i++) appended.push(await store.write((tx) => appendAudit(tx, entry(i))));
    const { db } = writtenByRepo(6);
    const reference = [...auditRowsInOrder(db)];
    db.close();
    expect(appended.map((e) => e.hash)).toEqual(reference.map((r) => r.hash));
    expect(appended.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);

    const listed = await store.read((tx) => listAudit(tx));
    expect(listed.total).toBe(6);
    expect(listed.entries.map((e) => e.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(listed.entries[0]).toEqual(appended[5]);
    expect(listed.entries[0]?.after).toEqual({
      state: 'approved',
      n: 6,
      note: 'Conferido à mão — R$ 1.234,56',
    });
  });

  it('filters by time and action prefix (any ASCII case, % and _ literal) and pages', async () => {
    const store = await open[dialect]();
    for (let i = 1; i <= 6; i++) await store.write((tx) => appendAudit(tx, entry(i)));
    await store.write((tx) => appendAudit(tx, entry(7, { action: 'matchXapproved' })));
    const q = (query: Parameters<typeof listAudit>[1]) => store.read((tx) => listAudit(tx, query));
    expect((await q({ action: 'MATCH.' })).entries.map((e) => e.seq)).toEqual([5, 3, 1]);
    expect((await q({ action: 'match_' })).total).toBe(0);
    const window = await q({ from: '2026-11-02', to: '2026-11-04' });
    // Days 2 and 3 of November: entries 1 and 6, 2 and 7.
    expect(window.entries.map((e) => e.seq)).toEqual([7, 6, 2, 1]);
    const page = await q({ limit: 2, offset: 1 });
    expect(page).toMatchObject({ total: 7 });
    expect(page.entries.map((e) => e.seq)).toEqual([6, 5]);
  });

  it('verifies an intact chain, and finds an entry changed or deleted behind the app, as today', async () => {
    const store = await open[dialect]();
    for (let i = 1; i <= 5; i++) await store.write((tx) => appendAudit(tx, entry(i)));
    expect(await store.read(verifyAudit)).toEqual({ ok: true, entries: 5, brokenAt: null, reason: null });

    await tamper(store, `update audit_log set after_json = '{"state":"rejected"}' where seq = 3`);
    const changed = await store.read(verifyAudit);
    expect(changed).toEqual({
      ok: false,
      entries: 3,
      brokenAt: 3,
      reason: 'entry 3 was changed after it was written',
    });
    await tamper(store, `delete from audit_log where seq = 2`);
    expect(await store.read(verifyAudit)).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'entry 2 is missing',
    });
  });

  it('says what today’s verifier says of the same tampered log', async () => {
    const { file, db } = writtenByRepo(4);
    db.exec('DROP TRIGGER audit_log_no_update');
    db.prepare(`UPDATE audit_log SET actor = 'mallory' WHERE seq = 2`).run();
    const expected = verifyAuditSync(db);
    db.close();
    expect(expected.ok).toBe(false);
    const store = openSqliteStore(file);
    later(() => store.close());
    const { ok, entries, brokenAt, reason } = expected;
    expect(await store.read(verifyAudit)).toEqual({ ok, entries, brokenAt, reason });
  });

  it('refuses to change or delete an entry through the app', async () => {
    const store = await open[dialect]();
    await store.write((tx) => appendAudit(tx, entry(1)));
    await expect(store.write((tx) => sql`update audit_log set actor = 'x'`.execute(tx))).rejects.toThrow(
      /append-only/,
    );
    await expect(store.write((tx) => sql`delete from audit_log`.execute(tx))).rejects.toThrow(/append-only/);
    expect((await store.read((tx) => listAudit(tx))).entries[0]?.actor).toBe('maria (browser)');
  });

  it('writes nothing when the change it records fails (one transaction)', async () => {
    const store = await open[dialect]();
    await expect(
      store.write(async (tx) => {
        await appendAudit(tx, entry(1));
        throw new Error('the import failed');
      }),
    ).rejects.toThrow('the import failed');
    expect((await store.read((tx) => listAudit(tx))).total).toBe(0);
    expect((await store.write((tx) => appendAudit(tx, entry(1)))).seq).toBe(1);
  });

  it('keeps one chain when 30 appends are started at once', async () => {
    const store = await open[dialect]();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => store.write((tx) => appendAudit(tx, entry(i + 1)))),
    );
    expect(await store.read(verifyAudit)).toEqual({ ok: true, entries: 30, brokenAt: null, reason: null });
  });

  it('verifies a chain today’s audit.repo.ts wrote on SQLite (opened, or moved row by row to the server)', async () => {
    const { file, db } = writtenByRepo(1205);
    const rows = [...auditRowsInOrder(db)];
    db.close();
    let store: Store;
    if (dialect === 'sqlite') {
      store = openSqliteStore(file);
      later(() => store.close());
    } else {
      store = await open.postgres();
      await store.write(async (tx) => {
        for (let i = 0; i < rows.length; i += 200)
          await tx
            .insertInto('audit_log')
            .values(rows.slice(i, i + 200))
            .execute();
      });
    }
    // More than one page of the walk (1,000 rows a query).
    expect(await store.read(verifyAudit)).toEqual({ ok: true, entries: 1205, brokenAt: null, reason: null });
    const next = await store.write((tx) => appendAudit(tx, entry(1206)));
    expect(next.seq).toBe(1206);
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 1206 });
  });
});

/** A child process appending to the chain (audit-append-worker.testing.ts), started only when told "go". */
function worker(url: string, count: number, label: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join('src', 'core', 'audit', 'audit-append-worker.testing.ts'),
      url,
      String(count),
      label,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      lines.on('line', (l) => l === word && resolve());
      child.on('exit', (code) => reject(new Error(`worker ${label} exited with ${code} before "${word}"`)));
    });
  return { ready: said('ready'), done: said('done'), go: () => child.stdin.end('go\n') };
}

describe.each(['sqlite', 'postgres'] as const)('Auditoria on the %s Store', (dialect) => {
  it('names subjects from the entry or the database, says when the log last moved, and verifies with its anchor', async () => {
    const store = await open[dialect]();
    const secrets = memorySecretStore();
    expect(await store.read(auditLastAt)).toBeNull();
    await store.write(async (tx) => {
      await tx
        .insertInto('aside_rules')
        .values({ id: 7, pattern: 'rendimento', reason: 'interest', created_at: AT0, updated_at: AT0 })
        .execute();
      await appendAudit(tx, entry(1, { subject: 'aside_rule:7', before: null, after: null }));
      await appendAudit(tx, entry(2, { subject: 'statement:3', after: { fileName: 'extrato.ofx' } }));
      await appendAudit(tx, entry(3, { subject: 'profile:p-1', before: null, after: null }));
      await appendAudit(tx, entry(4, { subject: 'line:99', before: null, after: null }));
      await appendAudit(tx, entry(5, { subject: 'matching' }));
    });
    const named = await store.read(async (tx) =>
      withSubjectNamesIn(tx, (await listAudit(tx)).entries, (id) => (id === 'p-1' ? 'Centro' : undefined)),
    );
    expect(named.map((e) => [e.subject, e.subjectName]).reverse()).toEqual([
      ['aside_rule:7', 'rendimento'], // from the database
      ['statement:3', 'extrato.ofx'], // from the entry itself
      ['profile:p-1', 'Centro'], // from the settings
      ['line:99', null], // no longer there
      ['matching', null],
    ]);
    expect(await store.read(auditLastAt)).toBe(entry(5).at);
    // The export's rows: oldest first, the prefix in any case and literal, the period's bounds.
    const between = (q: Parameters<typeof auditRowsBetween>[1]) =>
      store.read(async (tx) => (await auditRowsBetween(tx, q)).map((r) => r.seq));
    expect(await between({ actionPrefix: 'MATCH.' })).toEqual([1, 3, 5]);
    expect(await between({ actionPrefix: 'match_' })).toEqual([]);
    expect(await between({ fromUtc: entry(2).at, toUtc: entry(4).at })).toEqual([2, 3]);
    const report = await auditLogReport(store, { action: 'match.' });
    expect(report.rows.map((r) => [r.seq, r.subjectName])).toEqual([
      [1, 'rendimento'],
      [3, null], // a profile is named by the settings, which the export does not read
      [5, null],
    ]);
    expect(report.verification).toMatchObject({ ok: true, entries: 5, anchor: null });
    // No anchor yet: the chain alone. Then anchored: whole; then an entry removed from the end: found.
    expect(await store.read((tx) => auditVerification(tx, secrets, 'p-1'))).toEqual({
      ok: true,
      entries: 5,
      brokenAt: null,
      reason: null,
      anchor: null,
    });
    await refreshAnchorIn(store, secrets, 'p-1');
    expect(await store.read((tx) => auditVerification(tx, secrets, 'p-1'))).toMatchObject({
      ok: true,
      anchor: { count: 5 },
    });
    await tamper(store, 'delete from audit_log where seq = 5');
    expect(await store.read((tx) => auditVerification(tx, secrets, 'p-1'))).toMatchObject({
      ok: false,
      entries: 4,
      brokenAt: 5,
      reason: 'the log ends at entry 4, but entry 5 was written (entries were removed from the end)',
    });
  });
});

describe('audit log on PostgreSQL: two server processes appending at once', () => {
  it('2 processes × 200 appends → 400 entries in one chain, no fork', async () => {
    const store = await open.postgres();
    const url = store.url;
    const workers = [worker(url, 200, 'a'), worker(url, 200, 'b')];
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.go();
    await Promise.all(workers.map((w) => w.done));

    expect(await store.read(verifyAudit)).toEqual({ ok: true, entries: 400, brokenAt: null, reason: null });
    const links = await store.read((tx) =>
      sql<{ n: number; links: number; a: number; b: number }>`
        select count(*) as n, count(distinct prev_hash) as links,
               count(*) filter (where actor = 'worker a') as a, count(*) filter (where actor = 'worker b') as b
        from audit_log`.execute(tx),
    );
    // Every entry links to a different one (a fork would give two entries the same previous hash), and both
    // processes' appends are in it.
    expect(links.rows[0]).toEqual({ n: 400, links: 400, a: 200, b: 200 });
  }, 120_000);
});

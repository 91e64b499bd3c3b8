/**
 * [U] issue 29, "Must show" 1 — the morning runs itself, end to end over real parts: a real core on a real SQLite
 * data folder; the integration API sandbox over loopback (its day pinned to TEST_TODAY); the sandbox Pix API over
 * mutual TLS, registered as a bank feed through `feeds.save` with the sandbox's client certificate (PEM pair) and
 * the authority that signed the sandbox's server certificate; an
 * acquirer file and a CNAB return file dropped in the intake folder set through `intake.setFolder`; the send policy
 * switched on through `policy.dryRun` then `policy.save`; cycles run through `cycle.run` (trigger `schedule`, as the
 * app's timer runs it) and, for the kill, `quita run --cycle` in a process of its own (as the system's scheduler).
 *
 * The files are the sandbox's reproductions of real ones:
 * - acquirer: Cielo's EDI v15 "04 pagamentos" (settlements paid into the Itaú account, bank 341);
 * - return: Banco do Brasil's FEBRABAN CNAB 240 return file (bank 001), boleto titles settled.
 *
 * The bank's day in 3 pages: the connector asks pages of 1000 (the standard's maximum, pix-client.ts), so the
 * feed's first day (yesterday) holds 2,500 Pix — the members' own Pix plus small transfers that are not members'
 * (the shop's). The core's cycle reads the computer's clock (cycle.run has no clock of its own), so the Pix API
 * sandbox runs on that same clock and everything the test adds is placed relative to it; `npm run test:dates`
 * shifts both together. Nothing waits for time: background state is awaited with vi.waitFor and a deadline, the
 * kill lands when the integration API says the held mark-received has arrived.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeReturnFile, type RunningSandbox } from '../../src/sandbox';
import { client, type ApiReceivable } from '../../src/sandbox/testing';
import { writeAcquirerFile } from '../../src/sandbox/acquirer-files';
import { startPixSandbox, type RunningPixSandbox } from '../../src/sandbox/pix';
import type { CycleRecord } from '../../src/shared/contract/cycle';
import { commandCaller, testCore } from '../helpers/core';
import { addPixAt, fillDay, PIX_PAGE, pixIn } from '../helpers/morning';
import { statusesInApi, TEST_TODAY, testDay, testSandbox, TO_RECONCILE } from '../helpers/sandbox';

// Read at each send (send.handlers.ts); put back after this file: the suite runs its files in shared processes.
beforeAll(() => {
  vi.stubEnv('QUITA_SETTLE_AFTER_MS', '200');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

interface FeedDto {
  id: number;
  readThrough: string | null;
  lastRun: { fetched: number; added: number; known: number; requests: number; error: unknown } | null;
}
interface MatchLine {
  lineId: number;
  bucket: string;
  state: string;
  receivables: { id: number }[];
}
type Counts = Record<string, number>;

describe('the morning runs itself (issue 29, Must show 1)', () => {
  // The CLI's mode: no schedule timer of its own fires beside the cycles the test starts.
  const t = testCore('cli');
  const call = commandCaller(t.core);
  const keyFile = join(dirname(t.dataDir), 'keys', 'master.key');
  const folder = join(dirname(t.dataDir), 'entrada');
  let evo: RunningSandbox;
  let pix: RunningPixSandbox;
  let feedId: number;
  const db = () => t.core.ctx.dbFor(t.core.ctx.activeProfileId());
  const accountOf = (bank: number) => evo.data.bankAccounts.find((a) => a.bankCode === bank)!.id;
  const pixGets = () => pix.journal.filter((j) => j.method === 'GET' && j.path === '/api/v2/pix').length;
  const tokens = () => pix.journal.filter((j) => j.method === 'POST').length;
  const feedLines = () =>
    db()
      .prepare(
        "SELECT fitid FROM statement_lines WHERE statement_id IN (SELECT id FROM statements WHERE format = 'pix')",
      )
      .pluck()
      .all() as string[];
  const scheduledCycle = async () => {
    const r = await call<{ busy: boolean; cycle: CycleRecord | null }>('cycle.run', { trigger: 'schedule' });
    expect(r.busy).toBe(false);
    return r.cycle!;
  };
  const settled = () =>
    vi.waitFor(
      async () => {
        const b = await call<{ counts: Counts }>('send.batches', {});
        expect(b.counts.queued! + b.counts.sending! + b.counts.sent! + b.counts.unknown!).toBe(0);
      },
      { timeout: 60_000, interval: 200 },
    );
  const policyApprovals = () =>
    db()
      .prepare(
        `SELECT actor, subject, after_json AS after FROM audit_log
          WHERE action = 'match.approved' AND json_extract(after_json, '$.policyVersion') IS NOT NULL`,
      )
      .all() as { actor: string; subject: string; after: string }[];
  const markedIds = (outcome: string) =>
    evo.markReceivedJournal.filter((m) => m.outcome === outcome).flatMap((m) => [...m.ids]);

  /**
   * `n` members pay by Pix, in full name and the exact amount, an open receivable due within 3 days of the sandbox's
   * today, one a minute from `from`. The receivables are made for the test: the integration sandbox's admin-only
   * control route (POST /__sandbox/receivables) copies the Pix receivables due nearest to today to other members
   * (open, same amount and due date), so there is one to pay on any date. Returns how many were paid.
   */
  async function membersPayByPix(n: number, tail: string, from: number): Promise<number> {
    const admin = client(evo, 'admin');
    const nearest = evo.data.receivables
      .filter((r) => r.paymentType === 18 && r.status !== 3)
      .map((r) => ({ r, off: Math.abs(Date.parse(r.dueDate.slice(0, 10)) - Date.parse(TEST_TODAY)) }))
      .filter((x) => x.off <= 3 * 86_400_000)
      .sort((x, y) => x.off - y.off || x.r.idReceivable - y.r.idReceivable)
      .slice(0, n);
    copies += nearest.length;
    for (const [i, { r }] of nearest.entries()) {
      const added = await admin.send(
        'POST',
        '/__sandbox/receivables',
        { likeId: r.idReceivable },
        'application/json',
      );
      expect(added.status).toBe(201);
      const { idReceivable } = (await added.json()) as { idReceivable: number };
      const [copy] = await client(evo).json<ApiReceivable[]>(
        `/api/v1/receivables?idReceivable=${idReceivable}`,
      );
      addPixAt(pix, new Date(from + i * 60_000), {
        amountCents: Math.round(copy!.ammount * 100),
        payerName: copy!.payerName.toUpperCase(),
        payerDocument: `6${tail.length}${String(copies * 10 + i).padStart(9, '0')}`,
        tail: `${tail}${i}`,
      });
    }
    return nearest.length;
  }
  /** Copies made so far (each copy goes to a member who owes nothing of that amount yet: another each time). */
  let copies = 0;

  const yesterday = testDay(-1);
  const dayStart = (d: string) => new Date(`${d}T00:00:00.000-03:00`);
  let cycle1: CycleRecord;
  let cycle2: CycleRecord;
  let servedFirst: Set<string>;
  let recent: string[];

  beforeAll(async () => {
    evo = await testSandbox({ ...TO_RECONCILE, members: 120 });
    pix = await startPixSandbox({ data: evo.data, now: () => new Date() });
    await call('profiles.save', {
      name: 'Centro',
      baseUrl: evo.url,
      username: evo.username,
      password: evo.branchKey,
      keyKind: 'branch',
    });
    // The first sync (the clerk's, when connecting): the bank accounts a feed and the files are tied to.
    await call('sync.run', {});
    mkdirSync(folder, { recursive: true });
    await call('intake.setFolder', { folder });
  }, 120_000);
  afterAll(async () => {
    await pix?.close();
    await evo?.close();
    await t.core.close();
    t.cleanup();
  });

  it('reads the Pix (3 pages over mTLS) and the dropped files, sends the policy’s greens with read-back, leaves the rest to decide', async () => {
    // --- The bank feed, added as Configurações → Conexões bancárias adds it, with the company certificate as a PEM
    // pair (the .pfx path: feeds' own tests and the bank-feeds journey). The sandbox's server certificate is signed by
    // its own test authority, as a bank whose API uses ICP-Brasil's or its own: without that authority's certificate
    // the bank's address is not trusted; the company certificate given as the authority is refused. (A .pfx that
    // carries its chain makes its authorities trusted too: Node's TLS reads them from the PKCS#12.)
    const stage = (name: string, text: string) => t.core.ctx.uploads.stage(name, Buffer.from(text)).uploadId;
    const base = {
      label: 'Pix do banco',
      bankAccountId: pix.bankAccountId,
      tokenUrl: pix.tokenUrl,
      baseUrl: pix.baseUrl,
      clientId: pix.clientId,
      clientSecret: pix.clientSecret,
      certificate: {
        kind: 'pem',
        certUploadId: stage('empresa.crt', pix.pki.client.cert),
        keyUploadId: stage('empresa.key', pix.pki.client.key),
      },
      startDate: yesterday,
    };
    await expect(
      call('feeds.save', { ...base, serverCa: { uploadId: stage('empresa.pem', pix.pki.client.cert) } }),
    ).rejects.toMatchObject({ code: 'feeds.ca_unreadable' });
    const untrusted = await call<FeedDto>('feeds.save', base);
    await expect(call('feeds.test', { id: untrusted.id })).rejects.toMatchObject({
      code: 'feeds.server_untrusted',
    });
    const feed = await call<FeedDto>('feeds.save', {
      ...base,
      id: untrusted.id,
      serverCa: { uploadId: stage('autoridade-do-banco.pem', pix.pki.ca.cert) },
    });
    feedId = feed.id;
    const test = await call<{ requests: number }>('feeds.test', { id: feedId });
    expect(test.requests).toBe(2); // the token and one page: mTLS and OAuth2 work

    // --- The bank's day: yesterday in 3 pages; two Pix of the last minutes that the next cycle reads again.
    fillDay(pix, yesterday, 2500);
    const now = Date.now();
    recent = [10, 5].map(
      (min, i) =>
        addPixAt(pix, new Date(now - min * 60_000), {
          amountCents: 5_101 + i,
          payerName: 'CLIENTE DA LANCHONETE',
          payerDocument: `8000000000${i}`,
          tail: `recent${i}`,
        }).endToEndId,
    );
    // The morning's payments, built rather than hoped for (the generated branch's own Pix of these two days may
    // hold none the policy takes: on 2026-12-31, when banks do not open to the public, it held none).
    expect(await membersPayByPix(3, 'morning', now - 20 * 60_000)).toBeGreaterThan(0);
    const yesterdayPix = pixIn(
      pix,
      dayStart(yesterday),
      new Date(dayStart(yesterday).getTime() + 86_400_000),
    );
    expect(Math.ceil(yesterdayPix.length / PIX_PAGE)).toBe(3);

    // --- The files: dropped in the intake folder (by the bank's transfer software, an e-mail rule).
    const acq = writeAcquirerFile(evo.data, {
      bankAccountId: accountOf(341),
      from: testDay(-30),
      to: TEST_TODAY,
      format: 'cielo',
    });
    const ret = writeReturnFile(evo.data, {
      bankAccountId: accountOf(1),
      from: testDay(-30),
      to: TEST_TODAY,
    });
    expect(ret.groundTruth.layout).toBe('240');
    expect(acq.groundTruth.batches.length).toBeGreaterThan(0);
    expect(ret.groundTruth.titles.length).toBeGreaterThan(0);
    writeFileSync(join(folder, acq.fileName), acq.bytes);
    writeFileSync(join(folder, ret.fileName), ret.bytes);

    // --- The send policy: the dry run first (the product refuses to switch it on otherwise), then on.
    const policy = await call<{ policy: Record<string, unknown> }>('policy.get', {});
    const on = { ...policy.policy, enabled: true };
    await expect(call('policy.save', on)).rejects.toMatchObject({ code: 'policy.dry_run_first' });
    await call('policy.dryRun', { policy: on });
    const saved = await call<{ version: number }>('policy.save', on);
    const version = saved.version;

    // --- Cycle 1.
    const gets0 = pixGets();
    const tokens0 = tokens();
    const cycleStart = Date.now();
    cycle1 = await scheduledCycle();
    expect(cycle1.steps.map((s) => [s.step, s.state])).toEqual([
      ['sync', 'done'],
      ['feeds', 'done'],
      ['intake', 'done'],
      ['match', 'done'],
      ['policy', 'done'],
      ['send', 'done'],
    ]);
    const runTo = new Date(
      Date.parse((await call<{ feeds: FeedDto[] }>('feeds.list', {})).feeds[0]!.readThrough!),
    );
    expect(runTo.getTime()).toBeGreaterThanOrEqual(cycleStart - 1000);
    const served = pixIn(pix, dayStart(yesterday), runTo);
    servedFirst = new Set(served.map((p) => p.endToEndId));
    expect(cycle1.summary!.feeds).toEqual([
      expect.objectContaining({ fetched: served.length, added: served.length, error: null }),
    ]);
    // Requests: 1 token; yesterday's 3 pages + today's pages so far; the daily refund check (2 earlier days, 1 page each).
    const todayPages = Math.max(1, Math.ceil(pixIn(pix, dayStart(TEST_TODAY), runTo).length / PIX_PAGE));
    expect(tokens() - tokens0).toBe(1);
    expect(pixGets() - gets0).toBe(3 + todayPages + 2);
    // Every Pix is one line, under its endToEndId.
    const lines1 = feedLines();
    expect(lines1.length).toBe(served.length);
    expect(new Set(lines1)).toEqual(servedFirst);

    // The files were imported and moved to importados/.
    expect(cycle1.summary!.filesImported).toBe(2);
    const left = readdirSync(folder).filter((n) => !['importados', 'recusados'].includes(n));
    expect(left).toEqual([]);
    expect(readdirSync(join(folder, 'importados')).sort()).toEqual([acq.fileName, ret.fileName].sort());
    expect(existsSync(join(folder, 'recusados', `${acq.fileName}.motivo.txt`))).toBe(false);

    // The policy approved greens and the cycle sent those, and only those.
    expect(cycle1.summary!.policyVersion).toBe(version);
    expect(cycle1.summary!.approvedByPolicy).toBeGreaterThan(0);
    await settled();
    const sent1 = markedIds('applied');
    const approvedIds = (
      db().prepare('SELECT receivable_id FROM cycle_policy_pairs').pluck().all() as number[]
    ).sort((a, b) => a - b);
    expect([...sent1].sort((a, b) => a - b)).toEqual(approvedIds);
    expect(cycle1.summary!.sent).toBe(approvedIds.length);

    // --- Cycle 2: the same Pix fetched again (the 30-minute overlap), counted known; nothing sent again.
    const gets1 = pixGets();
    cycle2 = await scheduledCycle();
    expect(cycle2.state).toBe('done');
    const f2 = (await call<{ feeds: FeedDto[] }>('feeds.list', {})).feeds[0]!;
    expect(f2.lastRun!.error).toBeNull();
    expect(f2.lastRun!.added).toBe(0);
    expect(f2.lastRun!.fetched).toBeGreaterThanOrEqual(recent.length);
    expect(f2.lastRun!.known).toBe(f2.lastRun!.fetched);
    expect(pixGets() - gets1).toBe(1);
    const lines2 = feedLines();
    expect(lines2.length).toBe(lines1.length); // fetched twice, stored once
    expect(new Set(lines2).size).toBe(lines2.length);
    for (const id of recent) expect(lines2.filter((l) => l === id)).toHaveLength(1);
    expect(cycle2.summary!.filesImported).toBe(0);
    expect(cycle2.summary!.approvedByPolicy).toBe(0);
    expect(markedIds('applied')).toEqual(sent1);

    // Confirmed by read-back: the batches say confirmed, and the integration API shows them received.
    const b = await call<{ counts: Counts }>('send.batches', {});
    expect(b.counts.confirmed).toBeGreaterThan(0);
    expect(b.counts.needs_review ?? 0).toBe(0);
    expect(new Set(await statusesInApi(evo, sent1))).toEqual(new Set([2]));

    // Audit: each automatic approval names the policy and its version.
    const audits = policyApprovals();
    expect(audits).toHaveLength(cycle1.summary!.approvedByPolicy);
    for (const a of audits) {
      expect(a.actor).toBe(`regra de envio automático ${version}`);
      expect(JSON.parse(a.after)).toMatchObject({
        policyVersion: version,
        note: `aprovado pela regra de envio automático ${version}`,
      });
    }

    // The rest waits in "A decidir", read as Conciliar reads it (match.lines, bucket toDecide).
    const statements = await call<{ statements: { id: number }[] }>('import.statements', {});
    const all: MatchLine[] = [];
    for (const s of statements.statements) {
      const page = await call<{ rows: MatchLine[] }>('match.lines', { statementId: s.id, limit: 5000 });
      all.push(...page.rows);
    }
    const toDecide = all.filter((l) => l.bucket === 'toDecide');
    const approvedLines = new Set(audits.map((a) => Number(a.subject.replace('line:', ''))));
    expect(toDecide.length).toBeGreaterThan(0);
    expect(toDecide.filter((l) => approvedLines.has(l.lineId))).toEqual([]);
    for (const l of all.filter((x) => approvedLines.has(x.lineId))) expect(l.bucket).toBe('sentConfirmed');
    const dash = await call<{ all: { buckets: { toDecide: { count: number } } } }>('dashboard.summary', {});
    expect(dash.all.buckets.toDecide.count).toBe(toDecide.length);
    expect(cycle2.summary!.toDecide).toBe(toDecide.length);
  }, 300_000);

  it('a scheduled cycle killed mid-send and started again marks nothing twice', async () => {
    // The next morning's Pix: three more members pay their open receivable in full name and exact amount.
    expect(await membersPayByPix(3, 'kill', Date.now() - 3 * 60_000)).toBeGreaterThan(0);
    const appliedBefore = markedIds('applied').length;
    const held = evo.holdMarkReceived();
    // The system scheduler's way: `quita run --cycle` in a process of its own.
    const child = spawn(process.execPath, ['bin/quita.mjs', '--data-dir', t.dataDir, 'run', '--cycle'], {
      env: { ...process.env, QUITA_KEY_FILE: keyFile, QUITA_SETTLE_AFTER_MS: '200' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    const put = await held.arrived;
    expect(put.ids.length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    // The server was only slow: it applies the orphaned PUT after the process died.
    expect(await held.release()).toBe('applied');

    // The next scheduled cycle finds the dead one interrupted and settles its batch by reading it back.
    const again = await scheduledCycle();
    const history = await call<{ cycles: { id: number; state: string }[] }>('cycle.history', { limit: 3 });
    expect(history.cycles[0]!.id).toBe(again.id);
    expect(history.cycles[1]!.state).toBe('interrupted');
    await settled();
    const applied = markedIds('applied');
    expect(new Set(applied).size).toBe(applied.length); // no receivable marked twice
    expect(applied.length).toBeGreaterThan(appliedBefore);
    for (const id of put.ids) expect(applied.filter((x) => x === id)).toHaveLength(1);
    expect(evo.markReceivedJournal.filter((m) => m.outcome === 'refused')).toEqual([]);
    const b = await call<{ counts: Counts }>('send.batches', {});
    expect(b.counts.needs_review ?? 0).toBe(0);
    expect(new Set(await statusesInApi(evo, [...put.ids]))).toEqual(new Set([2]));
    // The kill's Pix were read once too: every line of the feed still one per endToEndId.
    const lines = feedLines();
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.length).toBeGreaterThan(servedFirst.size);
    expect(feedId).toBeGreaterThan(0);
  }, 300_000);
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateSandboxData, writeStatement } from '../../sandbox';
import { startPixSandbox, type RunningPixSandbox } from '../../sandbox/pix';
import { openDb, type Db } from '../db/open-db';
import { commitImport } from '../import/import.service';
import { memoryLogger } from '../log';
import { memorySecretStore } from '../secrets/secret-store';
import { saveFeedSecrets } from './feed-secrets';
import { feedsRepo } from './feeds.repo';
import { runFeed } from './run';
import { cacheSandboxData } from '../matching/testing-db';
import { storeOfDb } from '../store/sqlite-store';

/**
 * A feed run on a real SQLite file against the real sandbox Pix API (mTLS over loopback): lines stored once, matched
 * as an import's, recognised as one with the same credit in a statement file (both orders), failures as one
 * sentence without stopping the others, secrets never on disk in clear. Clocks pinned.
 */
const TODAY = '2026-07-15';
const NOW = new Date('2026-07-15T15:00:00.000Z');
const data = generateSandboxData({ seed: 5, members: 150, months: 3, today: TODAY, unreconciledDays: 8 });
const accountId = data.bankAccounts.find((a) => a.role === 'primary')!.id;
const PROFILE = 'p-centro';

let sb: RunningPixSandbox;
let dir: string;
let db: Db;
let secrets: ReturnType<typeof memorySecretStore>;
let log: ReturnType<typeof memoryLogger>;

beforeAll(async () => {
  sb = await startPixSandbox({ data, now: () => NOW, bankAccountId: accountId });
});
afterAll(async () => {
  await sb.close();
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quita-feeds-'));
  db = openDb(join(dir, 'quita.db'));
  const at = NOW.toISOString();
  await cacheSandboxData(db, data, at);
  secrets = memorySecretStore();
  log = memoryLogger();
  sb.setQuirks({});
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ctx = () => ({ storeFor: () => storeOfDb(db), secrets, log, actor: () => 'ana (test)' });

const feeds = () => storeOfDb(db);

async function addFeed(over: { startDate?: string; clientSecret?: string; label?: string } = {}) {
  const row = {
    kind: 'pix-api',
    label: over.label ?? 'Pix do Itaú',
    bank_account_id: accountId,
    preset: null,
    token_url: sb.tokenUrl,
    base_url: sb.baseUrl,
    client_id: sb.clientId,
    scope: 'pix.read',
    ca_pem: sb.pki.ca.cert,
    certificate_json: null,
    enabled: 1,
    start_date: over.startDate ?? '2026-07-08',
  } as const;
  const id = await feeds().write((tx) => feedsRepo.insert(tx, row, NOW.toISOString()));
  const feed = (await feeds().read((tx) => feedsRepo.get(tx, id)))!;
  saveFeedSecrets(secrets, PROFILE, feed, {
    clientSecret: over.clientSecret ?? sb.clientSecret,
    certificate: {
      kind: 'pfx',
      pfxBase64: sb.pki.client.pfx.toString('base64'),
      password: sb.pki.client.password,
    },
  });
  return id;
}

const run = async (id: number, now = NOW) =>
  runFeed(ctx(), PROFILE, (await feeds().read((tx) => feedsRepo.get(tx, id)))!, {
    now: () => now,
    sleep: async () => {},
  });

const pixSince = (date: string) =>
  sb.items().filter((p) => p.at >= new Date(`${date}T00:00:00-03:00`) && p.at <= NOW);

describe('bank feed runs (real SQLite file, sandbox Pix API over mTLS)', () => {
  it('stores each Pix once, suggests matches for it, and a second run counts it known', async () => {
    const id = await addFeed({ startDate: '2026-06-15' });
    const first = await run(id);
    const expected = pixSince('2026-06-15');
    expect(expected.length).toBeGreaterThan(10);
    expect(first.error).toBeNull();
    expect(first).toMatchObject({ fetched: expected.length, added: expected.length, known: 0, rejected: 0 });
    const stored = db
      .prepare(
        "SELECT fitid, payer_text, payer_document FROM statement_lines WHERE bank_account_id = ? AND kind = 'credit'",
      )
      .all(accountId) as { fitid: string; payer_text: string; payer_document: string }[];
    expect(new Set(stored.map((s) => s.fitid))).toEqual(new Set(expected.map((p) => p.endToEndId)));
    // Matching ran for the feed's statements as for an import: the Pix found their receivables (open ones
    // proposed, those the gym already recorded as received recognised as such).
    const found = db
      .prepare(
        `SELECT COUNT(*) FROM matches m JOIN statement_lines l ON l.id = m.line_id
         WHERE m.state IN ('suggested', 'recorded') AND l.statement_id IN (${first.statementIds.join(',')})`,
      )
      .pluck()
      .get() as number;
    expect(found).toBeGreaterThan(expected.length * 0.8);
    expect(db.prepare("SELECT COUNT(*) FROM audit_log WHERE action = 'match.suggested'").pluck().get()).toBe(
      first.statementIds.length,
    );

    // Fetched twice, counted once: the next run asks from 30 min before where this one stopped.
    const later = new Date(NOW.getTime() + 10 * 60_000);
    const second = await run(id, later);
    expect(second.added).toBe(0);
    expect(second.error).toBeNull();
    expect(db.prepare('SELECT COUNT(*) FROM statement_lines').pluck().get()).toBe(expected.length);
    expect((await feeds().read((tx) => feedsRepo.get(tx, id)))!.read_through).toBe(later.toISOString());
    // A first run from scratch again (read_through forgotten) reads everything again and adds nothing.
    db.prepare('UPDATE bank_feeds SET read_through = NULL WHERE id = ?').run(id);
    const again = await run(id, later);
    expect(again).toMatchObject({ added: 0, known: expected.length });
  });

  it('a Pix read from the API and the same credit in the OFX imported later are one line', async () => {
    const id = await addFeed({ startDate: '2026-06-15' });
    const fetched = await run(id);
    const file = writeStatement(data, {
      bankAccountId: accountId,
      from: '2026-06-15',
      to: '2026-07-14',
      format: 'ofx',
    });
    const pixInFile = sb
      .items()
      .filter((p) => p.at >= new Date('2026-06-15T03:00:00Z') && p.at < new Date('2026-07-15T03:00:00Z'));
    expect(pixInFile.length).toBeGreaterThan(20);
    const r = await commitImport(
      storeOfDb(db),
      { fileName: file.fileName, bytes: file.bytes, bankAccountId: accountId },
      { now: () => NOW },
    );
    const aliases = db.prepare('SELECT COUNT(*) FROM line_aliases').pluck().get() as number;
    expect(aliases).toBe(pixInFile.length);
    expect(r.known.credits).toBe(pixInFile.length);
    // Every credit of the period is there exactly once: the file's other credits plus the fetched Pix.
    const fileCredits = file.groundTruth.lines.filter(
      (l) => l.amountCents > 0 && l.kind !== 'balance',
    ).length;
    const credits = db
      .prepare(
        "SELECT COUNT(*) FROM statement_lines WHERE kind = 'credit' AND date BETWEEN '2026-06-15' AND '2026-07-14'",
      )
      .pluck()
      .get();
    expect(credits).toBe(fileCredits);
    // The same file again: nothing new.
    const again = await commitImport(
      storeOfDb(db),
      { fileName: file.fileName, bytes: file.bytes, bankAccountId: accountId },
      { now: () => NOW },
    );
    expect(again.imported).toBe(0);
    expect(fetched.error).toBeNull();
  });

  it('the other way round: the file first, then the feed reads the same Pix as known', async () => {
    const file = writeStatement(data, {
      bankAccountId: accountId,
      from: '2026-06-15',
      to: '2026-07-14',
      format: 'ofx',
    });
    await commitImport(
      storeOfDb(db),
      { fileName: file.fileName, bytes: file.bytes, bankAccountId: accountId },
      { now: () => NOW },
    );
    const before = db.prepare('SELECT COUNT(*) FROM statement_lines').pluck().get() as number;
    const r = await run(await addFeed({ startDate: '2026-06-15' }));
    const today = pixSince(TODAY).length; // today's Pix are not in the file (it ends yesterday)
    expect(r.added).toBe(today);
    expect(r.known).toBe(r.fetched - today);
    expect(db.prepare('SELECT COUNT(*) FROM statement_lines').pluck().get()).toBe(before + today);
  });

  it('a refund is a debit line; a rejected item is counted and logged, never silent', async () => {
    const p = sb.refundOne('2026-07-13');
    sb.setQuirks({ commaValor: true });
    const r = await run(await addFeed());
    const debit = db
      .prepare("SELECT amount_cents, fitid FROM statement_lines WHERE kind = 'debit'")
      .get() as {
      amount_cents: number;
      fitid: string;
    };
    expect(debit).toEqual({ amount_cents: -p.amountCents, fitid: p.refund!.rtrId });
    expect(r.rejected).toBe(0);
    p.refund = null;
  });

  it("one feed's failure is its sentence; the next feed still runs; the secret is never in the file or log", async () => {
    const bad = await addFeed({ clientSecret: 'segredo-errado-xyz', label: 'Pix errado' });
    const good = await addFeed({ label: 'Pix certo' });
    const r1 = await run(bad);
    const r2 = await run(good);
    expect(r1.error).toMatchObject({ kind: 'auth', code: 'feeds.credentials_refused' });
    expect(r2.error).toBeNull();
    expect(r2.added).toBeGreaterThan(0);
    expect((await feeds().read((tx) => feedsRepo.lastRun(tx, bad)))!.error_json).toContain(
      'feeds.credentials_refused',
    );
    // Moving the address without typing the secret again: nothing is sent anywhere.
    db.prepare("UPDATE bank_feeds SET base_url = 'https://127.0.0.1:1/api/v2' WHERE id = ?").run(good);
    const mark = sb.journal.length;
    const moved = await run(good);
    expect(moved.error).toMatchObject({ code: 'feeds.secrets_missing' });
    expect(moved.requests).toBe(0);
    expect(sb.journal.length).toBe(mark);
    db.close();
    const bytes = readFileSync(join(dir, 'quita.db')).toString('latin1');
    for (const secret of ['segredo-errado-xyz', sb.clientSecret, sb.pki.client.password]) {
      expect(bytes).not.toContain(secret);
      expect(log.lines.join('\n')).not.toContain(secret);
    }
    db = openDb(join(dir, 'quita.db'));
  });

  it('an expired certificate stops before any request, with the sentence naming the date', async () => {
    const id = await addFeed();
    const f = (await feeds().read((tx) => feedsRepo.get(tx, id)))!;
    saveFeedSecrets(secrets, PROFILE, f, {
      clientSecret: sb.clientSecret,
      certificate: {
        kind: 'pfx',
        pfxBase64: sb.pki.expiredClient.pfx.toString('base64'),
        password: sb.pki.expiredClient.password,
      },
    });
    const r = await run(id);
    expect(r.error).toMatchObject({ code: 'feeds.certificate_expired' });
    expect(r.error!.params!.validTo).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(r.requests).toBe(0);
  });
});

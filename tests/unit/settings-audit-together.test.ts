/**
 * A settings change and its audit entry commit together ([R] nothing lies): when the entry cannot be written, the
 * change is not made either. Before, the branch handlers wrote the change, then the entry in a second transaction:
 * a failure (or the process ending) between the two left a branch added or renamed with no entry in Auditoria.
 * The entry is made to fail here by a trigger on the log, on the core's own SQLite connection.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxPki } from '../../src/sandbox/pix/certs';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { commandCaller, testCore } from '../helpers/core';
import { TEST_TODAY } from '../helpers/sandbox';

let sandbox: RunningSandbox;
let t: ReturnType<typeof testCore>;
let call: ReturnType<typeof commandCaller>;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, today: TEST_TODAY, members: 5, rateLimit: false });
  t = testCore();
  call = commandCaller(t.core);
  await call('profiles.save', {
    name: 'Unidade',
    baseUrl: sandbox.url,
    username: sandbox.username,
    password: sandbox.adminKey,
    keyKind: 'admin',
  });
});
afterAll(async () => {
  await t.core.close();
  t.cleanup();
  await sandbox.close();
});

type View = { branches: { id: number; name: string | null; chosen: boolean }[] };
const refuseAuditEntries = () =>
  t.core.ctx
    .db()
    .exec(
      "CREATE TEMP TRIGGER refuse_audit BEFORE INSERT ON main.audit_log BEGIN SELECT RAISE(ABORT, 'the log refuses entries'); END",
    );
const acceptAuditEntries = () => t.core.ctx.db().exec('DROP TRIGGER temp.refuse_audit');
const auditCount = () =>
  (t.core.ctx.db().prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;

describe('a branch change and its audit entry', () => {
  it('commit together: an entry that cannot be written leaves the branch as it was', async () => {
    await call('branches.add', { id: 41, name: 'Centro' });
    const entries = auditCount();

    refuseAuditEntries();
    try {
      await expect(call('branches.add', { id: 42, name: 'Norte' })).rejects.toThrow();
      await expect(call('branches.update', { id: 41, name: 'Sul' })).rejects.toThrow();
    } finally {
      acceptAuditEntries();
    }
    const view = await call<View>('branches.list', {});
    expect(view.branches.find((b) => b.id === 42)).toBeUndefined();
    expect(view.branches.find((b) => b.id === 41)?.name).toBe('Centro');
    expect(auditCount()).toBe(entries);

    // With the log writable again, the same change is made and recorded once.
    await call('branches.update', { id: 41, name: 'Sul' });
    expect((await call<View>('branches.list', {})).branches.find((b) => b.id === 41)?.name).toBe('Sul');
    expect(auditCount()).toBe(entries + 1);
  });
});

describe('a bank feed whose credentials cannot be kept', () => {
  type Feed = { id: number; label: string; clientId: string };
  type Entry = { action: string; before: string | null; after: string | null };
  const feedEntries = (id: number): Entry[] =>
    t.core.ctx
      .db()
      .prepare(
        'SELECT action, before_json AS before, after_json AS after FROM audit_log WHERE subject = ? ORDER BY seq',
      )
      .all(`feed:${id}`) as Entry[];
  const failingSecrets = () =>
    vi.spyOn(t.core.ctx.secrets, 'set').mockImplementation(() => {
      throw new Error('the system keychain is locked');
    });

  it('is taken back whole, and the log says so: a change is undone, a new feed removed again', async () => {
    await call('sync.run', {});
    const account = (
      t.core.ctx.db().prepare('SELECT id FROM bank_accounts ORDER BY id LIMIT 1').get() as { id: number }
    ).id;
    const pki = createSandboxPki(new Date());
    const stage = (name: string, text: string) => t.core.ctx.uploads.stage(name, Buffer.from(text)).uploadId;
    const input = () => ({
      label: 'Pix do banco',
      bankAccountId: account,
      tokenUrl: 'https://127.0.0.1:9/oauth/token',
      baseUrl: 'https://127.0.0.1:9/api/v2',
      clientId: 'cliente-1',
      clientSecret: 'segredo-1',
      certificate: {
        kind: 'pem',
        certUploadId: stage('empresa.crt', pki.client.cert),
        keyUploadId: stage('empresa.key', pki.client.key),
      },
    });
    const saved = await call<Feed>('feeds.save', input());

    // A change of label and client (new secrets) whose secrets cannot be stored: refused, and undone.
    const refuse = failingSecrets();
    try {
      await expect(
        call('feeds.save', {
          ...input(),
          id: saved.id,
          label: 'Pix novo',
          clientId: 'cliente-2',
          clientSecret: 's2',
        }),
      ).rejects.toThrow();
      // A new feed in the same state: added, then removed again.
      await expect(call('feeds.save', { ...input(), label: 'Outra' })).rejects.toThrow();
    } finally {
      refuse.mockRestore();
    }
    const { feeds } = await call<{ feeds: Feed[] }>('feeds.list', {});
    expect(feeds.map((f) => [f.label, f.clientId])).toEqual([['Pix do banco', 'cliente-1']]);

    const entries = feedEntries(saved.id);
    expect(entries.map((e) => e.action)).toEqual(['feeds.added', 'feeds.changed', 'feeds.change_undone']);
    const undone = entries[2]!;
    expect(JSON.parse(undone.before!)).toMatchObject({
      label: 'Pix novo',
      clientId: 'cliente-2',
      secretsReplaced: true,
    });
    expect(JSON.parse(undone.after!)).toMatchObject({
      label: 'Pix do banco',
      clientId: 'cliente-1',
      secretsReplaced: false,
    });
    // The former secrets still open the feed: it is usable as it was.
    expect(feeds[0]).toMatchObject({ secretsStored: true });
    const other = t.core.ctx
      .db()
      .prepare("SELECT action FROM audit_log WHERE subject LIKE 'feed:%' AND subject <> ? ORDER BY seq")
      .all(`feed:${saved.id}`) as { action: string }[];
    expect(other.map((e) => e.action)).toEqual(['feeds.added', 'feeds.removed']);
  });
});

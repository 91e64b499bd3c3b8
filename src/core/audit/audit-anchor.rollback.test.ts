import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testCore } from '../../../tests/helpers/core';
import { openDb } from '../db/open-db';
import { profileDbPath } from '../db/profile-dbs';
import { anchorId, readAnchor } from './audit-anchor';

/**
 * Issue [R] item 3: with write access to the data folder and no key, the anchor could be deleted (cut the log's
 * last entries, remove `audit-anchor:<id>` from the secrets file: verify said OK and the next command anchored the
 * cut log) or rolled back (cut the log, put back an older anchor ciphertext, whose sealing bound only the id:
 * verify said OK). The anchor now carries a generation sealed inside it, and the database keeps a copy sealed by
 * the same key: each place sees the other rolled back or emptied.
 */
let cleanup = () => {};
afterEach(() => cleanup());

async function setup() {
  const t = testCore('cli');
  cleanup = () => {
    void t.core.close();
    t.cleanup();
  };
  const { core, dataDir } = t;
  const saved = await core.dispatch('profiles.save', {
    name: 'Centro',
    baseUrl: 'https://evo.example.com',
    username: 'gym',
    password: 'KEY',
    keyKind: 'branch',
  });
  if (!saved.ok) throw new Error(saved.error.message);
  const id = (saved.value as { id: string }).id;
  const secretsFile = join(dataDir, 'secrets.local.json');
  /** A command that writes one audit entry (the anchor moves after it, as after every command). */
  let days = 3;
  const work = async (n: number) => {
    for (let i = 0; i < n; i++)
      expect(
        (await core.dispatch('profiles.setPrefs', { renotifyDays: (days = days === 3 ? 4 : 3) })).ok,
      ).toBe(true);
  };
  const verify = async () => {
    const r = await core.dispatch('audit.verify', {});
    if (!r.ok) throw new Error(r.error.message);
    return r.value as { ok: boolean; entries: number; reason: string | null; brokenAt: number | null };
  };
  const secrets = () => JSON.parse(readFileSync(secretsFile, 'utf8')) as { entries: Record<string, unknown> };
  const writeSecrets = (s: { entries: Record<string, unknown> }) =>
    writeFileSync(secretsFile, JSON.stringify(s));
  /** What the attacker does to the database: drop the guards, delete the last entries. */
  const cutTo = (count: number) => {
    core.ctx.databases.close(id);
    const db = openDb(profileDbPath(dataDir, id));
    db.exec('DROP TRIGGER IF EXISTS audit_log_no_delete');
    db.prepare('DELETE FROM audit_log WHERE seq > ?').run(count);
    db.close();
  };
  return { core, id, work, verify, secrets, writeSecrets, cutTo };
}

describe('the audit anchor cannot be deleted or rolled back unnoticed (issue [R] item 3)', () => {
  it('honest use: each move raises the generation; verify is OK', async () => {
    const { core, id, work, verify } = await setup();
    await work(3);
    const a = readAnchor(core.ctx.secrets, id)!;
    expect(a).toMatchObject({ count: 4 });
    expect(a.generation).toBeGreaterThanOrEqual(2);
    const copyRow = () =>
      core.ctx.dbFor(id).prepare('SELECT generation, sealed FROM audit_anchor_copies').get() as {
        generation: number;
        sealed: string;
      };
    const copyBefore = copyRow();
    expect(copyBefore.generation).toBe(a.generation);
    await work(1);
    expect(readAnchor(core.ctx.secrets, id)!.generation).toBe(a.generation + 1);
    expect(copyRow().generation).toBe(a.generation + 1);
    expect(await verify()).toMatchObject({ ok: true, entries: 5 });
    // A crash between the two writes leaves the database's copy one move behind: not a tampering.
    core.ctx
      .dbFor(id)
      .prepare('UPDATE audit_anchor_copies SET generation = ?, sealed = ?')
      .run(copyBefore.generation, copyBefore.sealed);
    expect(await verify()).toMatchObject({ ok: true, entries: 5 });
  });

  it('cut the last entries and delete the anchor: verify fails ("missing"), and no command anchors the cut log', async () => {
    const { core, id, work, verify, secrets, writeSecrets, cutTo } = await setup();
    await work(5);
    expect(await verify()).toMatchObject({ ok: true, entries: 6 });
    cutTo(4);
    const s = secrets();
    delete s.entries[anchorId(id)];
    writeSecrets(s);

    const v = await verify();
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(
      /^the anchor kept outside the database is missing, but the database shows anchor no\. \d+/,
    );
    // The database's copy still says where the log ended: the cut is named too.
    expect(v.reason).toMatch(/the log ends at entry 4, but entry 6 was written/);
    expect(v.brokenAt).toBe(5);

    // More work: the anchor is not made again over the cut log; verify keeps failing.
    await work(2);
    expect(readAnchor(core.ctx.secrets, id)).toBeNull();
    expect(await verify()).toMatchObject({ ok: false });
  });

  it('cut the last entries and put back an older anchor: verify fails ("put back"), and it stays so', async () => {
    const { core, id, work, verify, secrets, writeSecrets, cutTo } = await setup();
    await work(2);
    const old = secrets().entries[anchorId(id)];
    const oldAnchor = readAnchor(core.ctx.secrets, id)!;
    expect(oldAnchor.count).toBe(3);
    await work(4);
    expect(await verify()).toMatchObject({ ok: true, entries: 7 });
    cutTo(3); // exactly the old anchor's log: the chain and the old anchor agree
    const s = secrets();
    s.entries[anchorId(id)] = old;
    writeSecrets(s);

    const v = await verify();
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(
      new RegExp(
        `^the anchor kept outside the database is an older one \\(no\\. ${oldAnchor.generation}, the database shows no\\. \\d+\\): it was put back`,
      ),
    );
    await work(2);
    expect(readAnchor(core.ctx.secrets, id)!.generation).toBe(oldAnchor.generation);
    expect(await verify()).toMatchObject({ ok: false });
  });

  it('a forged or foreign copy in the database is seen; the anchor in the secret store is never moved over it', async () => {
    const { core, id, work, verify, cutTo } = await setup();
    await work(2);
    cutTo(3);
    const db = core.ctx.dbFor(id);
    db.prepare("UPDATE audit_anchor_copies SET generation = 0, sealed = 'AAAA.BBBB.CCCC'").run();
    const v = await verify();
    expect(v).toMatchObject({ ok: false });
    expect(v.reason).toMatch(/not sealed with this computer's key \(it was forged\)/);
    await work(1);
    expect(readAnchor(core.ctx.secrets, id)!.count).toBe(3);
    expect(await verify()).toMatchObject({ ok: false });
  });

  it('an anchor of the previous version (no generation, no copy) is accepted once and carried on', async () => {
    const { core, id, work, verify } = await setup();
    await work(1);
    const head = readAnchor(core.ctx.secrets, id)!;
    core.ctx.dbFor(id).exec('DROP TABLE audit_anchor_copies');
    core.ctx.secrets.set(anchorId(id), JSON.stringify({ count: head.count, head: head.head, at: head.at }));
    expect(await verify()).toMatchObject({ ok: true, entries: 2 });
    await work(1);
    expect(readAnchor(core.ctx.secrets, id)).toMatchObject({ generation: 1, count: 3 });
    expect(await verify()).toMatchObject({ ok: true, entries: 3 });
  });

  it('a restore starts the anchor again above every generation seen: the one from before cannot be put back', async () => {
    const { core, id, work, verify, secrets, writeSecrets } = await setup();
    await work(2);
    expect((await core.dispatch('db.backup', {})).ok).toBe(true);
    await work(3);
    const beforeRestore = secrets().entries[anchorId(id)];
    const gen = readAnchor(core.ctx.secrets, id)!.generation;
    const restored = await core.dispatch('db.restore', { latest: true });
    expect(restored, JSON.stringify(restored)).toMatchObject({ ok: true });
    expect(await verify()).toMatchObject({ ok: true });
    expect(readAnchor(core.ctx.secrets, id)!.generation).toBeGreaterThan(gen);
    const s = secrets();
    s.entries[anchorId(id)] = beforeRestore;
    writeSecrets(s);
    expect(await verify()).toMatchObject({ ok: false });
  });
});

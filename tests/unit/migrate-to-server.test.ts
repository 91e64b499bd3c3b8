import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { createCore } from '../../src/core/bootstrap';
import { keyBinding } from '../../src/core/connection/key-binding';
import {
  sqliteFolderDestination,
  type MigrationDestination,
} from '../../src/core/migrate-server/destination';
import { migrateToServer } from '../../src/core/migrate-server/migrate-server';
import { tableCounts } from '../../src/core/migrate-server/migrate-server.repo';
import { fileSecretStore } from '../../src/core/secrets/file-secret-store';
import { openConfStore } from '../../src/core/settings/conf-store';
import { createSettingsService } from '../../src/core/settings/settings.service';
import { openOffice } from '../../src/core/users/office';
import { actionText } from '../../src/shared/i18n/audit-words';
import { createSay } from '../../src/shared/i18n/say';
import { codes, englishWords } from '../helpers/clerk-text';
import { commandCaller } from '../helpers/core';
import { tempDir } from '../helpers/tmp';

/**
 * [W] issue 34 item 4 / must-show 4: `quita migrate-to-server` on the demo branch. A desk works the demo branch
 * through the real CLI (start, sync, the sample statement imported, matched, the green lines approved, sent); the
 * branch is moved into an office server's data folder (its own key file, so the EVO key and the audit anchor are
 * really sealed again); every table's count and the audit verification are equal before and after, and a core in
 * server mode on the server's folder opens the branch and answers as the desk did. Then each refusal.
 */
let t: { dir: string; cleanup: () => void };
let desk = '';
let server = '';
let deskKey = '';
let serverKey = '';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function quita(dataDir: string, args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['--data-dir', dataDir, ...args], {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env: { QUITA_KEY_FILE: deskKey },
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const ok = async (dataDir: string, args: string[]) => {
  const r = await quita(dataDir, args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
};

/** What the desk's own core says of the branch: the audit verification, the lines and the batches. */
async function seen(dataDir: string, keyFile: string, mode: 'cli' | 'server') {
  const office = mode === 'server' ? await openOffice({ file: join(dataDir, 'office.sqlite') }) : undefined;
  const core = createCore({ mode, version: '0.0.0-test', dataDir, office, env: { QUITA_KEY_FILE: keyFile } });
  const call = commandCaller(core);
  const as = <T>(fn: () => Promise<T>) =>
    mode === 'server' ? core.runAs({ login: 'caio', name: 'Caio Martins', role: 'administrador' }, fn) : fn();
  try {
    return await as(async () => ({
      verify: await call<{
        ok: boolean;
        entries: number;
        reason: string | null;
        anchor: { head: string } | null;
      }>('audit.verify', {}),
      lines: await call('match.lines', {}),
      batches: await call('send.batches', {}),
      test: await call<{ bankAccounts: number }>('profiles.test', { id: 'demo' }),
      audit: await call<{ entries: { action: string; after: unknown }[] }>('audit.list', { limit: 5 }),
    }));
  } finally {
    await core.close();
    await office?.close();
  }
}

const deskDb = (dir: string) => join(dir, 'profiles', 'demo', 'quita.db');
const countsOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return tableCounts(db);
  } finally {
    db.close();
  }
};

/** A fresh office server's data folder: its users' database with its first administrator, as IT makes it. */
async function serverFolder(name: string): Promise<string> {
  const dir = join(t.dir, name);
  mkdirSync(dir, { recursive: true });
  const office = await openOffice({ file: join(dir, 'office.sqlite') });
  await office.addUser(
    { login: 'caio', name: 'Caio Martins', role: 'administrador', password: 'senha-longa-do-caio-1' },
    'test',
  );
  await office.close();
  return dir;
}

beforeAll(async () => {
  t = tempDir('quita-migrate-');
  desk = join(t.dir, 'desk');
  deskKey = join(t.dir, 'desk-keys', 'master.key');
  serverKey = join(t.dir, 'server-keys', 'master.key');
  server = await serverFolder('server');
  await ok(desk, ['demo', 'start']);
  await ok(desk, ['sync']);
  const st = JSON.parse((await ok(desk, ['demo', 'statement', '--json'])).stdout) as {
    path: string;
    bankAccountId: number;
  };
  await ok(desk, ['import', st.path, '--bank-account', String(st.bankAccountId)]);
  await ok(desk, ['match']);
  await ok(desk, ['approve', '--green']);
  await ok(desk, ['send']);
}, 180_000);

afterAll(() => t?.cleanup());

describe('quita migrate-to-server', () => {
  it('refuses a tampered source before copying anything', async () => {
    const copy = join(t.dir, 'desk-tampered');
    cpSync(desk, copy, { recursive: true });
    const db = new Database(deskDb(copy));
    db.exec('DROP TRIGGER IF EXISTS audit_log_no_update');
    db.prepare("UPDATE audit_log SET actor = 'alguem' WHERE seq = 2").run();
    db.close();
    const r = await quita(copy, ['migrate-to-server', '--destino', server, '--chave-destino', serverKey]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^quita: A auditoria desta filial não confere \(.+\): ela foi mudada fora do Quita, então nada foi copiado\.$/,
    );
    expect(existsSync(join(server, 'profiles', 'demo'))).toBe(false);
    expect(existsSync(join(server, 'settings.json'))).toBe(false);
  });

  it('refuses a damaged source before copying anything', async () => {
    const copy = join(t.dir, 'desk-damaged');
    cpSync(desk, copy, { recursive: true });
    const fd = openSync(deskDb(copy), 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 8192); // a page in the middle scribbled over
    closeSync(fd);
    const r = await quita(copy, ['migrate-to-server', '--destino', server, '--chave-destino', serverKey]);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')).toHaveLength(1);
    expect(r.stderr).toBe(
      'quita: O banco de dados desta filial está danificado: nada foi copiado. Restaure a cópia de segurança mais recente (quita restore --latest) e rode o comando de novo.',
    );
    expect(existsSync(join(server, 'profiles', 'demo'))).toBe(false);
    expect(existsSync(join(server, 'settings.json'))).toBe(false);
  });

  it('refuses a missing destination, one that is not a server folder, and a running server', async () => {
    const missing = await quita(desk, ['migrate-to-server', '--destino', join(t.dir, 'nada')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `quita: A pasta ${join(t.dir, 'nada')} não existe: diga a pasta de dados do servidor do escritório com --destino.`,
    );

    const plain = join(t.dir, 'plain');
    mkdirSync(plain);
    const notQuita = await quita(desk, ['migrate-to-server', '--destino', plain]);
    expect(notQuita.code).toBe(1);
    expect(notQuita.stderr).toMatch(/^quita: A pasta .+ não é a de um servidor do Quita/);

    // `quita server` keeps office.sqlite open while it runs; here it is held open as the server holds it.
    const running = await openOffice({ file: join(server, 'office.sqlite') });
    try {
      const r = await quita(desk, ['migrate-to-server', '--destino', server, '--chave-destino', serverKey]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `quita: O servidor do escritório está rodando na pasta ${server}: pare o quita server e rode o comando de novo.`,
      );
    } finally {
      await running.close();
    }
    expect(existsSync(join(server, 'profiles', 'demo'))).toBe(false);

    const usage = await quita(desk, ['migrate-to-server']);
    expect(usage.code).toBe(2);
  });

  it('moves the demo branch: counts and audit verification equal, and the server answers as the desk did', async () => {
    const before = await seen(desk, deskKey, 'cli');
    expect(before.verify.ok).toBe(true);
    expect((before.lines as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    const outbox = before.batches as { batches: unknown[]; counts: { sent: number; confirmed: number } };
    expect(outbox.batches.length).toBeGreaterThan(0);
    expect(outbox.counts.sent + outbox.counts.confirmed).toBeGreaterThan(0);
    const countsBefore = countsOf(deskDb(desk));

    const r = await quita(desk, [
      'migrate-to-server',
      '--destino',
      server,
      '--chave-destino',
      serverKey,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as {
      ok: boolean;
      keyMoved: boolean;
      tables: { table: string; source: number; destination: number }[];
      audit: {
        source: { ok: boolean; entries: number; head: string };
        destination: typeof before.verify;
        anchorOk: boolean;
      };
      differences: unknown[];
    };
    expect(result.ok).toBe(true);
    expect(result.differences).toEqual([]);
    expect(result.keyMoved).toBe(true);
    expect(result.tables.length).toBeGreaterThan(10);
    for (const row of result.tables) expect(row.destination, row.table).toBe(row.source);
    expect(Object.fromEntries(result.tables.map((x) => [x.table, x.source]))).toEqual(countsBefore);
    expect(result.tables.find((x) => x.table === 'audit_log')!.source).toBe(before.verify.entries);
    expect(result.audit.source).toEqual({
      ok: true,
      entries: before.verify.entries,
      head: before.verify.anchor!.head,
    });
    expect(result.audit.destination).toEqual(result.audit.source);
    expect(result.audit.anchorOk).toBe(true);

    // The server's own core (server mode, a signed-in administrator, the server's key file) on the moved branch.
    const there = await seen(server, serverKey, 'server');
    expect(there.verify.ok, there.verify.reason ?? '').toBe(true);
    expect(there.verify.entries).toBe(before.verify.entries + 1);
    expect(there.audit.entries[0]!.action).toBe('profile.migrated');
    // The Auditoria screen says both entries in words.
    const say = createSay('pt-BR');
    expect(actionText(say.t, say.exists, 'profile.migrated')).toBe(
      'Filial trazida de uma mesa para o servidor',
    );
    expect(actionText(say.t, say.exists, 'profile.moved_to_server')).toBe(
      'Filial levada para o servidor do escritório',
    );
    expect(there.audit.entries[0]!.after).toMatchObject({ from: desk, entries: before.verify.entries });
    expect(there.lines).toEqual(before.lines);
    expect(there.batches).toEqual(before.batches);
    // The EVO key opens on the server (its own key file) and the branch's API answers with it.
    expect(there.test.bankAccounts).toBe(before.test.bankAccounts);
    expect(there.test.bankAccounts).toBeGreaterThan(0);
    expect(existsSync(join(server, 'demo', 'sandbox.json'))).toBe(true);
    // Every table as it was, but the audit log's one entry and the anchor copy sealed by the server's key.
    const countsThere = countsOf(deskDb(server));
    expect({ ...countsThere, audit_log: countsThere.audit_log! - 1, audit_anchor_copies: 0 }).toEqual({
      ...countsBefore,
      audit_anchor_copies: 0,
    });
    // The key is sealed again by the server's key file (profiles.test above opened it), never written in clear.
    const deskProfile = createSettingsService(openConfStore(desk)).profile('demo')!;
    const key = fileSecretStore({ file: join(desk, 'secrets.local.json'), keyFile: deskKey }).get(
      'profile:demo',
      keyBinding(deskProfile),
    )!;
    expect(key.length).toBeGreaterThan(8);
    expect(readFileSync(join(server, 'secrets.local.json'), 'utf8')).not.toContain(key);
    expect(() =>
      fileSecretStore({ file: join(server, 'secrets.local.json'), keyFile: deskKey }).get(
        'profile:demo',
        keyBinding(deskProfile),
      ),
    ).toThrow();

    // The desk's copy stays as it was, with the move in its audit log, and still verifies.
    const after = await seen(desk, deskKey, 'cli');
    expect(after.verify.ok).toBe(true);
    expect(after.verify.entries).toBe(before.verify.entries + 1);
    expect(after.audit.entries[0]!.action).toBe('profile.moved_to_server');
    expect(after.lines).toEqual(before.lines);
  }, 120_000);

  it('never overwrites a branch already on the server', async () => {
    const file = deskDb(server);
    const counts = countsOf(file);
    const r = await quita(desk, ['migrate-to-server', '--destino', server, '--chave-destino', serverKey]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `quita: A filial demo já está no servidor em ${server}: nada foi copiado nem substituído.`,
    );
    expect(countsOf(file)).toEqual(counts);
  });

  it('removes a copy that does not check out, and names what differed', async () => {
    const dir = await serverFolder('server-lossy');
    const real = sqliteFolderDestination({ dir, keyFile: serverKey });
    // A transport that loses the last audit entry and a receivable on the way (the copy is made, then damaged).
    const lossy: MigrationDestination = {
      ...real,
      location: real.location,
      secrets: real.secrets,
      async receiveDatabase(source, profileId) {
        const received = await real.receiveDatabase(source, profileId);
        const db = new Database(deskDb(dir));
        db.exec('DROP TRIGGER IF EXISTS audit_log_no_delete');
        db.exec('DELETE FROM audit_log WHERE seq = (SELECT MAX(seq) FROM audit_log)');
        db.exec('DELETE FROM receivables WHERE rowid = (SELECT MIN(rowid) FROM receivables)');
        db.close();
        return received;
      },
    };
    const deskEntries = countsOf(deskDb(desk)).audit_log!;
    const r = await migrateToServer({
      sourceDir: desk,
      destDir: dir,
      env: { QUITA_KEY_FILE: deskKey },
      destination: lossy,
    });
    expect(r.ok).toBe(false);
    expect(r.differences).toContainEqual({
      kind: 'table',
      table: 'audit_log',
      source: deskEntries,
      destination: deskEntries - 1,
    });
    expect(r.differences.map((d) => (d.kind === 'table' ? d.table : d.kind))).toEqual(
      expect.arrayContaining(['receivables', 'audit']),
    );
    // Nothing half-moved: no database, no settings entry, no key, no anchor on the server; the desk untouched.
    expect(existsSync(join(dir, 'profiles', 'demo'))).toBe(false);
    expect(existsSync(join(dir, 'demo', 'sandbox.json'))).toBe(false);
    expect(createSettingsService(openConfStore(dir)).profile('demo')).toBeUndefined();
    expect(
      real.secrets.get(
        'profile:demo',
        keyBinding(createSettingsService(openConfStore(desk)).profile('demo')!),
      ),
    ).toBeNull();
    expect(real.secrets.get('audit-anchor:demo')).toBeNull();
    expect(countsOf(deskDb(desk)).audit_log).toBe(deskEntries);
  });

  it('tells the summary in Portuguese, and in English with --lang en', async () => {
    const other = await serverFolder('server-2');
    const r = await quita(desk, ['migrate-to-server', '--destino', other, '--chave-destino', serverKey]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      `Filial "Filial de demonstração" (demo) levada para o servidor em ${other} e conferida.`,
    );
    expect(r.stdout).toMatch(/Auditoria: [\d.]+ registros, verificada nas duas pastas/);
    expect([...englishWords(r.stdout, [other]), ...codes(r.stdout, [other])]).toEqual([]);
    const third = await serverFolder('server-3');
    const en = await quita(desk, [
      '--lang',
      'en',
      'migrate-to-server',
      '--destination',
      third,
      '--destination-key',
      serverKey,
    ]);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout.split('\n')[0]).toBe(
      `Branch "Filial de demonstração" (demo) moved to the server in ${third} and checked.`,
    );
  }, 60_000);
});

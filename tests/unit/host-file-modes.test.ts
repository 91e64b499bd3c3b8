import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/core/fs-atomic';
import { fileSecretStore } from '../../src/core/secrets/file-secret-store';
import { openConfStore } from '../../src/core/settings/conf-store';
import { createUploads } from '../../src/core/uploads';
import { startRealHost } from '../../src/host/real-host.testing';
import { ensureRendererBuilt } from '../helpers/host';
import { tempDir } from '../helpers/tmp';

/**
 * Issue [N] item 3: the data files Quita creates (settings, secrets and key file, the SQLite database with its
 * -wal and -shm, uploads, backups, exports written by the CLI) are the user's alone — mode 0600 — even when
 * Quita runs under a permissive umask (000) in a folder anyone may write to (0777).
 */
const posix = process.platform !== 'win32';
const mode = (p: string) => statSync(p).mode & 0o777;
const octal = (m: number) => `0${m.toString(8)}`;

/** Every file under `dir` with its mode, and every folder below it. */
function walk(dir: string): { files: [string, string][]; dirs: [string, string][] } {
  const files: [string, string][] = [];
  const dirs: [string, string][] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = lstatSync(p);
    if (st.isDirectory()) {
      dirs.push([p, octal(st.mode & 0o777)]);
      const sub = walk(p);
      files.push(...sub.files);
      dirs.push(...sub.dirs);
    } else if (st.isFile()) files.push([p, octal(st.mode & 0o777)]);
  }
  return { files, dirs };
}

let savedUmask = 0o022;
const permissive = () => {
  savedUmask = process.umask(0);
};
const restore = () => void process.umask(savedUmask);

describe.skipIf(!posix)('files Quita writes itself, under umask 000 (issue [N] item 3)', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir('quita-modes-');
    permissive();
    chmodSync(t.dir, 0o777);
  });
  afterEach(() => {
    restore();
    t.cleanup();
  });

  it('writeFileAtomic: 0600 for a new file and over a wider one; exactly the mode asked for', () => {
    const p = join(t.dir, 'a.json');
    writeFileAtomic(p, '{}');
    expect(octal(mode(p))).toBe('0600');
    writeFileSync(join(t.dir, 'b.json'), 'old', { mode: 0o666 });
    expect(octal(mode(join(t.dir, 'b.json')))).toBe('0666');
    writeFileAtomic(join(t.dir, 'b.json'), 'new');
    expect(octal(mode(join(t.dir, 'b.json')))).toBe('0600');
    writeFileAtomic(join(t.dir, 'c.csv'), 'x', 0o640);
    expect(octal(mode(join(t.dir, 'c.csv')))).toBe('0640');
    // Its folder is created 0700.
    writeFileAtomic(join(t.dir, 'new', 'd.bin'), Buffer.from([1, 2, 3]));
    expect(octal(mode(join(t.dir, 'new')))).toBe('0700');
    expect(readFileSync(join(t.dir, 'new', 'd.bin'))).toEqual(Buffer.from([1, 2, 3]));
    // No temporary file is left behind.
    expect(readdirSync(t.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writeFileAtomic replaces a symlink planted at the target instead of writing through it', () => {
    const outside = join(t.dir, 'outside.txt');
    writeFileSync(outside, 'theirs', { mode: 0o666 });
    const p = join(t.dir, 'export.csv');
    symlinkSync(outside, p);
    writeFileAtomic(p, 'ours');
    expect(readFileSync(outside, 'utf8')).toBe('theirs');
    expect(lstatSync(p).isSymbolicLink()).toBe(false);
    expect(octal(mode(p))).toBe('0600');
  });

  it('writeFileAtomic: a file or symlink left at a temporary name (a crash, or planted) is never written through', () => {
    const outside = join(t.dir, 'outside.txt');
    writeFileSync(outside, 'theirs', { mode: 0o666 });
    const p = join(t.dir, 'settings.json');
    // The names an earlier version used: `<file>.<pid>.tmp`.
    symlinkSync(outside, `${p}.${process.pid}.tmp`);
    writeFileAtomic(p, 'ours');
    expect(readFileSync(outside, 'utf8')).toBe('theirs');
    expect(octal(mode(p))).toBe('0600');
    const q = join(t.dir, 'secrets.local.json');
    writeFileSync(`${q}.${process.pid}.tmp`, 'stale', { mode: 0o666 });
    writeFileAtomic(q, 'fresh');
    expect(octal(mode(q))).toBe('0600');
  });

  it('settings.json: 0600 when written, and an older, wider one is narrowed when opened', () => {
    const kv = openConfStore(t.dir);
    kv.set('theme', 'dark');
    expect(octal(mode(kv.path))).toBe('0600');
    chmodSync(kv.path, 0o644);
    const again = openConfStore(t.dir);
    expect(octal(mode(again.path))).toBe('0600');
    again.set('theme', 'light');
    expect(octal(mode(again.path))).toBe('0600');
  });

  it('secrets file and key file: 0600, and a wider secrets file is narrowed before it is read', () => {
    const opts = {
      file: join(t.dir, 'data', 'secrets.local.json'),
      keyFile: join(t.dir, 'keys', 'master.key'),
    };
    const store = fileSecretStore(opts);
    store.set('profile:p-1', 'k');
    expect(octal(mode(opts.file))).toBe('0600');
    expect(octal(mode(opts.keyFile))).toBe('0600');
    expect(octal(mode(join(t.dir, 'keys')))).toBe('0700');
    chmodSync(opts.file, 0o644);
    expect(fileSecretStore(opts).get('profile:p-1')).toBe('k');
    expect(octal(mode(opts.file))).toBe('0600');
  });

  it('uploads: the staged bytes and their name file are 0600', () => {
    const uploads = createUploads(join(t.dir, 'uploads'));
    uploads.stage('extrato.csv', Buffer.from('a;b\n'));
    const { files } = walk(join(t.dir, 'uploads'));
    expect(files.length).toBe(2);
    expect(files.filter(([, m]) => m !== '0600')).toEqual([]);
  });
});

describe.skipIf(!posix)(
  'the real host and the CLI under umask 000 in a 0777 folder (issue [N] item 3)',
  () => {
    const t = tempDir('quita-modes-host-');
    const dataDir = join(t.dir, 'data');
    const keyFile = join(t.dir, 'keys', 'master.key');
    const env = { ...process.env, QUITA_KEY_FILE: keyFile };
    let api: Server;
    afterAll(() => {
      api?.close();
      t.cleanup();
    });

    it('every file in the data folder is 0600 and every folder Quita made is 0700', async () => {
      ensureRendererBuilt();
      api = createServer((_q, s) => {
        s.writeHead(200, { 'Content-Type': 'application/json' });
        s.end('[]');
      });
      await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
      const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

      mkdirSync(dataDir, { recursive: true });
      chmodSync(dataDir, 0o777);
      permissive();
      let host;
      try {
        host = await startRealHost(dataDir, env);
      } finally {
        restore();
      }
      try {
        const call = async (name: string, input: unknown) =>
          (await (
            await fetch(`http://127.0.0.1:${host.port}/api/commands/${name}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}` },
              body: JSON.stringify(input),
            })
          ).json()) as { ok: boolean; value: Record<string, unknown>; error?: { message: string } };
        const saved = await call('profiles.save', {
          name: 'Centro',
          baseUrl: apiUrl,
          username: 'gym',
          password: 'k',
          keyKind: 'branch',
        });
        expect(saved.ok, saved.error?.message).toBe(true);
        expect((await call('settings.update', { theme: 'dark' })).ok).toBe(true);
        expect((await call('sync.run', { debtors: false })).ok).toBe(true);
        const up = await fetch(`http://127.0.0.1:${host.port}/api/uploads?name=extrato.csv`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${host.token}` },
          body: 'Data;Valor\n01/11/2026;10,00\n',
        });
        expect(((await up.json()) as { ok: boolean }).ok).toBe(true);
        // A backup of the branch database (VACUUM INTO), taken on request.
        const backup = await call('db.backup', {});
        expect(backup.ok, backup.error?.message).toBe(true);

        const { files, dirs } = walk(dataDir);
        const names = files.map(([p]) => p.slice(dataDir.length + 1));
        for (const expected of [
          'settings.json',
          'secrets.local.json',
          'quita.db',
          'quita.db-wal',
          'quita.db-shm',
        ])
          expect(
            names.some((n) => n.endsWith(expected)),
            `${expected} in ${names.join(', ')}`,
          ).toBe(true);
        expect(names.some((n) => n.startsWith('uploads/'))).toBe(true);
        expect(names.some((n) => n.includes('/backups/'))).toBe(true);
        expect(files.filter(([, m]) => m !== '0600')).toEqual([]);
        expect(dirs.filter(([, m]) => m !== '0700')).toEqual([]);
        expect(octal(mode(keyFile))).toBe('0600');
      } finally {
        await host.stop();
      }

      // Exports written by the CLI, also under umask 000, in a 0777 folder.
      const outDir = join(t.dir, 'exports');
      mkdirSync(outDir);
      chmodSync(outDir, 0o777);
      permissive();
      try {
        for (const format of ['csv', 'xlsx', 'pdf']) {
          const out = join(outDir, `log.${format}`);
          const r = await new Promise<{ code: number; stderr: string }>((resolve) =>
            execFile(
              process.execPath,
              ['bin/quita.mjs', '--data-dir', dataDir, 'audit', 'export', '--out', out],
              { env },
              (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
            ),
          );
          expect(r.code, r.stderr).toBe(0);
          expect(existsSync(out)).toBe(true);
          expect(`${format} ${octal(mode(out))}`).toBe(`${format} 0600`);
        }
      } finally {
        restore();
      }
      // The CLI opened the same database: nothing in the data folder was widened.
      expect(walk(dataDir).files.filter(([, m]) => m !== '0600')).toEqual([]);
    }, 120_000);
  },
);

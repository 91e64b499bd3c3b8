import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readBridge, withBridge } from '../../src/host/bridge-script';
import { ensureRendererBuilt } from '../helpers/host';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
// @ts-expect-error -- plain ESM helper of scripts/start.mjs, no type declarations
import * as runtime from '../../scripts/electron-runtime.mjs';
import { tempDir } from '../helpers/tmp';

type Result = { ok: boolean; path?: string; why?: string };
const { electronBinary, cachedZip } = runtime as {
  electronBinary: (
    dir: string,
    opts: {
      env?: Record<string, string>;
      log?: (l: string) => void;
      reach?: (host: string) => Promise<boolean>;
      install?: (dir: string) => { status: number; stdout?: string; stderr?: string };
      cacheRoots?: string[];
    },
  ) => Promise<Result>;
  cachedZip: (roots: string[], version: string, platform?: string, arch?: string) => string | null;
};

/** [P] console items: "Baixando o Electron" only when a download starts; the no-token page names what was run. */
describe('npm start: Electron’s runtime', () => {
  const fakeElectron = () => {
    const t = tempDir('quita-electron-');
    writeFileSync(join(t.dir, 'package.json'), JSON.stringify({ version: '45.4.1' }));
    return t;
  };
  const markInstalled = (dir: string) => {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'electron'), '');
    writeFileSync(join(dir, 'path.txt'), 'electron');
  };

  it('installed: says nothing and asks nobody', async () => {
    const t = fakeElectron();
    markInstalled(t.dir);
    const lines: string[] = [];
    const r = await electronBinary(t.dir, {
      log: (l) => lines.push(l),
      reach: () => Promise.reject(new Error('not asked')),
      cacheRoots: [],
    });
    expect(r).toEqual({ ok: true, path: join(t.dir, 'dist', 'electron') });
    expect(lines).toEqual([]);
    t.cleanup();
  });

  it('not installed and the download host unreachable: no “Baixando”, no download tried, the reason for the one fallback line', async () => {
    const t = fakeElectron();
    const lines: string[] = [];
    let installs = 0;
    const r = await electronBinary(t.dir, {
      env: {},
      log: (l) => lines.push(l),
      reach: () => Promise.resolve(false),
      install: () => ((installs += 1), { status: 1 }),
      cacheRoots: [],
    });
    expect(r).toEqual({
      ok: false,
      why: 'o Electron não está instalado e não foi possível acessar github.com para baixá-lo',
    });
    expect(lines).toEqual([]);
    expect(installs).toBe(0);
    t.cleanup();
  });

  it('says “Baixando” only when the host answers and the download runs; a cached zip is unpacked, not downloaded', async () => {
    const t = fakeElectron();
    const lines: string[] = [];
    const r = await electronBinary(t.dir, {
      env: { ELECTRON_MIRROR: 'https://mirror.example/electron/' },
      log: (l) => lines.push(l),
      reach: (host) => Promise.resolve(host === 'mirror.example'),
      install: (dir) => (markInstalled(dir), { status: 0 }),
      cacheRoots: [],
    });
    expect(r.ok).toBe(true);
    expect(lines).toEqual(['Baixando o Electron (só na primeira vez)…']);
    t.cleanup();

    const u = fakeElectron();
    const cache = join(u.dir, 'cache');
    mkdirSync(join(cache, 'abc123'), { recursive: true });
    writeFileSync(join(cache, 'abc123', `electron-v45.4.1-${process.platform}-${process.arch}.zip`), '');
    expect(cachedZip([cache], '45.4.1')).toContain('abc123');
    const seen: string[] = [];
    await electronBinary(u.dir, {
      log: (l) => seen.push(l),
      reach: () => Promise.reject(new Error('not asked')),
      install: (dir) => (markInstalled(dir), { status: 0 }),
      cacheRoots: [cache],
    });
    expect(seen).toEqual(['Preparando o Electron (já baixado)…']);
    u.cleanup();
  });
});

describe('the no-token page names the command the clerk ran', () => {
  /** The built bridge (out/renderer/bridge.js) run against a page whose meta tag the host wrote for `command`. */
  const tokenErrorOf = async (command?: string) => {
    ensureRendererBuilt();
    const html = withBridge(
      '<html><head></head><body><script></script></body></html>',
      command ?? 'npm run serve',
    );
    const content = /name="quita-launch-command" content="([^"]*)"/.exec(html)?.[1] ?? null;
    const sandbox: Record<string, unknown> = {
      location: { hash: '', pathname: '/', search: '' },
      sessionStorage: { getItem: () => null, setItem: () => undefined },
      history: { replaceState: () => undefined },
      document: { querySelector: () => (content === null ? null : { getAttribute: () => content }) },
      fetch: () => Promise.resolve({ status: 401, ok: false, json: () => Promise.resolve({}) }),
      console,
      setTimeout,
    };
    sandbox.window = sandbox;
    vm.runInNewContext(readBridge('out/renderer'), sandbox);
    const api = sandbox.api as { invoke: (c: string, i: unknown) => Promise<{ error: unknown }> };
    return (await api.invoke('app.info', {})).error;
  };

  it('npm start’s browser fallback says npm start; npm run serve says npm run serve', async () => {
    expect(await tokenErrorOf('npm start')).toMatchObject({
      code: 'host.token',
      params: { command: 'npm start' },
    });
    expect(await tokenErrorOf()).toMatchObject({ params: { command: 'npm run serve' } });
    // The page carries the command as text: a quote or a tag in it cannot end the attribute.
    expect(withBridge('<head></head><script>', 'a"<b>')).toContain('content="a&quot;&lt;b&gt;"');
    for (const lang of [ptBR, en]) {
      expect(lang.errors.host.token).toContain('{{command}}');
      expect(lang.errors.host.unreachable).toContain('{{command}}');
    }
  }, 60_000);
});

import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core/bootstrap';
import { checkFeedUrl } from '../../src/core/update/feed-url';
import {
  classifyUpdateError,
  createUpdateController,
  type InstallChoice,
  type UpdateEngine,
  type Updater,
} from '../../src/core/update/updater';
import { updateSupport } from '../../src/main/updater';
import { commandCaller, testCore } from '../helpers/core';
import { tempDir } from '../helpers/tmp';

/** electron-updater's AppUpdater as the controller sees it: events, two flags, three methods. */
class FakeEngine extends EventEmitter implements UpdateEngine {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  feeds: string[] = [];
  checks = 0;
  installedNow = 0;
  result: 'none' | 'found' | 'offline' = 'none';
  setFeedURL(o: { provider: 'generic'; url: string }) {
    this.feeds.push(o.url);
  }
  async checkForUpdates() {
    this.checks++;
    this.emit('checking-for-update');
    if (this.result === 'offline') {
      const e = Object.assign(new Error('net::ERR_NAME_NOT_RESOLVED'), { code: 'ENOTFOUND' });
      this.emit('error', e);
      throw e;
    }
    if (this.result === 'none') this.emit('update-not-available');
    else {
      this.emit('update-available', { version: '0.2.0' });
      this.emit('download-progress', { percent: 41.6 });
    }
    return null;
  }
  quitAndInstall() {
    this.installedNow++;
  }
}

function controller(answer: InstallChoice = 'on_quit') {
  const engine = new FakeEngine();
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const asked: string[] = [];
  const logged: string[] = [];
  const updater = createUpdateController({
    engine,
    ask: async (v) => {
      asked.push(v);
      return answer;
    },
    log: (m) => logged.push(m),
    now: () => new Date('2026-11-24T12:00:00Z'),
    setInterval: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearInterval: (h) => void ((h as { cleared: boolean }).cleared = true),
  });
  return { engine, updater, timers, asked, logged };
}
const flush = () => new Promise((r) => setImmediate(r));

describe('update feed address', () => {
  it('takes https folders only, without credentials, query or fragment', () => {
    expect(checkFeedUrl(' https://atualizacoes.rede.com.br/quita ')).toEqual({
      ok: true,
      url: 'https://atualizacoes.rede.com.br/quita/',
    });
    expect(checkFeedUrl('https://10.0.0.5:8443/quita/')).toEqual({
      ok: true,
      url: 'https://10.0.0.5:8443/quita/',
    });
    expect(checkFeedUrl('http://atualizacoes.rede.com.br/')).toEqual({ ok: false, problem: 'https' });
    expect(checkFeedUrl('ftp://x/')).toEqual({ ok: false, problem: 'https' });
    expect(checkFeedUrl('file:///C:/quita/')).toEqual({ ok: false, problem: 'https' });
    expect(checkFeedUrl('https://maria:segredo@rede.com.br/')).toEqual({ ok: false, problem: 'credentials' });
    expect(checkFeedUrl('https://token@rede.com.br/')).toEqual({ ok: false, problem: 'credentials' });
    expect(checkFeedUrl('https://rede.com.br/q?token=1')).toEqual({ ok: false, problem: 'query' });
    expect(checkFeedUrl('atualizacoes.rede.com.br')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkFeedUrl('')).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('update controller (electron-updater behind a typed engine)', () => {
  let u: Updater | null = null;
  afterEach(() => u?.stop());

  it('does nothing without a feed; with one it checks at once and then once a day', async () => {
    const c = controller();
    u = c.updater;
    expect(c.updater.status().state).toBe('not_configured');
    expect(c.engine.checks).toBe(0);
    expect(c.engine.autoDownload).toBe(true);
    expect(c.engine.autoInstallOnAppQuit).toBe(false);
    c.updater.setFeed('https://atualizacoes.rede.com.br/quita/');
    await flush();
    expect(c.engine.feeds).toEqual(['https://atualizacoes.rede.com.br/quita/']);
    expect(c.engine.checks).toBe(1);
    expect(c.updater.status()).toMatchObject({ state: 'up_to_date', lastCheck: '2026-11-24T12:00:00.000Z' });
    expect(c.timers).toHaveLength(1);
    expect(c.timers[0]!.ms).toBe(24 * 3600_000);
    c.timers[0]!.fn();
    await flush();
    expect(c.engine.checks).toBe(2);
    // A new address replaces the timer; removing it stops checking.
    c.updater.setFeed(null);
    expect(c.timers[0]!.cleared).toBe(true);
    expect(c.updater.status().state).toBe('not_configured');
  });

  it('downloads in the background, then asks once; "install when closing" sets autoInstallOnAppQuit', async () => {
    const c = controller('on_quit');
    u = c.updater;
    c.engine.result = 'found';
    c.updater.setFeed('https://atualizacoes.rede.com.br/quita/');
    await flush();
    expect(c.updater.status()).toMatchObject({ state: 'downloading', available: '0.2.0', percent: 42 });
    c.engine.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(c.asked).toEqual(['0.2.0']);
    expect(c.updater.status()).toMatchObject({ state: 'downloaded', installOnQuit: true, percent: null });
    // The same download announced again (the next daily check) is not asked twice.
    c.engine.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(c.asked).toEqual(['0.2.0']);
    expect(c.engine.installedNow).toBe(0);
  });

  it('"not now" leaves the download uninstalled; "restart now" installs at once', async () => {
    const later = controller('later');
    later.engine.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(later.updater.status()).toMatchObject({ state: 'downloaded', installOnQuit: false });
    const now = controller('now');
    now.engine.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(now.engine.installedNow).toBe(1);
  });

  it('an unreachable feed is an error the screen can word, logged, and a finished download survives it', async () => {
    const c = controller();
    u = c.updater;
    c.engine.result = 'offline';
    c.updater.setFeed('https://atualizacoes.rede.com.br/quita/');
    await flush();
    expect(c.updater.status()).toMatchObject({ state: 'error', error: 'offline' });
    expect(c.logged.length).toBeGreaterThan(0);
    c.engine.emit('update-downloaded', { version: '0.3.0' });
    await flush();
    await c.updater.checkNow();
    expect(c.updater.status()).toMatchObject({ state: 'downloaded', available: '0.3.0', error: null });
  });

  it('classifies electron-updater failures', () => {
    expect(
      classifyUpdateError(Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' })),
    ).toBe('offline');
    expect(
      classifyUpdateError(new Error('HttpError: 404 Not Found "method: GET url: https://x/latest.yml"')),
    ).toBe('feed');
    expect(classifyUpdateError(new Error('sha512 checksum mismatch, expected abc'))).toBe('download');
    expect(classifyUpdateError(new Error('something else'))).toBe('unknown');
  });

  it('knows which copies can update themselves (installed NSIS and AppImage only)', () => {
    expect(updateSupport(false, {}, 'win32')).toBe('development');
    expect(updateSupport(true, {}, 'win32')).toBeNull();
    expect(updateSupport(true, { PORTABLE_EXECUTABLE_DIR: 'C:\\x' }, 'win32')).toBe('portable');
    expect(updateSupport(true, { APPIMAGE: '/home/m/Quita.AppImage' }, 'linux')).toBeNull();
    expect(updateSupport(true, {}, 'linux')).toBe('linux_package');
  });
});

describe('app.update.* commands', () => {
  it('the browser host and the CLI say they cannot update themselves; the address is validated and kept in settings.json', async () => {
    const { core, dataDir, cleanup } = testCore('browser');
    try {
      const call = commandCaller(core);
      expect(await call('app.update.status', {})).toEqual({
        version: '0.0.0-test',
        state: 'unsupported',
        unsupported: 'browser',
        feedUrl: null,
        available: null,
        percent: null,
        lastCheck: null,
        error: null,
        installOnQuit: false,
      });
      for (const [url, code] of [
        ['http://rede.com.br/quita/', 'update.feed_https'],
        ['https://maria:segredo@rede.com.br/', 'update.feed_credentials'],
        ['https://rede.com.br/?t=1', 'update.feed_query'],
        ['nada', 'update.feed_invalid'],
      ]) {
        await expect(call('app.update.setFeed', { url })).rejects.toMatchObject({
          kind: 'validation',
          code,
          field: 'url',
        });
      }
      const saved = await call<{ feedUrl: string }>('app.update.setFeed', {
        url: 'https://rede.com.br/quita',
      });
      expect(saved.feedUrl).toBe('https://rede.com.br/quita/');
      const file = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(file.updateFeedUrl).toBe('https://rede.com.br/quita/');
      expect(await call('app.update.setFeed', { url: null })).toMatchObject({ feedUrl: null });
      await core.close();
    } finally {
      cleanup();
    }
  });

  it('reports the injected updater’s state (the desktop app’s main process passes one)', async () => {
    const t = tempDir();
    const c = controller();
    const core = createCore({
      mode: 'desktop',
      version: '0.1.0',
      dataDir: join(t.dir, 'data'),
      env: { QUITA_KEY_FILE: join(t.dir, 'master.key') },
      updater: c.updater,
    });
    try {
      const call = commandCaller(core);
      expect(await call('app.update.status', {})).toMatchObject({
        state: 'not_configured',
        unsupported: null,
      });
      const s = await call('app.update.setFeed', { url: 'https://rede.com.br/quita/' });
      expect(s).toMatchObject({ version: '0.1.0', feedUrl: 'https://rede.com.br/quita/' });
      expect(c.engine.feeds).toEqual(['https://rede.com.br/quita/']);
      expect(await call('app.update.check', {})).toMatchObject({ state: 'up_to_date' });
      await core.close();
      expect(c.timers.every((x) => x.cleared)).toBe(true);
    } finally {
      t.cleanup();
    }
  });
});

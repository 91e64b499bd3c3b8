import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureSentence } from '../../scripts/package.mjs';
import { SMOKE_PREFIX as SCRIPT_PREFIX, runSmoke, smokeOutcome } from '../../scripts/smoke-packaged.mjs';
import { SMOKE_PREFIX, SMOKE_SCRIPT, smokeRequested, smokeVerdict } from '../../src/main/smoke';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('npm run package: one sentence when Electron cannot be downloaded', () => {
  // Excerpts of dist/package.log from the two runs on this machine (no internet; docs/packaging.md).
  const headersRun = [
    '  • executing @electron/rebuild  electronVersion=45.4.1 arch=x64 buildFromSource=true',
    '  • preparing       moduleName=better-sqlite3 arch=x64',
    'Error: This is most likely not a problem with node-gyp or the package itself and',
    'is related to network connectivity. In most cases you are behind a proxy or have bad ',
    '    at go (/work/main/node_modules/node-gyp/lib/install.js:244:21)',
    '    at async getNodeDir (/work/main/node_modules/node-gyp/lib/configure.js:79:7)',
    "  ⨯ node-gyp failed to rebuild '/work/main/node_modules/better-sqlite3'  failedTask=build",
  ].join('\n');
  const runtimeRun = [
    '  • completed installing native dependencies',
    '  • packaging       platform=linux arch=x64 electron=45.4.1 appOutDir=dist/linux-unpacked',
    '  ⨯ getaddrinfo ENOTFOUND github.com  failedTask=build stackTrace=RequestError: getaddrinfo ENOTFOUND github.com',
    '    at ClientRequest.<anonymous> (/work/main/node_modules/got/dist/source/core/index.js:970:111)',
  ].join('\n');

  it('says which download failed, and where the details are, in one line', () => {
    const headers = failureSentence(headersRun, 'dist/package.log');
    expect(headers).toMatch(
      /^quita: the installers were not built because Electron \S+'s headers .* could not be downloaded/,
    );
    const runtime = failureSentence(runtimeRun, 'dist/package.log');
    expect(runtime).toMatch(
      /^quita: the installers were not built because Electron \S+'s runtime could not be downloaded/,
    );
    for (const s of [headers, runtime]) {
      expect(s).not.toContain('\n');
      expect(s).toContain('dist/package.log');
      expect(s.match(/[.;] /g)?.length ?? 0).toBeLessThanOrEqual(1); // one sentence (one clause break)
    }
  });

  it('any other failure is not blamed on the network', () => {
    expect(failureSentence('  ⨯ Cannot find module out/main/index.js', 'dist/package.log')).toBe(
      'quita: electron-builder failed while building the installers (its output is in dist/package.log).',
    );
  });
});

describe('smoke test of the packaged app', () => {
  it('the main process and the script agree on the line; the verdict needs a desktop answer of this version', () => {
    expect(SCRIPT_PREFIX).toBe(SMOKE_PREFIX);
    expect(SMOKE_SCRIPT).toBe("window.api.invoke('app.info', {})");
    expect(smokeRequested({ QUITA_SMOKE: '1' })).toBe(true);
    expect(smokeRequested({})).toBe(false);
    const ok = smokeVerdict(
      { ok: true, value: { version: '0.1.0', mode: 'desktop', dataDir: '/x' } },
      '0.1.0',
    );
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.line).toMatch(/^QUITA_SMOKE ok \{/);
    expect(smokeVerdict({ ok: true, value: { version: '0.1.0', mode: 'browser' } }, '0.1.0').code).toBe(1);
    expect(smokeVerdict({ ok: false, error: { kind: 'forbidden' } }, '0.1.0').code).toBe(1);
    expect(smokeVerdict('timeout', '0.1.0').line).toBe('QUITA_SMOKE failed "timeout"');
  });

  it('reads the outcome from the app’s line and exit code', () => {
    expect(smokeOutcome({ code: 0, stdout: 'QUITA_SMOKE ok {"ok":true}\n' }).ok).toBe(true);
    expect(smokeOutcome({ code: 0, fileText: 'QUITA_SMOKE ok {"ok":true}\n', stdout: '' }).ok).toBe(true);
    expect(smokeOutcome({ code: 1, stdout: 'QUITA_SMOKE ok {}' }).ok).toBe(false);
    expect(smokeOutcome({ code: 1, stdout: 'QUITA_SMOKE failed {}' }).message).toMatch(
      /app\.info through IPC failed/,
    );
    expect(smokeOutcome({ code: 0, stdout: '' }).message).toMatch(/without printing/);
    expect(smokeOutcome({ code: null, stdout: '', timedOut: true }).message).toMatch(/did not finish/);
  });

  it.skipIf(process.platform === 'win32')(
    'runs an executable with a fresh data folder and QUITA_SMOKE=1',
    async () => {
      // A stand-in for the packaged app: answers like src/main/index.ts's runSmoke does.
      const app = join(tmp.dir, 'quita');
      writeFileSync(
        app,
        [
          `#!${process.execPath}`,
          "const fs = require('node:fs');",
          "const ok = process.env.QUITA_SMOKE === '1' && /quita-smoke-/.test(process.env.QUITA_DATA_DIR ?? '');",
          "const line = `QUITA_SMOKE ${ok ? 'ok' : 'failed'} {\"ok\":true}`;",
          "fs.writeFileSync(process.env.QUITA_SMOKE_OUT, line + '\\n');",
          'process.exit(ok ? 0 : 1);',
        ].join('\n'),
      );
      chmodSync(app, 0o755);
      expect(await runSmoke(app)).toMatchObject({ ok: true, message: 'QUITA_SMOKE ok {"ok":true}' });
      const hang = join(tmp.dir, 'hang');
      writeFileSync(hang, `#!${process.execPath}\nsetTimeout(() => {}, 60000);\n`);
      chmodSync(hang, 0o755);
      expect(await runSmoke(hang, { timeoutMs: 300 })).toMatchObject({ ok: false });
      expect((await runSmoke(join(tmp.dir, 'missing'))).message).toMatch(/run npm run package first/);
    },
  );
});

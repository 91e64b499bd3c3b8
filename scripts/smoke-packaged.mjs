// Smoke test of a packaged Quita (CI, after `npm run package`): start it once with QUITA_SMOKE=1 and a fresh
// data folder; the app opens its window, calls `app.info` through the window's bridge (preload → IPC → dispatch),
// prints `QUITA_SMOKE ok {...}` and quits. This script passes (exit 0) only on that line and exit code 0.
//
//   node scripts/smoke-packaged.mjs [executable]
//     default: dist/win-unpacked/Quita.exe (Windows), dist/linux-unpacked/quita (Linux);
//     an .AppImage runs with APPIMAGE_EXTRACT_AND_RUN=1 (no FUSE needed).
// On Linux without a display run it under `xvfb-run -a`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SMOKE_PREFIX = 'QUITA_SMOKE ';
const TIMEOUT_MS = Number(process.env.QUITA_SMOKE_TIMEOUT_MS ?? 120_000);

export function defaultExecutable(platform = process.platform) {
  if (platform === 'win32') return join(root, 'dist', 'win-unpacked', 'Quita.exe');
  return join(root, 'dist', 'linux-unpacked', 'quita');
}

/**
 * The verdict from what the app printed (stdout, or the QUITA_SMOKE_OUT file) and how it exited.
 * @returns {{ ok: boolean, message: string }}
 */
export function smokeOutcome({ code, signal, stdout, fileText, timedOut }) {
  const line = `${fileText ?? ''}\n${stdout ?? ''}`.split(/\r?\n/).find((l) => l.startsWith(SMOKE_PREFIX));
  if (timedOut)
    return {
      ok: false,
      message: `the packaged app did not finish within ${TIMEOUT_MS / 1000} s${line ? ` (${line})` : ''}.`,
    };
  if (!line)
    return {
      ok: false,
      message: `the packaged app exited (${signal ?? `code ${code}`}) without printing its ${SMOKE_PREFIX.trim()} line.`,
    };
  if (!line.startsWith(`${SMOKE_PREFIX}ok `) || code !== 0)
    return { ok: false, message: `app.info through IPC failed (exit ${signal ?? code}): ${line}` };
  return { ok: true, message: line };
}

export async function runSmoke(executable, { env = process.env, timeoutMs = TIMEOUT_MS } = {}) {
  if (!existsSync(executable))
    return { ok: false, message: `no packaged app at ${executable}: run npm run package first.` };
  const dataDir = mkdtempSync(join(tmpdir(), 'quita-smoke-'));
  const outFile = join(dataDir, 'smoke.txt');
  try {
    const child = spawn(executable, [], {
      env: {
        ...env,
        QUITA_SMOKE: '1',
        QUITA_SMOKE_OUT: outFile,
        QUITA_DATA_DIR: join(dataDir, 'data'),
        ...(executable.endsWith('.AppImage') ? { APPIMAGE_EXTRACT_AND_RUN: '1' } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const { code, signal } = await new Promise((done) => {
      child.on('error', (e) => {
        stderr += String(e);
        done({ code: null, signal: null });
      });
      child.on('close', (c, s) => done({ code: c, signal: s }));
    });
    clearTimeout(timer);
    const fileText = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
    const outcome = smokeOutcome({ code, signal, stdout, fileText, timedOut });
    return { ...outcome, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const executable = resolve(process.argv[2] ?? defaultExecutable());
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.error('smoke: there is no display; run it as `xvfb-run -a node scripts/smoke-packaged.mjs`.');
    process.exit(1);
  }
  const r = await runSmoke(executable);
  if (r.ok) {
    console.log(`smoke: ok: ${r.message}`);
  } else {
    if (r.stderr) process.stderr.write(r.stderr.slice(-4000));
    console.error(`smoke: ${r.message}`);
    process.exit(1);
  }
}

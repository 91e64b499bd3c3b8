// `npm start`: build, then launch the desktop app. Where Electron's runtime cannot be obtained or started
// (no download possible, no display), say so in one line and serve the same app to the browser instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { build, projectRoot } from './build-renderer.mjs';

const electronDir = join(projectRoot, 'node_modules', 'electron');

/** The Electron binary, downloading it on first use (Electron ≥ 42 has no install script). */
function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  const installed = () =>
    existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH)
    return { ok: true, path: process.env.ELECTRON_OVERRIDE_DIST_PATH };
  if (!installed()) {
    console.log('Baixando o Electron (só na primeira vez) / downloading Electron (first time only)…');
    const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (r.status !== 0 || !installed()) {
      const why = `${r.stderr ?? ''}${r.stdout ?? ''}`
        .split('\n')
        .find((l) => /error|fail|ENOTFOUND|EAI_AGAIN|ECONN/i.test(l));
      return {
        ok: false,
        why: `the Electron runtime could not be downloaded${why ? ` (${why.trim().slice(0, 120)})` : ''}`,
      };
    }
  }
  return { ok: true, path: join(electronDir, 'dist', readFileSync(pathFile, 'utf8')) };
}

function launchDesktop(binary) {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return Promise.resolve({ ok: false, why: 'there is no graphical display here' });
  }
  return new Promise((resolve) => {
    const child = spawn(binary, [projectRoot], { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
      process.stderr.write(d);
    });
    // A runtime that cannot start dies within seconds; after that, the app is running and we just wait.
    const started = setTimeout(() => resolve({ ok: true, child }), 5000);
    child.on('error', (e) => {
      clearTimeout(started);
      resolve({ ok: false, why: `Electron could not start (${e.message})` });
    });
    child.on('exit', (code) => {
      clearTimeout(started);
      if (code === 0) process.exit(0);
      const line = stderr.split('\n').find((l) => l.trim()) ?? `exit code ${code}`;
      resolve({ ok: false, why: `Electron could not start (${line.trim().slice(0, 120)})` });
    });
  });
}

const args = process.argv.slice(2);
build();
const bin = electronBinary();
const launched = bin.ok ? await launchDesktop(bin.path) : bin;
if (launched.ok) {
  launched.child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`Quita: ${launched.why}; abrindo no navegador / opening in the browser instead.`);
  register();
  const { hostEntry } = await import('../src/host/main.ts');
  hostEntry(args.includes('--open') ? args : [...args, '--open']);
}

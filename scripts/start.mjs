// `npm start`: build, then launch the desktop app. Where Electron's runtime cannot be obtained or started
// (no download possible, no display), say so in one line and serve the same app to the browser instead.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBuilt } from './build-cli.mjs';
import { build, projectRoot } from './build-renderer.mjs';
import { electronBinary } from './electron-runtime.mjs';

const electronDir = join(projectRoot, 'node_modules', 'electron');

/**
 * better-sqlite3 as `npm ci` built it targets Node's ABI; Electron needs its own build. We fetch (or compile)
 * one into .electron-native/ and hand its path to the main process, leaving node_modules untouched so the
 * browser host, the CLI and the tests keep working.
 */
function electronSqliteBinding() {
  const version = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  const target = join(
    projectRoot,
    '.electron-native',
    `electron-${version}-${process.platform}-${process.arch}`,
    'better_sqlite3.node',
  );
  if (existsSync(target)) return { ok: true, path: target };
  console.log('Preparando o banco de dados para o Electron (só na primeira vez)…');
  const work = mkdtempSync(join(tmpdir(), 'quita-sqlite-'));
  try {
    const pkg = join(work, 'better-sqlite3');
    cpSync(join(projectRoot, 'node_modules', 'better-sqlite3'), pkg, {
      recursive: true,
      filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`),
    });
    const common = { cwd: pkg, encoding: 'utf8', timeout: 600_000 };
    const prebuilt = spawnSync(
      process.execPath,
      [
        join(projectRoot, 'node_modules', 'prebuild-install', 'bin.js'),
        '--runtime',
        'electron',
        '--target',
        version,
        '--arch',
        process.arch,
        '--platform',
        process.platform,
      ],
      common,
    );
    if (prebuilt.status !== 0) {
      // No prebuilt binary for this platform: compile against Electron's headers (needs python3, make, a C++ compiler).
      const npmDir = join(
        process.execPath,
        '..',
        '..',
        'lib',
        'node_modules',
        'npm',
        'node_modules',
        'node-gyp',
        'bin',
        'node-gyp.js',
      );
      const gyp = existsSync(npmDir) ? [process.execPath, [npmDir]] : ['npx', ['--yes', 'node-gyp']];
      const built = spawnSync(
        gyp[0],
        [
          ...gyp[1],
          'rebuild',
          '--release',
          `--target=${version}`,
          '--runtime=electron',
          '--dist-url=https://electronjs.org/headers',
        ],
        common,
      );
      if (built.status !== 0)
        return {
          ok: false,
          why: 'não foi possível preparar o banco de dados para o Electron (não há versão pronta, e compilá-la falhou)',
        };
    }
    const produced = join(pkg, 'build', 'Release', 'better_sqlite3.node');
    if (!existsSync(produced)) return { ok: false, why: 'o banco de dados para o Electron não foi gerado' };
    mkdirSync(join(target, '..'), { recursive: true });
    cpSync(produced, target);
    return { ok: true, path: target };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function launchDesktop(binary, sqliteBinding) {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return Promise.resolve({ ok: false, why: 'não há tela gráfica nesta máquina' });
  }
  return new Promise((resolve) => {
    const child = spawn(binary, [projectRoot], {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, QUITA_SQLITE_BINDING: sqliteBinding },
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
      process.stderr.write(d);
    });
    // A runtime that cannot start dies within seconds; after that, the app is running and we just wait.
    const started = setTimeout(() => resolve({ ok: true, child }), 5000);
    child.on('error', (e) => {
      clearTimeout(started);
      resolve({ ok: false, why: `o Electron não abriu (${e.message})` });
    });
    child.on('exit', (code) => {
      clearTimeout(started);
      if (code === 0) process.exit(0);
      const line = stderr.split('\n').find((l) => l.trim()) ?? `código de saída ${code}`;
      resolve({ ok: false, why: `o Electron não abriu (${line.trim().slice(0, 120)})` });
    });
  });
}

const args = process.argv.slice(2);
build();
const bin = await electronBinary(electronDir);
const sqlite = bin.ok ? electronSqliteBinding() : null;
const launched = !bin.ok ? bin : !sqlite.ok ? sqlite : await launchDesktop(bin.path, sqlite.path);
if (launched.ok) {
  launched.child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`Quita: ${launched.why}; abrindo no navegador.`);
  process.env.QUITA_LAUNCH_COMMAND = 'npm start';
  const { hostEntry } = await loadBuilt('host');
  hostEntry(args.includes('--open') ? args : [...args, '--open']);
}

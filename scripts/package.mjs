// `npm run package`: build the app, then the installers with electron-builder (electron-builder.config.cjs):
// Windows NSIS + portable on Windows, AppImage + deb on Linux, into dist/. Extra arguments go to electron-builder
// (e.g. `npm run package -- --dir` for the unpacked app only, `-- --linux deb`).
//
// electron-builder downloads Electron's runtime (and Electron's headers, to compile better-sqlite3) on first use.
// Where that is impossible, this script stops with one sentence saying so instead of pages of stack traces;
// electron-builder's whole output is kept in dist/package.log either way. Docs: docs/packaging.md.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, projectRoot } from './build-renderer.mjs';

const ELECTRON_VERSION = (() => {
  try {
    return JSON.parse(readFileSync(join(projectRoot, 'node_modules', 'electron', 'package.json'), 'utf8'))
      .version;
  } catch {
    return '(unknown version)';
  }
})();

/** Lines of electron-builder's output that mean "something could not be downloaded". */
const DOWNLOAD_FAILURE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|socket hang up|network connectivity|behind a proxy|unable to (?:get|verify) (?:local )?(?:issuer )?certificate|self[- ]signed certificate|HttpError|status code [45]\d\d|cannot download|failed to download|unable to download|request to https?:\/\/\S+ failed|fetch failed/i;
/** The download was node-gyp fetching Electron's headers (to compile better-sqlite3), not the runtime. */
const HEADERS =
  /node-gyp[\\/]lib[\\/]install\.js|getNodeDir|node-gyp failed to rebuild|electronjs\.org\/headers/i;

/**
 * The one sentence for a failed electron-builder run, from its output; exported for the unit test.
 * @param {string} output electron-builder's stdout + stderr
 * @param {string} log where the whole output was written
 */
export function failureSentence(output, log) {
  const lines = output.split(/\r?\n/);
  const download = lines.find((l) => DOWNLOAD_FAILURE.test(l));
  if (download) {
    const what = HEADERS.test(output)
      ? `Electron ${ELECTRON_VERSION}'s headers (needed to compile better-sqlite3 for it)`
      : `Electron ${ELECTRON_VERSION}'s runtime`;
    return `quita: the installers were not built because ${what} could not be downloaded from the internet; run \`npm run package\` on a machine that can reach github.com and electronjs.org (details in ${log}).`;
  }
  return `quita: electron-builder failed while building the installers (its output is in ${log}).`;
}

/**
 * electron-builder recompiles better-sqlite3 in node_modules for Electron's ABI (`npmRebuild`), and node-gyp's
 * rebuild deletes the old build first. The tests, the CLI and the browser host need the Node build that
 * `npm ci` made, so it is put back afterwards, whether packaging succeeded or not.
 */
function keepNodeBuildOfSqlite() {
  const release = join(projectRoot, 'node_modules', 'better-sqlite3', 'build', 'Release');
  const names = ['better_sqlite3.node', 'test_extension.node'].filter((n) => existsSync(join(release, n)));
  const saved = mkdtempSync(join(tmpdir(), 'quita-sqlite-node-'));
  for (const n of names) copyFileSync(join(release, n), join(saved, n));
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    mkdirSync(release, { recursive: true });
    for (const n of names) {
      const target = join(release, n);
      const same = existsSync(target) && readFileSync(target).equals(readFileSync(join(saved, n)));
      if (!same) copyFileSync(join(saved, n), target);
    }
    // @electron/rebuild's marker would make the next packaging skip the rebuild of what is Node's build again.
    rmSync(join(release, '.forge-meta'), { force: true });
    rmSync(saved, { recursive: true, force: true });
  };
}

/** The environment for electron-builder: without npm's `nodedir`, which would make node-gyp compile
 * better-sqlite3 against Node's headers instead of Electron's (a module the packaged app could not load). */
function builderEnv() {
  const env = { ...process.env, FORCE_COLOR: '0' };
  for (const k of Object.keys(env)) if (k.toLowerCase() === 'npm_config_nodedir') delete env[k];
  return env;
}

async function main() {
  const dist = join(projectRoot, 'dist');
  mkdirSync(dist, { recursive: true });
  const logFile = join(dist, 'package.log');
  console.log('quita: building the app… / construindo o app…');
  build();
  console.log('quita: building the installers with electron-builder (output in dist/package.log)…');
  const log = createWriteStream(logFile);
  const restoreSqlite = keepNodeBuildOfSqlite();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      restoreSqlite();
      process.exit(130);
    });
  }
  const args = [
    join(projectRoot, 'node_modules', 'electron-builder', 'cli.js'),
    '--config',
    'electron-builder.config.cjs',
    '--publish',
    'never',
    ...process.argv.slice(2),
  ];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: builderEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (d) => {
    output += d;
    log.write(d);
    // Progress lines ("• packaging …") keep the terminal informed without the noise.
    for (const l of String(d).split('\n')) if (/^\s*•\s+\S/.test(l)) console.log(l.trimEnd());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise((resolve) => {
    child.on('error', (e) => {
      output += String(e);
      resolve(1);
    });
    child.on('close', (c) => resolve(c ?? 1));
  });
  await new Promise((resolve) => log.end(resolve));
  restoreSqlite();
  if (code !== 0) {
    console.error(failureSentence(output, 'dist/package.log'));
    process.exit(1);
  }
  console.log('quita: installers written to dist/ (see docs/packaging.md for publishing them).');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

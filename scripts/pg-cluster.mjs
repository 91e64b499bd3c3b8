// A throwaway PostgreSQL cluster for the tests: initdb in a temp dir (trust auth, superuser `quita`), a server on
// 127.0.0.1 at a free port with its socket in the same dir, stopped and removed by stop() (and on exit or a signal).
// Used by scripts/test-all.mjs; on its own, `node scripts/pg-cluster.mjs <command…>` runs one command with
// QUITA_TEST_PG_URL set to such a cluster, e.g. `node scripts/pg-cluster.mjs npx vitest run src/core/store`.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const MISSING_POSTGRES =
  "PostgreSQL's initdb was not found: the tests need a PostgreSQL server, so install Debian's `postgresql` package (apt-get install postgresql) and run npm test again.";

/**
 * The directory holding initdb, pg_ctl and postgres: QUITA_PG_BIN if set (another system's layout), else Debian's
 * versioned dir (newest first), else initdb's on PATH.
 */
export function findPgBin() {
  const given = process.env.QUITA_PG_BIN;
  if (given) return existsSync(join(given, 'initdb')) ? given : null;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v) && existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(debian, versions[0], 'bin');
  }
  const r = spawnSync('which', ['initdb'], { encoding: 'utf8' });
  const found = r.status === 0 ? r.stdout.trim() : '';
  return found ? join(found, '..') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Start a cluster. initdb refuses to run as root, so as root the cluster belongs to the `postgres` user that
 * Debian's package creates, and every server command runs through `runuser -u postgres --`.
 * Returns { url, stop }; stop() is idempotent and synchronous (safe in an exit handler).
 */
export async function startPgCluster({ log = () => {} } = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error(MISSING_POSTGRES);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let owner = null;
  if (asRoot) {
    const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    const [u, g] = [id('-u'), id('-g')];
    if (u.status !== 0)
      throw new Error(
        "Running as root, the test PostgreSQL must run as the `postgres` user, which does not exist: install Debian's `postgresql` package (apt-get install postgresql).",
      );
    owner = { uid: Number(u.stdout), gid: Number(g.stdout) };
  }
  const as = (cmd, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const dir = mkdtempSync(join(tmpdir(), 'quita-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let started = false;
  let stopped = false;
  const onExit = () => stop();
  const onSignal = (sig) => {
    stop();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  function stop() {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (started)
      spawnSync(...as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
  // Also when the run ends another way (an exception, Ctrl-C): no server outlives it.
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const init = spawnSync(
      ...as('initdb', ['-D', data, '-A', 'trust', '-U', 'quita', '-E', 'UTF8', '--no-locale', '--no-sync']),
      { encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
    // A free port can be taken between asking and listening (other test runs on the machine): try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const opts = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        // Throwaway data: no durability work, so the tests measure Quita, not the disk.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ');
      // From here a server may be running (even if pg_ctl gives up waiting): stop() asks it to stop.
      started = true;
      const r = spawnSync(
        ...as('pg_ctl', ['-D', data, '-l', logFile, '-o', opts, '-w', '-t', '60', 'start']),
        {
          encoding: 'utf8',
        },
      );
      if (r.status === 0) {
        const url = `postgres://quita@127.0.0.1:${port}/postgres`;
        log(`PostgreSQL (${bin}) started for the tests at ${url}`);
        return { url, stop, dir };
      }
      const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      if (attempt >= 3 || !/could not bind|Address already in use/i.test(serverLog))
        throw new Error(`PostgreSQL did not start:\n${r.stdout}${r.stderr}${serverLog}`);
    }
  } catch (e) {
    stop();
    throw e;
  }
}

// `node scripts/pg-cluster.mjs <command…>`: the command, with QUITA_TEST_PG_URL set, then the cluster is removed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    console.error('usage: node scripts/pg-cluster.mjs <command> [args…]');
    process.exit(2);
  }
  let cluster;
  try {
    cluster = await startPgCluster({ log: console.log });
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, QUITA_TEST_PG_URL: cluster.url },
  });
  cluster.stop();
  process.exit(r.status ?? 1);
}

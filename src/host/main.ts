import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore, defaultDataDir, packageVersion } from '../core';
import { installLastResort } from './last-resort';
import { openBrowser } from './open-browser';
import { startHost } from './server';

const USAGE = `Usage: npm run serve -- [--port N] [--data-dir DIR] [--open]

Serves Quita to your browser on 127.0.0.1 only. Open the printed address (it carries this launch's access token).`;

const projectRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export async function runHost(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      open: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, got "${values.port}"`);

  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  // Everything this process creates is the user's alone, whatever umask it was started with: the files Quita
  // writes itself are created 0600 anyway, and this covers what libraries create (SQLite's database, -wal and
  // -shm files) in the one process that also listens on a port.
  if (process.platform !== 'win32') process.umask(0o077);
  const core = createCore({ mode: 'browser', version: packageVersion(), dataDir });
  const host = await startHost({
    dispatch: core.dispatch,
    events: core.events,
    uploads: core.uploads,
    staticDir: resolve(projectRoot, 'out/renderer'),
    port,
    // `npm start` runs this host when Electron cannot start: the no-token page then names what the clerk ran.
    launchCommand: process.env.QUITA_LAUNCH_COMMAND || 'npm run serve',
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE')
      throw new Error(`Port ${port} is already in use: choose another with --port, or omit it.`);
    throw e;
  });

  // From here on the host serves pages: a bug nobody caught is logged, and the host goes on serving.
  installLastResort();
  // Unsent batches and queued notifications of the last session go on by themselves.
  core.resumeBackground();
  const warning = core.secretsWarning;
  console.log(`Quita ${core.version} — modo navegador / browser mode`);
  console.log(`Dados / data: ${dataDir}`);
  if (warning) console.log(`Atenção / warning: ${warning}`);
  console.log(`Abra no navegador / open in your browser:\n  ${host.url}`);
  console.log('Ctrl+C para parar / to stop.');
  if (values.open && !openBrowser(host.url))
    console.log(
      '(Nenhum navegador encontrado: copie o endereço acima / no browser found: copy the address above.)',
    );

  const stop = () => {
    void host
      .close()
      .then(() => core.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

class UsageError extends Error {}

/** Run the host as a program: one clear line on failure, never a stack trace; exit 2 on bad usage. */
export function hostEntry(argv: string[]): void {
  runHost(argv).catch((e: unknown) => {
    const msg = e instanceof Error ? e.message : String(e);
    console.error(`quita serve: ${msg.split('\n')[0]}`);
    if (e instanceof UsageError || String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      console.error(USAGE);
      process.exit(2);
    }
    process.exit(1);
  });
}

const isEntry = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) hostEntry(process.argv.slice(2));

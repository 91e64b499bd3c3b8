import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore, defaultDataDir, isAppError, packageVersion, storedLocale } from '../core';
import type { CommandOutput } from '../shared/contract';
import { createSay, localeOf, type Say } from '../shared/i18n/say';
import { installLastResort } from './last-resort';
import { openBrowser } from './open-browser';
import { startHost } from './server';

/** The host's console speaks the clerk's language too: `--lang`, else the one chosen in Configurações. */
function sayFor(argv: string[]): Say {
  const at = (name: string) => {
    const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
    if (i < 0) return undefined;
    return argv[i]!.includes('=') ? argv[i]!.slice(name.length + 1) : argv[i + 1];
  };
  const lang = at('--lang');
  return createSay((lang && localeOf(lang)) || storedLocale(resolve(at('--data-dir') ?? defaultDataDir())));
}

const projectRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export async function runHost(argv: string[], say: Say = sayFor(argv)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      open: { type: 'boolean', default: false },
      lang: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(say.t('cli.serve.usage'));
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(say.t('cli.serve.badPort', { port: values.port }));

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
    if (e.code === 'EADDRINUSE') throw new HostFailure(say.t('cli.serve.portInUse', { port }));
    throw e;
  });

  // From here on the host serves pages: a bug nobody caught is logged, and the host goes on serving.
  installLastResort();
  // Unsent batches and queued notifications of the last session go on by themselves.
  core.resumeBackground();
  console.log(say.t('cli.serve.started', { version: core.version }));
  console.log(say.t('cli.serve.data', { path: dataDir }));
  const info = await core.dispatch('app.info', {});
  const protection = info.ok ? (info.value as CommandOutput<'app.info'>).secretProtection : undefined;
  // As Ajuda says it: a passphrase is what it says; the other two warn when they are weaker than assumed.
  if (protection?.warning && protection.scheme !== 'passphrase')
    console.log(say.t(`help.about.protectionWarning.${protection.scheme}`));
  console.log(say.t('cli.serve.open', { url: host.url }));
  console.log(say.t('cli.serve.stop'));
  if (values.open && !openBrowser(host.url)) console.log(say.t('cli.serve.noBrowser'));

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
/** A failure the sentence already explains (the port is taken). */
class HostFailure extends Error {}

/** Run the host as a program: one clear line on failure, never a stack trace; exit 2 on bad usage. */
export function hostEntry(argv: string[]): void {
  const say = sayFor(argv);
  runHost(argv, say).catch((e: unknown) => {
    const usage =
      e instanceof UsageError || String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    const msg =
      e instanceof UsageError || e instanceof HostFailure
        ? e.message
        : usage
          ? say.t('cli.errors.badUsage', { detail: (e as Error).message.split('\n')[0] })
          : isAppError(e)
            ? say.error(e.toInfo())
            : say.t('cli.serve.failed', { detail: e instanceof Error ? e.message : String(e) });
    console.error(`quita serve: ${msg.split('\n')[0]}`);
    if (usage) {
      console.error(say.t('cli.serve.usage'));
      process.exit(2);
    }
    process.exit(1);
  });
}

const isEntry = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) hostEntry(process.argv.slice(2));

import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createCore,
  isAppError,
  markServerRunning,
  OFFICE_PG_SCHEMA,
  officePlace,
  openOffice,
  packageVersion,
  type Core,
  type Office,
  type ServerRunningMark,
} from '../core';
import type { Say } from '../shared/i18n/say';
import { startOfficeServer, type RunningOfficeServer } from './server';
import { loadOrMakeTls, TlsError } from './tls';

export interface ServerRunOptions {
  dataDir: string;
  say: Say;
  stdout: (s: string) => void;
  env: NodeJS.ProcessEnv;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  stopped?: Promise<void>;
  /** Told once the server listens (tests read the port from it). */
  onListening?: (server: RunningOfficeServer) => void;
}

/** A refusal `quita server` explains in one sentence (exit 1), or bad usage (exit 2). */
export class ServerFailure extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

const projectRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DEFAULT_SERVER_PORT = 8443;

const untilSignal = () =>
  new Promise<void>((ok) => {
    process.once('SIGINT', () => ok());
    process.once('SIGTERM', () => ok());
  });

/**
 * `quita server`: the office server. The same screens and commands as the desktop app, over HTTPS, for the
 * office's clerks, each logged in as themselves (src/core/users); what a role may do is checked at the core's one
 * door. Returns the exit code once stopped.
 */
export async function runServer(argv: string[], o: ServerRunOptions): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      endereco: { type: 'string', default: '0.0.0.0' },
      porta: { type: 'string' },
      nome: { type: 'string', multiple: true },
      certificado: { type: 'string' },
      chave: { type: 'string' },
      // The office's users in PostgreSQL (the quita_office schema) instead of office.sqlite; else QUITA_DATABASE_URL.
      banco: { type: 'string' },
      database: { type: 'string' },
      // Where the built screens are (tests, packaged layouts); default: out/renderer of this installation.
      'static-dir': { type: 'string' },
    },
    strict: true,
  });
  const t = (k: string, p?: Record<string, unknown>) => o.say.t(`server.cli.${k}`, p);
  const port = values.porta === undefined ? DEFAULT_SERVER_PORT : Number(values.porta);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ServerFailure(t('badPort', { port: values.porta }), true);
  const address = values.endereco;
  const wildcard = address === '0.0.0.0' || address === '::';
  const names = [
    ...new Set(
      values.nome?.length
        ? values.nome
        : [...(wildcard ? [hostname().toLowerCase()] : [address]), 'localhost', '127.0.0.1'],
    ),
  ];

  // Everything this process writes is the server account's alone (databases, the made key, the log).
  if (process.platform !== 'win32') process.umask(0o077);
  let office: Office | undefined;
  let core: Core | undefined;
  let server: RunningOfficeServer | undefined;
  let mark: ServerRunningMark | undefined;
  try {
    // The option wins over the environment; either may hold a password, which is never printed.
    let place;
    try {
      place = officePlace(o.dataDir, values.banco ?? values.database ?? o.env.QUITA_DATABASE_URL);
    } catch (e) {
      if (isAppError(e)) throw new ServerFailure(t('badDatabase'), true);
      throw e;
    }
    try {
      office = await openOffice(place);
    } catch (e) {
      if (place.kind !== 'postgres') throw e;
      // The URL itself is never repeated (it may hold a password): its server, and PostgreSQL's own reason.
      const detail = e instanceof Error ? e.message.replace(/postgres(ql)?:\/\/\S*/gi, '…') : String(e);
      throw new ServerFailure(t('databaseFailed', { server: place.shown, detail }));
    }
    const users = await office.userCount();
    if (users === 0) throw new ServerFailure(t('noUsers', { path: o.dataDir }));
    let tls;
    try {
      tls = loadOrMakeTls({
        certFile: values.certificado,
        keyFile: values.chave,
        dir: join(o.dataDir, 'server-tls'),
        names,
      });
    } catch (e) {
      if (e instanceof TlsError) throw new ServerFailure(t('tls', { detail: e.message }));
      throw e;
    }
    core = createCore({ mode: 'server', version: packageVersion(), dataDir: o.dataDir, office, env: o.env });
    const c = core;
    const log = c.log;
    // On an office database, this server says it is running there (migrate-to-server --banco asks before copying).
    if ('url' in place)
      mark = await markServerRunning(place.url, (e) =>
        log.error('the office database ended the session that says this server is running', e),
      );
    server = await startOfficeServer({
      dispatch: c.dispatch,
      runAs: (who, fn) => c.runAs(who, fn),
      office,
      events: c.events,
      uploads: c.uploads,
      staticDir: values['static-dir'] ?? join(projectRoot, 'out', 'renderer'),
      tls,
      address,
      port,
      names: tls.selfSigned ? names : [...new Set([...names, ...tls.names])],
      say: o.say,
      logError: (m, e) => log.error(m, e),
    }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') throw new ServerFailure(t('portInUse', { port }));
      if (e.code === 'EADDRNOTAVAIL') throw new ServerFailure(t('addressUnavailable', { address }));
      throw e;
    });
    c.resumeBackground();
    const date = tls.validTo.slice(0, 10).split('-').reverse().join('/');
    o.stdout(
      [
        t('started', { version: c.version }),
        t('address', { url: server.url }),
        t('data', { path: o.dataDir }),
        ...(place.kind === 'postgres'
          ? [t('officeDatabase', { server: place.shown, schema: OFFICE_PG_SCHEMA })]
          : []),
        tls.selfSigned ? t('certMade', { date }) : t('certOffice', { date }),
        ...(tls.selfSigned ? [t('fingerprint', { fingerprint: tls.fingerprint })] : []),
        t('users', { count: users }),
        t('stop'),
      ].join('\n'),
    );
    o.onListening?.(server);
    await (o.stopped ?? untilSignal());
    return 0;
  } finally {
    await server?.close();
    // No longer serving: the mark goes before the core (and its log) closes.
    await mark?.release().catch((e) => core?.log.error('could not end the server-running session', e));
    await core?.close();
    await office?.close();
  }
}

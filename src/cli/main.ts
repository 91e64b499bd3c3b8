import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createCore,
  defaultDataDir,
  isAppError,
  logFileOf,
  packageVersion,
  storedLocale,
  type Core,
} from '../core';
import type { Locale } from '../shared/constants';
import { createSay, localeOf, type Say } from './i18n';
import { commandsCommand, infoCommand, profilesCommand, settingsCommand } from './commands/basic';
import { connectCommand } from './commands/connection';
import { branchesCommand } from './commands/branches';
import { debtorsCommand, geographyCommand } from './commands/debtors';
import { notifyCommand } from './commands/notify';
import { demoCommand } from './commands/demo';
import { importCommand } from './commands/import';
import { matchCommand } from './commands/match';
import { approveCommand, sendCommand, statusCommand } from './commands/send';
import { runCommandCli } from './commands/run';
import { auditCommand } from './commands/audit';
import { backupCommand, restoreCommand } from './commands/backup';
import { accountsCommand, receivablesCommand, syncCommand } from './commands/sync';
import { usersCommand } from './commands/users';
import { migrateCommand } from './commands/migrate';
import { UsageError, type CliIo, type Subcommand } from './types';
import { runServer, ServerFailure } from '../server/main';
import { openRemoteDoor } from './remote-door';

/**
 * `quita server` runs until it is stopped and opens the core itself (as the office server, with its users), so it is
 * not one of the one-shot commands below; it is listed with them.
 */
const serverCommand: Subcommand = {
  name: 'server',
  options: {
    endereco: { type: 'string' },
    porta: { type: 'string' },
    nome: { type: 'string', multiple: true },
    certificado: { type: 'string' },
    chave: { type: 'string' },
    'static-dir': { type: 'string' },
  },
  run: () => Promise.reject(new Error('quita server runs through runServer')),
};

export type { CliIo } from './types';

const SUBCOMMANDS: Subcommand[] = [
  infoCommand,
  connectCommand,
  syncCommand,
  accountsCommand,
  receivablesCommand,
  branchesCommand,
  importCommand,
  matchCommand,
  approveCommand,
  sendCommand,
  statusCommand,
  runCommandCli,
  auditCommand,
  backupCommand,
  restoreCommand,
  debtorsCommand,
  geographyCommand,
  notifyCommand,
  demoCommand,
  profilesCommand,
  settingsCommand,
  serverCommand,
  usersCommand,
  migrateCommand,
  commandsCommand,
];

function mainUsage(say: Say): string {
  const width = Math.max(...SUBCOMMANDS.map((c) => c.name.length));
  const line = (c: Subcommand) => `  ${c.name.padEnd(width)}  ${say.t(`cli.${c.name}.summary`)}`;
  const u = (k: string) => say.t(`cli.usage.${k}`);
  return [
    u('synopsis'),
    '',
    u('intro'),
    '',
    u('commands'),
    ...SUBCOMMANDS.filter((c) => !c.developer).map(line),
    '',
    u('developer'),
    ...SUBCOMMANDS.filter((c) => c.developer).map(line),
    '',
    u('global'),
    ...(
      [
        [`--data-dir ${say.locale === 'en' ? 'DIR' : 'PASTA'}`, 'dataDir'],
        ['--lang pt-BR|en', 'lang'],
        ['--json', 'json'],
        ['--help, -h', 'help'],
        ['--version', 'version'],
      ] as const
    ).map(([option, key]) => `  ${option.padEnd(16)}  ${u(key)}`),
    ...(
      [
        ['--server URL', 'server'],
        ['--token-stdin', 'tokenStdin'],
        ['--fingerprint AA:BB:…', 'fingerprint'],
      ] as const
    ).map(([option, key]) => {
      const text = say.t(`cli.remote.usage.${key}`);
      return option.length <= 16
        ? `  ${option.padEnd(16)}  ${text}`
        : `  ${option}\n  ${''.padEnd(16)}  ${text}`;
    }),
    '',
    u('exitCodes'),
  ].join('\n');
}

/** The global options that take a value as the next word. */
const GLOBAL_WITH_VALUE = new Set(['--data-dir', '--lang', '--server', '--fingerprint']);

/** Global options stop at the first word that is not an option: that word is the subcommand. */
function splitGlobal(argv: string[]): { global: string[]; rest: string[] } {
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-')) i += GLOBAL_WITH_VALUE.has(argv[i]!) ? 2 : 1;
  return { global: argv.slice(0, i), rest: argv.slice(i) };
}

/**
 * What only makes sense on the office server's own machine, or on a branch's: users and the server itself live
 * in its data folder, a backup is of a local file, `quita run` is the local scheduler's entry.
 */
const LOCAL_ONLY = new Set(['server', 'usuarios', 'backup', 'restore', 'run', 'migrate-to-server']);

/** The token for `--server`: the first line of stdin with --token-stdin, else QUITA_TOKEN; never an argument. */
async function readToken(io: CliIo, fromStdin: boolean, say: Say): Promise<string> {
  const token = fromStdin
    ? io.readStdin
      ? ((await io.readStdin()).split(/\r?\n/)[0] ?? '').trim()
      : ''
    : (io.env.QUITA_TOKEN ?? '').trim();
  if (token === '') throw new UsageError(say.t(fromStdin ? 'cli.remote.noTokenStdin' : 'cli.remote.noToken'));
  return token;
}

/**
 * The language of this run: `--lang` (before or after the command, as `--json`), else the one chosen in
 * Configurações for the data folder, else Portuguese. Read before anything is parsed, so even a usage error
 * speaks it.
 */
function chooseLocale(argv: string[], env: NodeJS.ProcessEnv): Locale | 'bad' {
  const { global } = splitGlobal(argv);
  let lang: string | undefined;
  let dataDir: string | undefined;
  for (let i = 0; i < global.length; i++) {
    const a = global[i]!;
    if (a === '--data-dir') dataDir = global[++i];
    else if (a.startsWith('--data-dir=')) dataDir = a.slice(11);
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--lang') lang = argv[++i];
    else if (a.startsWith('--lang=')) lang = a.slice(7);
  }
  if (lang !== undefined) return localeOf(lang) ?? 'bad';
  return storedLocale(resolve(dataDir ?? defaultDataDir(env)));
}

/** Node's own parse errors (in English) as the clerk's sentence. */
function parseArgsMessage(e: Error & { code?: string }, say: Say): string {
  const option = /'(-{1,2}[^' ]+)/.exec(e.message)?.[1] ?? '';
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return say.t('cli.errors.unknownOption', { option });
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(e.message))
      return say.t('cli.errors.unexpectedArgument', { value: option });
    return say.t('cli.errors.missingValue', { option });
  }
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const value = /'([^']*)'/.exec(e.message)?.[1] ?? '';
    return say.t('cli.errors.unexpectedArgument', { value });
  }
  return say.t('cli.errors.badUsage', { detail: e.message.split('\n')[0] });
}

/** Runs the CLI and returns the exit code; all output goes through `io`. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let core: Core | undefined;
  let sub: Subcommand | undefined;
  const chosen = chooseLocale(argv, io.env);
  const say = createSay(chosen === 'bad' ? 'pt-BR' : chosen);
  try {
    if (chosen === 'bad') throw new UsageError(say.t('cli.errors.badLang'));
    const { global, rest } = splitGlobal(argv);
    // A token typed as an argument stays in the shell's history and the process list: refused, and said why.
    if (global.some((a) => a === '--token' || a.startsWith('--token=')))
      throw new UsageError(say.t('cli.remote.tokenArgument'));
    const g = parseArgs({
      args: global,
      options: {
        'data-dir': { type: 'string' },
        lang: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', default: false },
        server: { type: 'string' },
        'token-stdin': { type: 'boolean', default: false },
        fingerprint: { type: 'string' },
      },
      strict: true,
    }).values;
    if (g.server === undefined && (g['token-stdin'] || g.fingerprint !== undefined))
      throw new UsageError(say.t('cli.remote.needsServer'));
    if (g.version) {
      // The log file is where the details of a failure go (stderr gets one sentence): named here for support.
      const logFile = logFileOf(resolve(g['data-dir'] ?? defaultDataDir(io.env)));
      io.stdout(
        g.json
          ? JSON.stringify({ version: packageVersion(), logFile })
          : `${packageVersion()}\n${say.t('cli.version.log', { path: logFile })}`,
      );
      return 0;
    }
    const [name, ...args] = rest;
    if (g.help || name === undefined || name === 'help') {
      const asked = SUBCOMMANDS.find((c) => c.name === args[0]);
      if (name === undefined && !g.help) {
        io.stderr(mainUsage(say));
        return 2;
      }
      io.stdout(asked ? commandHelp(asked, say) : mainUsage(say));
      return 0;
    }
    sub = SUBCOMMANDS.find((c) => c.name === name);
    if (!sub) throw new UsageError(say.t('cli.errors.unknownCommand', { name }));
    const parsed = parseArgs({
      args,
      options: {
        ...sub.options,
        json: { type: 'boolean', default: false },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      io.stdout(commandHelp(sub, say));
      return 0;
    }
    const json = g.json || parsed.values.json === true;
    const dataDir = resolve(g['data-dir'] ?? defaultDataDir(io.env));
    if (g.server !== undefined) {
      if (LOCAL_ONLY.has(sub.name)) throw new UsageError(say.t('cli.remote.localOnly', { name: sub.name }));
      const token = await readToken(io, g['token-stdin'] === true, say);
      core = await openRemoteDoor({
        server: g.server,
        token,
        fingerprint: g.fingerprint,
        dataDir,
        version: packageVersion(),
        say,
      });
      const out = await sub.run(parsed.values, parsed.positionals, core, { ...io, say });
      io.stdout(json ? JSON.stringify(out.json, null, 2) : out.text);
      return out.exitCode ?? 0;
    }
    if (sub === serverCommand) {
      const own = args.filter(
        (a, i) => a !== '--json' && !a.startsWith('--lang') && args[i - 1] !== '--lang',
      );
      try {
        return await runServer(own, { dataDir, say, stdout: io.stdout, env: io.env });
      } catch (e) {
        if (!(e instanceof ServerFailure)) throw e;
        io.stderr(`quita server: ${e.message}`);
        return e.usage ? 2 : 1;
      }
    }
    try {
      core = createCore({ mode: 'cli', version: packageVersion(), dataDir, env: io.env });
    } catch (e) {
      if (isAppError(e)) throw e;
      // Nothing is open yet, so there is no log file to send the clerk to: the sentence says what is wrong.
      const code = (e as NodeJS.ErrnoException).code ?? '';
      const reason = say.t(`cli.errors.dataDirReason.${code}`, {
        defaultValue: say.t('cli.errors.dataDirReason.other', { code }),
      });
      io.stderr(`quita: ${say.t('cli.errors.dataDir', { path: dataDir, reason })}`);
      return 1;
    }
    const out = await sub.run(parsed.values, parsed.positionals, core, { ...io, say });
    io.stdout(json ? JSON.stringify(out.json, null, 2) : out.text);
    return out.exitCode ?? 0;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      const msg = e instanceof UsageError ? e.message : parseArgsMessage(e as Error & { code?: string }, say);
      io.stderr(`quita: ${msg.split('\n')[0]}`);
      io.stderr(sub ? say.t('cli.errors.seeCommandHelp', { name: sub.name }) : say.t('cli.errors.seeHelp'));
      return 2;
    }
    if (isAppError(e)) {
      // A `cli.` code: the command worded the sentence itself, in the clerk's language; the rest as the screens.
      const sentence = e.code?.startsWith('cli.') ? e.message : say.error(e.toInfo());
      io.stderr(`quita: ${sentence.split('\n')[0]}`);
      return 1;
    }
    // Not a refusal but a fault of Quita's own: the details go to the log file, the clerk gets one sentence.
    core?.log.error(`quita ${sub?.name ?? ''}: unexpected failure`, e);
    const log = core?.logFile ?? logFileOf(resolve(defaultDataDir(io.env)));
    io.stderr(`quita: ${say.t('cli.errors.unexpected', { log })}`);
    return 1;
  } finally {
    await core?.close();
  }
}

/** A command's `--help`: its synopsis and explanation, then its one-line summary. */
function commandHelp(sub: Subcommand, say: Say): string {
  return `${say.t(`cli.${sub.name}.help`)}\n\n${say.t(`cli.${sub.name}.summary`)}`;
}

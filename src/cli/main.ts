import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore, defaultDataDir, isAppError, logFileOf, packageVersion, type Core } from '../core';
import { commandsCommand, infoCommand, profilesCommand, settingsCommand } from './commands/basic';
import { connectCommand } from './commands/connection';
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
import { UsageError, type CliIo, type Subcommand } from './types';

export type { CliIo } from './types';

const SUBCOMMANDS: Subcommand[] = [
  infoCommand,
  connectCommand,
  syncCommand,
  accountsCommand,
  receivablesCommand,
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
  commandsCommand,
];

function mainUsage(): string {
  const width = Math.max(...SUBCOMMANDS.map((c) => c.name.length));
  return [
    'Usage: quita [--data-dir DIR] [--json] <command> [options]',
    '',
    'Quita reconciles bank statements with the gym system’s receivables.',
    '',
    'Commands:',
    ...SUBCOMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Global options (before the command):',
    '  --data-dir DIR  where settings and data live (default: QUITA_DATA_DIR or the desktop app’s folder)',
    '  --json          machine-readable output on stdout (also accepted after the command)',
    '  --help, -h      this help; `quita <command> --help` for a command',
    '  --version       print the version',
    '',
    'Exit codes: 0 success, 1 failure (one line on stderr), 2 bad usage.',
  ].join('\n');
}

/** Global options stop at the first word that is not an option: that word is the subcommand. */
function splitGlobal(argv: string[]): { global: string[]; rest: string[] } {
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-')) i += argv[i] === '--data-dir' ? 2 : 1;
  return { global: argv.slice(0, i), rest: argv.slice(i) };
}

/** Runs the CLI and returns the exit code; all output goes through `io`. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let core: Core | undefined;
  try {
    const { global, rest } = splitGlobal(argv);
    const g = parseArgs({
      args: global,
      options: {
        'data-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
    if (g.version) {
      // The log file is where the details of a failure go (stderr gets one sentence): named here for support.
      const logFile = logFileOf(resolve(g['data-dir'] ?? defaultDataDir(io.env)));
      io.stdout(
        g.json
          ? JSON.stringify({ version: packageVersion(), logFile })
          : `${packageVersion()}\nlog: ${logFile}`,
      );
      return 0;
    }
    const [name, ...args] = rest;
    if (g.help || name === undefined || name === 'help') {
      const sub = SUBCOMMANDS.find((c) => c.name === args[0]);
      if (name === undefined && !g.help) {
        io.stderr(mainUsage());
        return 2;
      }
      io.stdout(sub ? sub.usage : mainUsage());
      return 0;
    }
    const sub = SUBCOMMANDS.find((c) => c.name === name);
    if (!sub) throw new UsageError(`unknown command "${name}" (see quita --help)`);
    const parsed = parseArgs({
      args,
      options: {
        ...sub.options,
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      io.stdout(`${sub.usage}\n\n${sub.summary}`);
      return 0;
    }
    const json = g.json || parsed.values.json === true;
    const dataDir = resolve(g['data-dir'] ?? defaultDataDir(io.env));
    core = createCore({ mode: 'cli', version: packageVersion(), dataDir, env: io.env });
    const out = await sub.run(parsed.values, parsed.positionals, core, io);
    io.stdout(json ? JSON.stringify(out.json, null, 2) : out.text);
    return out.exitCode ?? 0;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.stderr(`quita: ${(e as Error).message.split('\n')[0]}`);
      io.stderr('Run quita --help for usage.');
      return 2;
    }
    const msg = isAppError(e) ? e.message : e instanceof Error ? e.message : String(e);
    io.stderr(`quita: ${msg.split('\n')[0]}`);
    return 1;
  } finally {
    await core?.close();
  }
}

import type { ParseArgsConfig } from 'node:util';
import type { Core } from '../core';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CliIo {
  stdout: (s: string) => void;
  /** Progress and warnings: never on stdout, which --json keeps for the result alone. */
  stderr: (s: string) => void;
  env: NodeJS.ProcessEnv;
  /** Reads all of standard input (for --password-stdin). */
  readStdin?: () => Promise<string>;
}

export interface CliOutput {
  /** Printed on stdout with --json (and nothing else is). */
  json: unknown;
  /** Printed on stdout without --json. */
  text: string;
  /** The process's exit code when the command ran but something in it failed (default 0); see `quita run`. */
  exitCode?: number;
}

export interface Subcommand {
  name: string;
  summary: string;
  usage: string;
  options: OptionSpec;
  run(values: ParsedValues, positionals: string[], core: Core, io: CliIo): Promise<CliOutput>;
}

/** Bad usage: exit code 2 and the subcommand's usage. */
export class UsageError extends Error {}

import type { ParseArgsConfig } from 'node:util';
import type { Core } from '../core';
import type { Say } from './i18n';

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

/** What a subcommand runs with: the streams, and its words in the profile's language. */
export interface CliContext extends CliIo {
  say: Say;
}

/**
 * One `quita` subcommand. Its one-line summary and its `--help` text are in the catalogue, as
 * `cli.<name>.summary` and `cli.<name>.help` (src/shared/i18n/cli), in both languages.
 */
export interface Subcommand {
  name: string;
  options: OptionSpec;
  /** Listed apart in `quita --help`, for whoever integrates Quita with other systems. */
  developer?: boolean;
  run(values: ParsedValues, positionals: string[], core: Core, io: CliContext): Promise<CliOutput>;
}

/** Bad usage: exit code 2, the sentence (already in the clerk's language) and where the usage is. */
export class UsageError extends Error {}

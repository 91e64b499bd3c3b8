import type { ParseArgsConfig } from 'node:util';
import type { Core } from '../core/bootstrap';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CliOutput {
  /** Printed on stdout with --json (and nothing else is). */
  json: unknown;
  /** Printed on stdout without --json. */
  text: string;
}

export interface Subcommand {
  name: string;
  summary: string;
  usage: string;
  options: OptionSpec;
  run(values: ParsedValues, positionals: string[], core: Core): Promise<CliOutput>;
}

/** Bad usage: exit code 2 and the subcommand's usage. */
export class UsageError extends Error {}

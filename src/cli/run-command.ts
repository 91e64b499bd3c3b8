import type { CommandInput, CommandName, CommandOutput } from '../shared/contract';
import type { Core } from '../core';
import { AppError } from '../core';
import { UsageError } from './types';

/** Call a core command through the same dispatch (validation, envelopes) the other front doors use. */
export async function runCommand<K extends CommandName>(
  core: Core,
  name: K,
  input: CommandInput<K>,
): Promise<CommandOutput<K>> {
  const result = await core.dispatch(name, input);
  if (!result.ok) {
    const e = result.error;
    // The command refused the input itself: that is bad usage of the CLI (exit 2), not a failure.
    if (e.code === 'input.invalid') throw new UsageError(e.message);
    throw new AppError(e.kind, e.message, {
      ...(e.code ? { code: e.code } : {}),
      ...(e.field ? { field: e.field } : {}),
      ...(e.params ? { params: e.params } : {}),
    });
  }
  return result.value as CommandOutput<K>;
}

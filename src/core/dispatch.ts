import type { z } from 'zod';
import { commands, isCommandName, type ErrorInfo, type Result } from '../shared/contract';
import { isAppError } from './errors';
import type { Handlers } from './handlers';

export type Dispatch = (name: string, rawInput: unknown) => Promise<Result<unknown>>;

const fieldOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.');

/** A validation error that names the field, e.g. `baseUrl: must start with https://`. */
export function validationError(error: z.ZodError): ErrorInfo {
  const issue = error.issues[0];
  const field = issue ? fieldOf(issue) : '';
  const text = issue?.message ?? 'invalid input';
  return {
    kind: 'validation',
    message: field ? `${field}: ${text}` : text,
    code: 'input.invalid',
    field,
    params: { field, detail: text },
  };
}

/**
 * The single entry point both registrars (Electron IPC and the browser host) and the CLI go through:
 * unknown names are refused, input is validated against the contract, output is checked too, and every
 * failure becomes a result envelope. Unexpected errors are logged without their input (which may hold a key).
 */
export function createDispatch(
  handlers: Handlers,
  log: (msg: string) => void = (m) => console.error(m),
  /** Runs after every command, whatever its outcome (the core moves the audit log's anchor there). */
  after: () => void = () => undefined,
): Dispatch {
  return async (name, rawInput) => {
    if (!isCommandName(name)) {
      return {
        ok: false,
        error: { kind: 'not_found', message: `Unknown command: ${name}`, code: 'command.unknown' },
      };
    }
    const def = commands[name];
    const input = def.input.safeParse(rawInput ?? {});
    if (!input.success) return { ok: false, error: validationError(input.error) };
    try {
      const handler = handlers[name] as (i: unknown) => Promise<unknown>;
      const value = def.output.parse(await handler(input.data));
      return { ok: true, value };
    } catch (e) {
      return failure(name, e, log);
    } finally {
      try {
        after();
      } catch (e) {
        log(`[quita] after command ${name}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
    }
  };
}

/** The envelope of a failed command: an AppError as it is, anything else as `internal`, logged. */
function failure(name: string, e: unknown, log: (msg: string) => void): Result<unknown> {
  if (isAppError(e)) return { ok: false, error: e.toInfo() };
  log(`[quita] command ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  return {
    ok: false,
    error: {
      kind: 'internal',
      message: 'Something went wrong inside Quita; the details were written to the log.',
      code: 'internal',
    },
  };
}

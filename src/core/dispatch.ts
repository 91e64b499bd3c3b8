import type { z } from 'zod';
import { commands, isCommandName, type ErrorInfo, type Result } from '../shared/contract';
import { COMMAND_ROLES, roleAllows, roleNeeded, type Role } from '../shared/roles';
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
  /**
   * The office server's door ([W]): who is asking, or null when nobody logged in is. Given, every command needs a
   * person whose role allows it (src/shared/roles.ts) — a command run outside a logged-in request is refused, so a
   * front that forgets to say who is asking fails closed. Absent (the desktop app, the browser mode, the CLI on
   * the branch's own machine): the person at the desk owns the file, and every command is theirs.
   */
  requester?: () => { role: Role } | null,
): Dispatch {
  return async (name, rawInput) => {
    if (!isCommandName(name)) {
      return {
        ok: false,
        error: { kind: 'not_found', message: `Unknown command: ${name}`, code: 'command.unknown' },
      };
    }
    const def = commands[name];
    // Who may run it is decided before the input is read: a person without the role learns nothing from it.
    const who = requester ? requester() : null;
    if (requester && !who)
      return { ok: false, error: { kind: 'auth', message: 'Sign in to go on.', code: 'access.no_session' } };
    if (who && !roleAllows(who.role, COMMAND_ROLES[name]))
      return forbidden(name, who.role, COMMAND_ROLES[name]);
    const input = def.input.safeParse(rawInput ?? {});
    if (!input.success) return { ok: false, error: validationError(input.error) };
    // Some inputs ask for more than the command's least role (a set-aside line that also makes a rule).
    if (who && !roleAllows(who.role, roleNeeded(name, input.data)))
      return forbidden(name, who.role, roleNeeded(name, input.data));
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

/** A person whose role does not reach what the command needs: named, with the role it needs. */
const forbidden = (name: string, role: Role, need: Role): Result<unknown> => ({
  ok: false,
  error: {
    kind: 'forbidden',
    message: `The role ${role} cannot run ${name}; it needs ${need}.`,
    code: 'access.forbidden',
    params: { role, need },
  },
});

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

import { isAppError, type AppError } from '../../src/core/errors';

/** The AppError a call throws (anything else is rethrown; no throw fails the test). */
export function failure(f: () => unknown): AppError {
  try {
    f();
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

/** The code of the AppError a call throws, or undefined when it does not throw. */
export function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
  return undefined;
}

/** What a promise rejects with (a promise that resolves fails the test). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

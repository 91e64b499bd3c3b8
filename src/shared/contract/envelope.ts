import { z } from 'zod';

/**
 * The closed set of error kinds that may cross a process boundary. The renderer and the CLI decide what to
 * show from the kind (and the optional `code`), never from the English message.
 */
export const ERROR_KINDS = [
  'validation',
  'auth',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'offline',
  'external',
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const errorInfoSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  /** English, one line, actionable; safe to print (never contains a secret). */
  message: z.string(),
  /** Stable identifier the UI translates (`errors.<code>`), e.g. `connection.unauthorized`. */
  code: z.string().optional(),
  /** Dotted path of the offending input field, for `validation`. */
  field: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorInfo = z.infer<typeof errorInfoSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: ErrorInfo): Result<never> => ({ ok: false, error });

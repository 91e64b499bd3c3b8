import type { ErrorInfo, ErrorKind } from '../shared/contract/envelope';

/** An error meant for the user: its kind decides how the front doors react, its message says what to do. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly params: ErrorInfo['params'];

  constructor(
    kind: ErrorKind,
    message: string,
    opts: { code?: string; field?: string; params?: ErrorInfo['params']; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.code = opts.code;
    this.field = opts.field;
    this.params = opts.params;
  }

  toInfo(): ErrorInfo {
    const info: ErrorInfo = { kind: this.kind, message: this.message };
    if (this.code !== undefined) info.code = this.code;
    if (this.field !== undefined) info.field = this.field;
    if (this.params !== undefined) info.params = this.params;
    return info;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

import type { ErrorInfo } from '../../shared/contract/envelope';
import { AppError, isAppError } from '../errors';
import type { ParseOptions, ParseResult } from './types';

/** One read the parse worker receives (a message): the file and the options, minus the callback. */
export interface ParseRequest {
  /** Echoed in each reply: a worker serves one read at a time, several over its life. */
  id: number;
  bytes: Uint8Array;
  opts: Omit<ParseOptions, 'onProgress'>;
}

/**
 * An error crossing the thread boundary. Structured cloning keeps only name, message and stack of an
 * Error, so an AppError travels as its info and is rebuilt as an AppError on the other side.
 */
export type WireError =
  { app: ErrorInfo } | { app: null; name: string; message: string; stack: string | undefined };

export type ParseReply =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'result'; result: ParseResult }
  | { id: number; type: 'error'; error: WireError };

export function toWire(e: unknown): WireError {
  if (isAppError(e)) return { app: e.toInfo() };
  if (e instanceof Error) return { app: null, name: e.name, message: e.message, stack: e.stack };
  return { app: null, name: 'Error', message: String(e), stack: undefined };
}

/**
 * An AppError comes back as the same AppError; anything else (a bug in a parser) comes back as a plain
 * Error carrying the worker's stack, so it is reported and logged as an internal error, as it was when
 * the parse ran in the caller's thread.
 */
export function fromWire(w: WireError): Error {
  if (w.app) {
    const { kind, message, code, field, params } = w.app;
    return new AppError(kind, message, { code, field, params });
  }
  const e = new Error(w.message);
  e.name = w.name;
  if (w.stack !== undefined) e.stack = w.stack;
  return e;
}

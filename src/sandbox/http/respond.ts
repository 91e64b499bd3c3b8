import type { ServerResponse } from 'node:http';

/** What a route handler answers; neither `json` nor `text` means an empty body. */
export interface HandlerResult {
  status: number;
  json?: unknown;
  /** A non-JSON body (e.g. an HTML page); wins over `json`. */
  text?: string;
  /** Overrides the default content type of `json` / `text`. */
  contentType?: string;
  headers?: Record<string, string>;
  /** mark-received: the change was applied (only then can a reset-after-apply fault fire). */
  applied?: boolean;
  /** No answer at all: the connection is destroyed (a held mark-received the test dropped). */
  dropConnection?: boolean;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * Writes a result. `date` is the sandbox clock's now: the Date header tells a client the server's
 * "now" (and so its "today" in Brasília), which differs from the host's when `today` is fixed.
 */
export function send(res: ServerResponse, result: HandlerResult, date: Date): void {
  if (res.writableEnded || res.destroyed) return;
  const headers: Record<string, string | number> = { ...result.headers, Date: date.toUTCString() };
  const body =
    result.text !== undefined
      ? Buffer.from(result.text, 'utf8')
      : result.json !== undefined
        ? Buffer.from(JSON.stringify(result.json), 'utf8')
        : null;
  if (body === null) {
    headers['Content-Length'] = 0;
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  headers['Content-Type'] = result.contentType ?? (result.text !== undefined ? TEXT_TYPE : JSON_TYPE);
  headers['Content-Length'] = body.length;
  res.writeHead(result.status, headers);
  res.end(body);
}

/** The vendor's error model for bad requests (bodies and business rules). */
export function badRequest(messages: string[]): HandlerResult {
  return { status: 400, json: { mensagens: messages } };
}

export function statusError(status: number, error: string, headers?: Record<string, string>): HandlerResult {
  return { status, json: { status, error }, ...(headers ? { headers } : {}) };
}

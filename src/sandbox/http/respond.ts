import type { ServerResponse } from 'node:http';

/** What a route handler answers; `json === undefined` means an empty body. */
export interface HandlerResult {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function send(res: ServerResponse, result: HandlerResult): void {
  if (res.writableEnded || res.destroyed) return;
  const headers: Record<string, string | number> = { ...result.headers };
  if (result.json === undefined) {
    headers['Content-Length'] = 0;
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  const body = Buffer.from(JSON.stringify(result.json), 'utf8');
  headers['Content-Type'] = JSON_TYPE;
  headers['Content-Length'] = body.length;
  res.writeHead(result.status, headers);
  res.end(body);
}

/** The vendor's error model for bad requests. */
export function badRequest(messages: string[]): HandlerResult {
  return { status: 400, json: { mensagens: messages } };
}

export function statusError(status: number, error: string, headers?: Record<string, string>): HandlerResult {
  return { status, json: { status, error }, ...(headers ? { headers } : {}) };
}

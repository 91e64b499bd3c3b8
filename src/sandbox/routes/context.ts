import type { IncomingMessage } from 'node:http';
import type { HandlerResult } from '../http/respond';
import type { Culture } from '../serialize';
import type { SandboxStore } from '../state/store';
import type { SandboxEndpoint } from '../types';

export interface Clock {
  /** Brasília wall-clock time, API style: `yyyy-mm-ddTHH:MM:SS`. */
  local(): string;
  /** UTC ISO 8601 with `Z` (the seed's format for dataCriacao). */
  utc(): string;
  /** Brasília date `yyyy-mm-dd`. */
  today(): string;
}

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  store: SandboxStore;
  culture: Culture;
  clock: Clock;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** Lower-case path; matching ignores case and a trailing slash, as ASP.NET routing does. */
  path: string;
  endpoint: SandboxEndpoint;
  handle(ctx: RouteContext): HandlerResult | Promise<HandlerResult>;
}

/** URLSearchParams with case-insensitive names; repeated names are joined with commas. */
export function queryRecord(url: URL, names: readonly string[]): Record<string, string | undefined> {
  const canonical = new Map(names.map((n) => [n.toLowerCase(), n]));
  const out: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) {
    const name = canonical.get(key.toLowerCase());
    if (!name || value.trim() === '') continue;
    (out[name] ??= []).push(value.trim());
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.join(',')]));
}

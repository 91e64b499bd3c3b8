import type { IncomingMessage } from 'node:http';
import type { HandlerResult } from '../http/respond';
import type { MarkReceivedWatch } from '../mark-received-hold';
import type { Culture } from '../serialize';
import type { SandboxStore } from '../state/store';
import type { NetworkView } from '../network-switches';
import type { KeyKind, LenientOptions, SandboxEndpoint } from '../types';

export interface Clock {
  /** The sandbox's instant (real time shifted by whole days onto its `today`); the Date header. */
  now(): Date;
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
  /** The lenient switches as they were when the request arrived. */
  lenient: LenientOptions;
  /** Test control of mark-received: holds and the journal of what the server did (mark-received-hold.ts). */
  markReceivedWatch: MarkReceivedWatch;
  /** Which key the request carries (a branch key sees one branch of a network). */
  key: KeyKind;
  /** Network mode's switches as they were when the request arrived; null = single-branch mode. */
  network: NetworkView | null;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** Lower-case path; matching ignores case and a trailing slash, as ASP.NET routing does. */
  path: string;
  endpoint: SandboxEndpoint;
  handle(ctx: RouteContext): HandlerResult | Promise<HandlerResult>;
}

import type { z } from 'zod';
import { AppError, isAppError } from '../errors';
import {
  contradiction,
  dayOnly,
  filterQuery,
  LIST_FILTERS,
  splitLists,
  timedDateFilters,
  type ListFilter,
  type ReceivableFilters,
} from './filters';
import { apiRequest, type ApiCredentials, type RequestOptions } from './http';
import { memoryQuirks, type ApiQuirks } from './quirks';
import { realClock, type Clock, type RateLimiter } from './rate-limiter';
import {
  bankAccountSchema,
  debtorSchema,
  listItems,
  notificationSchema,
  receivableSchema,
  stateSchema,
  type ApiBankAccount,
  type ApiDebtor,
  type ApiReceivable,
  type ApiState,
} from './schemas';

/** The API's maximum page size: every list is read 50 at a time. */
export const PAGE_SIZE = 50;

export type { ReceivableFilters } from './filters';

export interface ApiClientOptions {
  creds: ApiCredentials;
  limiter: RateLimiter;
  clock?: Clock;
  timeoutMs?: number;
  /** Attempts after the first for GETs (never for mark-received). */
  maxRetries?: number;
  /** Called once per HTTP request actually sent (for counting and progress). */
  onRequest?: (path: string) => void;
  /** What this profile's server is known to refuse (learned from its 400s; kept per profile). */
  quirks?: ApiQuirks;
}

export interface Page<T> {
  items: T[];
  /** Records the API sent that Quita could not read (no id, no amount...); reported, not stored. */
  skipped: number;
}

export interface ReceivablePage extends Page<ApiReceivable> {
  /** Rows that contradict the filters asked for (a server ignoring a filter): dropped, never cached. */
  dropped: number;
  /** Dropped rows by the filter they contradict. */
  droppedBy: Record<string, number>;
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** Checked after every page: true stops the read (e.g. every id looked for was found). */
  done?: () => boolean;
  /** At most this many pages (requests) in all. */
  maxPages?: number;
}

export interface ServerClock {
  /** The server's "now", from the `Date` header of its last answer (our clock when it never sent one). */
  now(): Date;
  /** Whether the server has told its time yet. */
  known: boolean;
}

export interface ApiClient {
  /** [V] `idBranch`: the accounts of one branch of a network (a multi-location key). */
  bankAccounts(signal?: AbortSignal, idBranch?: number): Promise<Page<ApiBankAccount>>;
  /** One page of a query, exactly as asked (rows contradicting the filters dropped). */
  receivablesPage(filters: ReceivableFilters, skip: number, signal?: AbortSignal): Promise<ReceivablePage>;
  /**
   * Every page of a query, 50 at a time. Where this profile's server refuses several values of a list filter
   * or a time of day in a date filter (a 400 naming the parameter), asks again the way it takes: one value per
   * request, or whole days (both supersets, filtered locally); the lesson is kept in the profile's quirks.
   */
  readReceivables(filters: ReceivableFilters, opts?: ReadOptions): AsyncGenerator<ReceivablePage>;
  /** The server's clock as its answers tell it (the API records its own "today" on mark-received). */
  serverClock: ServerClock;
  /** What this profile's server is known to refuse or to answer loosely (see quirks.ts). */
  quirks: ApiQuirks;
  debtorsPage(
    skip: number,
    signal?: AbortSignal,
    idBranch?: number,
  ): Promise<Page<ApiDebtor> & { total: number | null }>;
  states(signal?: AbortSignal): Promise<Page<ApiState>>;
  /**
   * One PUT, never retried here: an ambiguous outcome must be settled by reading back (see the outbox).
   * `onDispatch` runs right before the request leaves, after the rate limiter's wait.
   */
  markReceived(
    ids: number[],
    bankAccountId: number,
    opts?: { signal?: AbortSignal; onDispatch?: () => void | Promise<void> },
  ): Promise<void>;
  notify(
    idMember: number,
    message: string,
    signal?: AbortSignal,
  ): Promise<z.output<typeof notificationSchema>>;
}

const RETRYABLE = new Set(['offline', 'external', 'rate_limited']);

function parseItems<S extends z.ZodType>(schema: S, body: unknown, what: string): Page<z.output<S>> {
  let raw: unknown[];
  try {
    raw = listItems(body);
  } catch {
    throw new AppError('external', `The API answered ${what} in an unexpected format.`, {
      code: 'api.bad_response',
      params: { what },
    });
  }
  const items: z.output<S>[] = [];
  let skipped = 0;
  for (const r of raw) {
    const parsed = schema.safeParse(r);
    if (parsed.success) items.push(parsed.data);
    else skipped++;
  }
  return { items, skipped };
}

/** What a 400 names, lower-cased: its field keys and the words of its messages. */
export function namedIn(e: unknown): string {
  if (!isAppError(e) || e.kind !== 'validation') return '';
  return `${String(e.params?.fields ?? '')} ${String(e.params?.messages ?? '')} ${e.message}`.toLowerCase();
}

/**
 * mark-received declares no response body. Accepted as success: empty, `true`, a JSON object or array. Anything
 * else (an HTML page from a proxy or a maintenance screen, `false`, bare text) is not a success.
 */
function checkMarkReceivedBody(body: unknown): void {
  if (body === null || body === true || (typeof body === 'object' && body !== null)) return;
  throw new AppError(
    'external',
    'The API answered something Quita does not understand; Quita will check what happened before sending again.',
    { code: 'api.bad_response', params: { what: 'mark-received' } },
  );
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const clock = opts.clock ?? realClock;
  const maxRetries = opts.maxRetries ?? 4;
  const quirks = opts.quirks ?? memoryQuirks();
  let serverOffsetMs = 0;
  const serverClock: ServerClock = {
    now: () => new Date(clock.now() + serverOffsetMs),
    known: false,
  };
  /** The `Date` header has whole seconds: the offset is kept only when it is larger than that error. */
  const readServerDate = (sentAt: number) => (headers: Headers) => {
    const at = Date.parse(headers.get('date') ?? '');
    if (!Number.isFinite(at)) return;
    const local = (sentAt + clock.now()) / 2;
    const offset = at + 500 - local;
    serverOffsetMs = Math.abs(offset) < 2000 ? 0 : offset;
    serverClock.known = true;
  };

  /** Through the limiter; GETs retried with back-off on network errors, 5xx and 429. */
  async function send(path: string, req: RequestOptions & { retry: boolean }) {
    for (let attempt = 0; ; attempt++) {
      await opts.limiter.acquire(req.signal);
      opts.onRequest?.(path);
      try {
        return await apiRequest(opts.creds, path, {
          timeoutMs: opts.timeoutMs ?? 30_000,
          onResponse: readServerDate(clock.now()),
          ...req,
        });
      } catch (e) {
        if (!isAppError(e)) throw e;
        if (e.kind === 'rate_limited') {
          const seconds = Number(e.params?.retryAfterSeconds ?? 15);
          opts.limiter.penalize(Math.max(1, seconds) * 1000);
        }
        // An unreachable API is usually down for longer than a back-off: tell the clerk after ~3 s, not 15.
        const limit = e.kind === 'offline' ? Math.min(maxRetries, 2) : maxRetries;
        if (!req.retry || !RETRYABLE.has(e.kind) || e.code === 'api.cancelled' || attempt >= limit) throw e;
        if (e.kind !== 'rate_limited')
          await clock.sleep(Math.min(30_000, 1000 * 2 ** attempt) + Math.random() * 250, req.signal);
      }
    }
  }
  const get = (path: string, query: RequestOptions['query'], signal?: AbortSignal) =>
    send(path, { method: 'GET', query, retry: true, ...(signal ? { signal } : {}) });

  async function receivablesPage(
    f: ReceivableFilters,
    skip: number,
    signal?: AbortSignal,
  ): Promise<ReceivablePage> {
    const query = { ...filterQuery(f), take: PAGE_SIZE, skip };
    const page = parseItems(
      receivableSchema,
      (await get('/api/v1/receivables', query, signal)).body,
      'receivables',
    );
    const items: ApiReceivable[] = [];
    const droppedBy: Record<string, number> = {};
    // A server known to ignore idBranch sends every branch's rows under it: none of them contradicts what it does.
    const checked =
      f.idBranch !== undefined && quirks.has('id-branch-ignored') ? { ...f, idBranch: undefined } : f;
    for (const r of page.items) {
      const why = contradiction(checked, r);
      if (why === null) items.push(r);
      else droppedBy[why] = (droppedBy[why] ?? 0) + 1;
    }
    return { items, skipped: page.skipped, dropped: page.items.length - items.length, droppedBy };
  }

  /** The request as this server takes it: lists split and dates cut to the day where it is known to refuse them. */
  function shaped(f: ReceivableFilters): ReceivableFilters[] {
    let g = quirks.has('date-only-filters') ? dayOnly(f) : f;
    // A server that refuses the branch filter is asked without it; the rows' own branch field splits them.
    if (g.idBranch !== undefined && quirks.has('id-branch-refused')) g = { ...g, idBranch: undefined };
    const single = new Set<ListFilter>(LIST_FILTERS.filter((k) => quirks.has(`single-value:${k}`)));
    return splitLists(g, single);
  }

  /** Learn from a 400 on the first page of a query what this server refuses; false if it names nothing we can change. */
  function learnFrom(e: unknown, f: ReceivableFilters): boolean {
    const named = namedIn(e);
    if (!named) return false;
    let learned = false;
    for (const k of LIST_FILTERS) {
      if ((f[k]?.length ?? 0) > 1 && named.includes(k.toLowerCase()) && !quirks.has(`single-value:${k}`)) {
        quirks.learn(`single-value:${k}`, named.slice(0, 300));
        learned = true;
      }
    }
    if (f.idBranch !== undefined && named.includes('idbranch') && !quirks.has('id-branch-refused')) {
      quirks.learn('id-branch-refused', named.slice(0, 300));
      learned = true;
    }
    const timed = timedDateFilters(f);
    if (timed.some((k) => named.includes(k.toLowerCase())) && !quirks.has('date-only-filters')) {
      quirks.learn('date-only-filters', named.slice(0, 300));
      learned = true;
    }
    return learned;
  }

  async function* readReceivables(
    f: ReceivableFilters,
    ro: ReadOptions = {},
  ): AsyncGenerator<ReceivablePage> {
    let pages = 0;
    const queue = shaped(f);
    while (queue.length) {
      const one = queue.shift()!;
      for (let skip = 0; ; skip += PAGE_SIZE) {
        if (ro.maxPages !== undefined && pages >= ro.maxPages) return;
        let page: ReceivablePage;
        try {
          page = await receivablesPage(one, skip, ro.signal);
        } catch (e) {
          // Only the first page can teach us the server's shape; a later 400 is a real error.
          if (skip === 0 && learnFrom(e, one)) {
            queue.unshift(...shaped(one));
            break;
          }
          throw e;
        }
        pages++;
        yield page;
        if (ro.done?.()) return;
        if (page.items.length + page.skipped + page.dropped < PAGE_SIZE) break;
      }
    }
  }

  return {
    async bankAccounts(signal, idBranch) {
      return parseItems(
        bankAccountSchema,
        (await get('/api/v1/bank-accounts', idBranch === undefined ? {} : { idBranch }, signal)).body,
        'bank accounts',
      );
    },
    serverClock,
    quirks,
    receivablesPage,
    readReceivables,
    async debtorsPage(skip, signal, idBranch) {
      const query = { take: PAGE_SIZE, skip, ...(idBranch === undefined ? {} : { idBranch }) };
      const body = (await get('/api/v1/receivables/debtors', query, signal)).body;
      const total = body && typeof body === 'object' && 'total' in body ? Number(body.total) : null;
      return { ...parseItems(debtorSchema, body, 'debtors'), total: Number.isFinite(total) ? total : null };
    },
    async states(signal) {
      return parseItems(stateSchema, (await get('/api/v2/states', {}, signal)).body, 'states');
    },
    async markReceived(ids, bankAccountId, mo = {}) {
      const res = await send('/api/v1/receivables/mark-received', {
        method: 'PUT',
        body: { idsReceivables: ids, idBankAccount: bankAccountId },
        contentType: 'application/json-patch+json',
        retry: false,
        ...(mo.signal ? { signal: mo.signal } : {}),
        ...(mo.onDispatch ? { onDispatch: mo.onDispatch } : {}),
      });
      checkMarkReceivedBody(res.body);
    },
    async notify(idMember, message, signal) {
      const res = await send('/api/v1/notifications', {
        method: 'POST',
        body: { idMember, notificationMessage: message },
        contentType: 'application/json-patch+json',
        retry: false,
        ...(signal ? { signal } : {}),
      });
      return notificationSchema.parse(res.body ?? {});
    },
  };
}

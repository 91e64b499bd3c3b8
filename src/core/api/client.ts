import type { z } from 'zod';
import { AppError, isAppError } from '../errors';
import { apiRequest, type ApiCredentials, type RequestOptions } from './http';
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

export interface ReceivableFilters {
  dueDateStart?: string;
  dueDateEnd?: string;
  receivingDateStart?: string;
  receivingDateEnd?: string;
  updateDateStart?: string;
  updateDateEnd?: string;
  accountStatus?: number[];
  paymentTypes?: number[];
  idReceivable?: number[];
  memberId?: number;
}

export interface ApiClientOptions {
  creds: ApiCredentials;
  limiter: RateLimiter;
  clock?: Clock;
  timeoutMs?: number;
  /** Attempts after the first for GETs (never for mark-received). */
  maxRetries?: number;
  /** Called once per HTTP request actually sent (for counting and progress). */
  onRequest?: (path: string) => void;
}

export interface Page<T> {
  items: T[];
  /** Records the API sent that Quita could not read (no id, no amount...); reported, not stored. */
  skipped: number;
}

export interface ApiClient {
  bankAccounts(signal?: AbortSignal): Promise<Page<ApiBankAccount>>;
  receivablesPage(
    filters: ReceivableFilters,
    skip: number,
    signal?: AbortSignal,
  ): Promise<Page<ApiReceivable>>;
  debtorsPage(skip: number, signal?: AbortSignal): Promise<Page<ApiDebtor> & { total: number | null }>;
  states(signal?: AbortSignal): Promise<Page<ApiState>>;
  /** One PUT, never retried here: an ambiguous outcome must be settled by reading back (see the outbox). */
  markReceived(ids: number[], bankAccountId: number, signal?: AbortSignal): Promise<void>;
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

const list = (v: number[] | undefined) => (v && v.length ? v.join(',') : undefined);

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const clock = opts.clock ?? realClock;
  const maxRetries = opts.maxRetries ?? 4;

  /** Through the limiter; GETs retried with back-off on network errors, 5xx and 429. */
  async function send(path: string, req: RequestOptions & { retry: boolean }) {
    for (let attempt = 0; ; attempt++) {
      await opts.limiter.acquire(req.signal);
      opts.onRequest?.(path);
      try {
        return await apiRequest(opts.creds, path, { timeoutMs: opts.timeoutMs ?? 30_000, ...req });
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

  return {
    async bankAccounts(signal) {
      return parseItems(
        bankAccountSchema,
        (await get('/api/v1/bank-accounts', {}, signal)).body,
        'bank accounts',
      );
    },
    async receivablesPage(f, skip, signal) {
      const query = {
        dueDateStart: f.dueDateStart,
        dueDateEnd: f.dueDateEnd,
        receivingDateStart: f.receivingDateStart,
        receivingDateEnd: f.receivingDateEnd,
        updateDateStart: f.updateDateStart,
        updateDateEnd: f.updateDateEnd,
        accountStatus: list(f.accountStatus),
        paymentTypes: list(f.paymentTypes),
        idReceivable: list(f.idReceivable),
        memberId: f.memberId,
        take: PAGE_SIZE,
        skip,
      };
      return parseItems(
        receivableSchema,
        (await get('/api/v1/receivables', query, signal)).body,
        'receivables',
      );
    },
    async debtorsPage(skip, signal) {
      const body = (await get('/api/v1/receivables/debtors', { take: PAGE_SIZE, skip }, signal)).body;
      const total = body && typeof body === 'object' && 'total' in body ? Number(body.total) : null;
      return { ...parseItems(debtorSchema, body, 'debtors'), total: Number.isFinite(total) ? total : null };
    },
    async states(signal) {
      return parseItems(stateSchema, (await get('/api/v2/states', {}, signal)).body, 'states');
    },
    async markReceived(ids, bankAccountId, signal) {
      await send('/api/v1/receivables/mark-received', {
        method: 'PUT',
        body: { idsReceivables: ids, idBankAccount: bankAccountId },
        contentType: 'application/json-patch+json',
        retry: false,
        ...(signal ? { signal } : {}),
      });
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

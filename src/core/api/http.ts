import { AppError } from '../errors';

export interface ApiCredentials {
  baseUrl: string;
  username: string;
  password: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The API requires `application/json-patch+json` on some routes (see evo-api.md). */
  contentType?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with the headers of every answer, errors included (the client reads the server's clock there). */
  onResponse?: (headers: Headers) => void;
  /** Called right before the request leaves (after any waiting): the outbox stamps the moment a PUT left. */
  onDispatch?: () => void | Promise<void>;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON, or null for an empty body. */
  body: unknown;
  headers: Headers;
}

const basicAuth = (c: ApiCredentials) =>
  `Basic ${Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64')}`;

/**
 * Turn an error body into lines: the vendor's `{"mensagens":[...]}`, `{"errors":[{key,value}]}`, or ASP.NET
 * Core's model-validation shape `{"title":..., "errors":{"idReceivable":["The value '1,2' is not valid."]}}`.
 */
export function serverMessages(body: unknown): string[] {
  if (body && typeof body === 'object') {
    const b = body as { mensagens?: unknown; errors?: unknown; title?: unknown };
    if (Array.isArray(b.mensagens)) return b.mensagens.map(String);
    if (Array.isArray(b.errors)) {
      return b.errors.map((e: unknown) => {
        const item = e as { key?: unknown; value?: unknown };
        return typeof item.key === 'string'
          ? `${item.key}: ${JSON.stringify(item.value)}`
          : JSON.stringify(item.value ?? e);
      });
    }
    if (b.errors && typeof b.errors === 'object') {
      return Object.entries(b.errors as Record<string, unknown>).map(
        ([key, v]) => `${key}: ${(Array.isArray(v) ? v : [v]).map(String).join(' ')}`,
      );
    }
    if (typeof b.title === 'string') return [b.title];
  }
  return [];
}

/** The parameter names a 400 names as its keys (framework shape, or `{key,value}` items), lower-cased. */
export function serverFields(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const errors = (body as { errors?: unknown }).errors;
  if (Array.isArray(errors))
    return errors.flatMap((e: unknown) => {
      const key = (e as { key?: unknown }).key;
      return typeof key === 'string' ? [key.toLowerCase()] : [];
    });
  if (errors && typeof errors === 'object') return Object.keys(errors).map((k) => k.toLowerCase());
  return [];
}

/**
 * One HTTP call to the integration API with Basic auth and a timeout, mapping every failure to an error kind
 * a clerk can act on. It never retries: retry policy belongs to the callers (GETs back off; mark-received is
 * never retried blindly).
 */
export async function apiRequest(
  creds: ApiCredentials,
  path: string,
  opts: RequestOptions = {},
): Promise<ApiResponse> {
  const url = new URL(creds.baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 30_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Authorization: basicAuth(creds), Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = opts.contentType ?? 'application/json';

  let res: Response;
  try {
    await opts.onDispatch?.();
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      signal,
      redirect: 'error',
    });
  } catch (cause) {
    if (opts.signal?.aborted) throw new AppError('conflict', 'Cancelled.', { code: 'api.cancelled', cause });
    if (timeout.aborted) {
      throw new AppError(
        'offline',
        `The API at ${url.host} did not answer in time. Check the internet connection and try again.`,
        {
          code: 'api.timeout',
          params: { host: url.host },
          cause,
        },
      );
    }
    throw new AppError(
      'offline',
      `Cannot reach the API at ${url.host}. Check the internet connection and the address.`,
      {
        code: 'api.unreachable',
        params: { host: url.host },
        cause,
      },
    );
  }

  opts.onResponse?.(res.headers);
  const text = await res.text();
  let body: unknown = null;
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (res.ok) return { status: res.status, body, headers: res.headers };

  const messages = serverMessages(body);
  switch (res.status) {
    case 401:
      throw new AppError(
        'auth',
        'The API refused the user or the key. Check both (the user is the gym’s DNS name).',
        {
          code: 'api.unauthorized',
        },
      );
    case 403:
      throw new AppError(
        'forbidden',
        `This key has no permission for ${path}. Ask the gym’s administrator to grant it.`,
        {
          code: 'api.forbidden',
          params: { path },
        },
      );
    case 429: {
      const retryAfter = Number(res.headers.get('retry-after') ?? '');
      throw new AppError(
        'rate_limited',
        'The API’s request limit was reached; Quita will wait and try again.',
        {
          code: 'api.rate_limited',
          params: { retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 15 },
        },
      );
    }
    case 400:
      throw new AppError(
        'validation',
        messages.length
          ? `The API rejected the request: ${messages.join('; ')}`
          : 'The API rejected the request.',
        {
          code: 'api.rejected',
          params: { messages: messages.join(' | '), fields: serverFields(body).join(',') },
        },
      );
    case 404:
      throw new AppError('not_found', `The API has no ${path} at this address. Check the base URL.`, {
        code: 'api.not_found',
        params: { path },
      });
    default:
      throw new AppError('external', `The API failed (HTTP ${res.status}). Try again later.`, {
        code: 'api.server_error',
        params: { status: res.status },
      });
  }
}

import type { Agent } from 'node:https';
import type { Logger } from '../../log';
import type { FeedConnector, FetchResult, FetchWindow } from '../connector';
import { feedErrors } from '../feed-errors';
import { tlsOptionsOf, type CertificateMaterial } from './certificate';
import { httpsRequest, mtlsAgent, TransientFailure, type HttpAnswer } from './pix-http';
import { itemToLines } from './pix-items';

export interface PixClientConfig {
  tokenUrl: string;
  /** Up to the version, e.g. https://api.bank.example/pix/v2 (GET /pix is below it). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  certificate: CertificateMaterial;
  /** A CA to trust for the bank's server (the sandbox); null: the system's. */
  ca: string | null;
  log: Logger;
  /** Waits between retries (tests pass one that records and returns at once). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => Date;
  /** Items per page asked (the standard allows up to 1000; default 1000: fewest requests). */
  pageSize?: number;
  timeoutMs?: number;
}

/** Retry budget (docs/feeds.md): bounded, so one bad feed never holds a cycle for long. */
export const RETRY = {
  /** 429: this many waits, each at most `maxWaitMs` (a longer Retry-After ends the run with rate_limited). */
  tooManyRequests: 3,
  maxWaitMs: 60_000,
  /** 5xx, reset connections and timeouts: this many retries, waiting 1 s, 2 s, 4 s. */
  serverErrors: 3,
  /** A list whose total changed while it was read is read again from its first page this many times. */
  rereads: 3,
  /** A 400 naming `fim` (the bank's clock is behind ours): asked again once with `fim` this much earlier. */
  fimStepBackMs: 5 * 60_000,
} as const;

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    });
  });

/** Seconds from a Retry-After header: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(h: string | string[] | undefined, now: Date): number | null {
  const v = Array.isArray(h) ? h[0] : h;
  if (!v) return null;
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, t - now.getTime());
}

function parseJson(a: HttpAnswer, log: Logger, what: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(a.body);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  log.error(
    `pix api: ${what} answered ${a.status} with a body that is not a JSON object: ${a.body.slice(0, 300)}`,
  );
  throw feedErrors.badAnswer();
}

/** Whether a 400's Problema names the period (`violacoes[].propriedade` fim/inicio, or the words). */
/** `paginacao.itensPorPagina`'s default in the standard (openapi.yaml, Paginacao): what every bank must serve. */
const STANDARD_PAGE_SIZE = 100;

function namesPeriod(body: string): boolean {
  return /"propriedade"\s*:\s*"(fim|inicio)"|\bfim\b.*futuro|future/i.test(body);
}

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** Calendar-day chunks of at most 24 h (assumed: some banks limit the period of one query; docs/feeds.md). */
export function chunks(w: FetchWindow): FetchWindow[] {
  const out: FetchWindow[] = [];
  for (let t = w.from.getTime(); t < w.to.getTime(); t += 86_400_000)
    out.push({ from: new Date(t), to: new Date(Math.min(t + 86_400_000, w.to.getTime())) });
  return out.length ? out : [w];
}

/**
 * The Banco Central standard Pix API (`GET /pix`), over mutual TLS with OAuth2 client credentials. One instance per
 * run: its token lives as long as the run (a new run asks for a new one: one request per cycle).
 */
export function createPixConnector(
  cfg: PixClientConfig,
): FeedConnector & { close(): void; requests(): number } {
  const sleep = cfg.sleep ?? realSleep;
  const now = cfg.now ?? (() => new Date());
  const pageSize = cfg.pageSize ?? 1000;
  const timeoutMs = cfg.timeoutMs ?? 30_000;
  let agent: Agent | null = null;
  let token: { value: string; expiresAt: number } | null = null;
  let requests = 0;

  const agentOf = () => (agent ??= mtlsAgent(tlsOptionsOf(cfg.certificate), cfg.ca));

  /** One request with the bounded retries for 429, 5xx and passing network failures. */
  async function send(
    url: string,
    opts: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
    signal?: AbortSignal,
  ): Promise<HttpAnswer> {
    let waits429 = 0;
    let retries = 0;
    let resetsAfterHandshake = 0;
    for (;;) {
      let a: HttpAnswer;
      try {
        requests++;
        a = await httpsRequest(agentOf(), url, { ...opts, timeoutMs, signal });
      } catch (e) {
        if (e instanceof TransientFailure && e.afterHandshake) resetsAfterHandshake++;
        if (!(e instanceof TransientFailure) || retries >= RETRY.serverErrors) {
          if (e instanceof TransientFailure) {
            cfg.log.error(`pix api: ${opts.method} ${url} failed ${retries + 1} times`, e);
            // Every attempt: a new TLS session accepted our server check, then closed unanswered (see TransientFailure).
            if (resetsAfterHandshake === retries + 1) throw feedErrors.certificateRefused();
            throw feedErrors.unreachable();
          }
          throw e;
        }
        cfg.log.warn(`pix api: ${opts.method} ${url} failed, retrying`, e);
        await sleep(1000 * 2 ** retries++, signal);
        continue;
      }
      if (a.status === 429) {
        const wait = retryAfterMs(a.headers['retry-after'], now()) ?? 1000 * 2 ** waits429;
        if (waits429 >= RETRY.tooManyRequests || wait > RETRY.maxWaitMs) {
          cfg.log.warn(
            `pix api: 429 from ${url} after ${waits429} waits (Retry-After ${String(a.headers['retry-after'])})`,
          );
          throw feedErrors.rateLimited(Math.ceil(wait / 1000));
        }
        waits429++;
        await sleep(wait, signal);
        continue;
      }
      if (a.status >= 500 && a.status <= 599) {
        if (retries >= RETRY.serverErrors) {
          cfg.log.error(`pix api: ${a.status} from ${url} after ${retries} retries: ${a.body.slice(0, 300)}`);
          throw feedErrors.bankUnavailable(a.status);
        }
        await sleep(1000 * 2 ** retries++, signal);
        continue;
      }
      // A proxy in front of the API may refuse the client certificate with an HTML page (nginx: "400 No required
      // SSL certificate was sent", "400 The SSL certificate error").
      if (
        (a.status === 400 || a.status === 403 || a.status === 495 || a.status === 496) &&
        /ssl certificate|certificado/i.test(a.body)
      ) {
        cfg.log.warn(`pix api: ${a.status} naming the certificate from ${url}: ${a.body.slice(0, 200)}`);
        throw feedErrors.certificateRefused();
      }
      return a;
    }
  }

  async function getToken(signal?: AbortSignal): Promise<string> {
    // A token within 30 s of its end is renewed first rather than refused mid-list.
    if (token && token.expiresAt - 30_000 > now().getTime()) return token.value;
    const basic = Buffer.from(
      `${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`,
    ).toString('base64');
    const a = await send(
      cfg.tokenUrl,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: cfg.scope }).toString(),
      },
      signal,
    );
    if (a.status !== 200) {
      // Never log the body of a token answer in full: it may echo a credential.
      const err = /"error"\s*:\s*"([a-z_]+)"/.exec(a.body)?.[1] ?? '';
      cfg.log.warn(`pix api: token endpoint answered ${a.status} ${err}`);
      if (err === 'invalid_scope') throw feedErrors.scopeMissing();
      if (a.status === 401 || a.status === 400 || a.status === 403) throw feedErrors.credentialsRefused();
      throw feedErrors.badAnswer();
    }
    const body = parseJson(a, cfg.log, 'the token endpoint');
    const value = typeof body.access_token === 'string' ? body.access_token : null;
    if (!value) {
      cfg.log.error('pix api: the token answer has no access_token');
      throw feedErrors.badAnswer();
    }
    // RFC 6749 5.1: a granted scope narrower than asked is said in `scope`.
    if (typeof body.scope === 'string' && body.scope.trim() && !body.scope.split(/\s+/).includes(cfg.scope))
      throw feedErrors.scopeMissing();
    const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
    token = { value, expiresAt: now().getTime() + lifetime * 1000 };
    return value;
  }

  /** GET with the token; a 401 renews the token once (it expired early, or was revoked) before giving up. */
  async function authorizedGet(url: string, signal?: AbortSignal): Promise<HttpAnswer> {
    for (let renewed = false; ; renewed = true) {
      const t = await getToken(signal);
      const a = await send(
        url,
        { method: 'GET', headers: { authorization: `Bearer ${t}`, accept: 'application/json' } },
        signal,
      );
      if (a.status === 401 && !renewed) {
        cfg.log.info('pix api: 401 with a token, asking for a new one');
        token = null;
        continue;
      }
      if (a.status === 401) throw feedErrors.credentialsRefused();
      if (a.status === 403) {
        cfg.log.warn(`pix api: 403 on GET /pix: ${a.body.slice(0, 300)}`);
        throw feedErrors.scopeMissing();
      }
      return a;
    }
  }

  function pixUrl(w: FetchWindow, page: number, size: number, refundsOnly: boolean) {
    const q = new URLSearchParams({
      inicio: w.from.toISOString(),
      fim: w.to.toISOString(),
      'paginacao.paginaAtual': String(page),
      'paginacao.itensPorPagina': String(size),
      ...(refundsOnly ? { devolucaoPresente: 'true' } : {}),
    });
    return `${join(cfg.baseUrl, '/pix')}?${q.toString()}`;
  }

  /**
   * Every item of one window. Pages may change while read (a Pix arrives: items move down a place): items are
   * kept by endToEndId, so one seen twice counts once, and when the total changes (or fewer items than it were
   * seen) the list is read again from its first page, a bounded number of times.
   */
  async function readWindow(w0: FetchWindow, refundsOnly: boolean, size0: number, signal?: AbortSignal) {
    const seen = new Map<string, unknown>();
    let w = w0;
    let size = size0;
    let steppedBack = false;
    for (let reread = 0; ; reread++) {
      let total: number | null = null;
      let changed = false;
      for (let page = 0; ; page++) {
        const a = await authorizedGet(pixUrl(w, page, size, refundsOnly), signal);
        if (a.status === 400 && !steppedBack && namesPeriod(a.body)) {
          // Our clock is ahead of the bank's: ask up to a little earlier; the next run's margin reads the rest.
          cfg.log.warn(
            `pix api: the bank refused the period (${a.body.slice(0, 200)}); asking until ${RETRY.fimStepBackMs / 60000} min earlier`,
          );
          steppedBack = true;
          w = {
            from: w.from,
            to: new Date(Math.max(w.from.getTime(), w.to.getTime() - RETRY.fimStepBackMs)),
          };
          page = -1;
          continue;
        }
        if (a.status === 400 && size > STANDARD_PAGE_SIZE && !namesPeriod(a.body)) {
          // The standard allows up to 1000 items per page; a bank that caps it lower may answer 400 naming
          // `paginacao.itensPorPagina`, or only "parâmetros inválidos" (assumed: docs/feeds.md). Asked again from
          // the first page with the standard's default, once; a second 400 is the bank's answer.
          cfg.log.warn(
            `pix api: 400 with ${size} items per page (${a.body.slice(0, 200)}); asking ${STANDARD_PAGE_SIZE} per page`,
          );
          size = STANDARD_PAGE_SIZE;
          page = -1;
          continue;
        }
        if (a.status === 400) {
          cfg.log.error(`pix api: 400 on GET /pix: ${a.body.slice(0, 300)}`);
          throw namesPeriod(a.body) ? feedErrors.periodRefused() : feedErrors.badAnswer();
        }
        if (a.status !== 200) {
          cfg.log.error(`pix api: ${a.status} on GET /pix: ${a.body.slice(0, 300)}`);
          throw feedErrors.badAnswer();
        }
        const body = parseJson(a, cfg.log, 'GET /pix');
        // `pix` may be absent on an empty period (the standard's own example of PixConsultados requires only parametros).
        const items = body.pix === undefined || body.pix === null ? [] : body.pix;
        if (!Array.isArray(items)) {
          cfg.log.error('pix api: `pix` is not a list');
          throw feedErrors.badAnswer();
        }
        for (const it of items) {
          const id = (it as { endToEndId?: unknown } | null)?.endToEndId;
          seen.set(typeof id === 'string' ? id : `#${seen.size}`, it);
        }
        const pg = ((body.parametros as Record<string, unknown> | undefined)?.paginacao ?? {}) as Record<
          string,
          unknown
        >;
        const t = typeof pg.quantidadeTotalDeItens === 'number' ? pg.quantidadeTotalDeItens : null;
        if (total !== null && t !== null && t !== total) {
          changed = true;
          break;
        }
        total ??= t;
        const pages = typeof pg.quantidadeDePaginas === 'number' ? pg.quantidadeDePaginas : null;
        const more = pages !== null ? page + 1 < pages : items.length >= size;
        if (!more || items.length === 0) break;
      }
      if (!changed && (total === null || seen.size >= total)) return { items: [...seen.values()], window: w };
      if (reread >= RETRY.rereads) throw feedErrors.pagesKeptChanging();
      cfg.log.info(
        `pix api: the list changed while read (total ${String(total)}, seen ${seen.size}); reading it again`,
      );
    }
  }

  return {
    requests: () => requests,
    close: () => {
      agent?.destroy();
      agent = null;
    },
    async fetch(window, opts = {}) {
      const result: FetchResult = { lines: [], fetched: 0, rejected: [], requests: 0 };
      const before = requests;
      try {
        for (const w of chunks(window)) {
          const { items } = await readWindow(w, !!opts.refundsOnly, pageSize, opts.signal);
          result.fetched += items.length;
          for (const it of items) {
            const { lines, rejected } = itemToLines(it);
            result.lines.push(...lines);
            for (const r of rejected) {
              cfg.log.warn(`pix api: item not read (${r.endToEndId ?? 'no id'}): ${r.reason}`);
              result.rejected.push({ id: r.endToEndId, reason: r.reason });
            }
          }
        }
      } finally {
        result.requests = requests - before;
      }
      return result;
    },
    async probe(window) {
      const before = requests;
      const a = await authorizedGet(pixUrl(window, 0, 1, false));
      if (a.status !== 200) {
        cfg.log.error(`pix api: ${a.status} on GET /pix (test): ${a.body.slice(0, 300)}`);
        throw a.status === 400 ? feedErrors.periodRefused() : feedErrors.badAnswer();
      }
      const body = parseJson(a, cfg.log, 'GET /pix');
      const pg = ((body.parametros as Record<string, unknown> | undefined)?.paginacao ?? {}) as Record<
        string,
        unknown
      >;
      const total =
        typeof pg.quantidadeTotalDeItens === 'number'
          ? pg.quantidadeTotalDeItens
          : Array.isArray(body.pix)
            ? body.pix.length
            : 0;
      return { total, requests: requests - before };
    },
  };
}

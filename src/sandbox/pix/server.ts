import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxPki } from './certs';
import type { SandboxPix } from './items';
import { brasiliaDateTime } from '../../shared/dates';

/**
 * Switches for what real Pix APIs do beyond (or against) the standard, and for faults. All off: the standard
 * answer of bacen/pix-api openapi.yaml plus the `pagador` object most banks add.
 */
export interface PixQuirks {
  /** Leave out `pagador` (the standard's own shape: the payer is not part of it). */
  noPayer?: boolean;
  /** `valor` written with a decimal comma ("110,00"). */
  commaValor?: boolean;
  /** `horario` as Brasília wall-clock time without an offset ("2026-07-15T09:12:00"). */
  horarioWithoutOffset?: boolean;
  /** The largest page served (the standard's maximum is 1000); a client asking more gets 400. */
  maxPageSize?: number;
  /** Answer the next N resource requests with 429 and this Retry-After (seconds; 'date' = as an HTTP date). */
  tooManyRequests?: { count: number; retryAfter: number | 'date' | null };
  /** Answer the next N resource requests with this 5xx status. */
  serverErrors?: { count: number; status: number };
  /** A token stops working after this many uses (the bank expired it early): the next use gets 401. */
  tokenUses?: number;
  /** Token lifetime in seconds, by the sandbox's clock (default 3600). */
  tokenLifetimeSeconds?: number;
  /** The scopes this client may have (default pix.read); how a missing one is refused. */
  scopes?: string[];
  scopeRefusal?: 'token' | 'resource';
  /** After this many GET /pix requests, a new Pix arrives at the start of the period asked (pages shift). */
  newPixAfterRequests?: number;
  /** Refuse a `fim` later than the sandbox's clock (400), as a bank whose clock is behind might. */
  refuseFutureFim?: boolean;
}

export interface PixServerDeps {
  pki: SandboxPki;
  clientId: string;
  clientSecret: string;
  now: () => Date;
  items: () => SandboxPix[];
  quirks: () => PixQuirks;
  /** Called when a mid-read arrival fires (the state adds the Pix). */
  onArrival: (inicio: Date) => void;
  /** Every request, for tests that count them. */
  journal: { method: string; path: string; status: number }[];
  /** TLS 1.2 makes a refused client certificate an alert during the handshake; 1.3 (default) after it. */
  maxTlsVersion?: 'TLSv1.2' | 'TLSv1.3';
}

interface Token {
  scopes: string[];
  expiresAt: number;
  uses: number;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type':
      status >= 400 && body && typeof body === 'object' && 'type' in body
        ? 'application/problem+json'
        : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
};

/** RFC 7807 as the standard's `Problema`. */
const problem = (
  res: ServerResponse,
  status: number,
  tipo: string,
  title: string,
  detail?: string,
  headers?: Record<string, string>,
) =>
  json(
    res,
    status,
    { type: `https://pix.bcb.gov.br/api/v2/error/${tipo}`, title, status, ...(detail ? { detail } : {}) },
    headers,
  );

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      s += c;
      if (s.length > 64 * 1024) req.destroy();
    });
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });

function valor(cents: number, comma: boolean): string {
  const s = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return comma ? s.replace('.', ',') : s;
}

function horario(at: Date, withoutOffset: boolean): string {
  return withoutOffset ? brasiliaDateTime(at) : at.toISOString();
}

function render(p: SandboxPix, q: PixQuirks): Record<string, unknown> {
  const item: Record<string, unknown> = {
    endToEndId: p.endToEndId,
    ...(p.txid ? { txid: p.txid } : {}),
    valor: valor(p.amountCents, !!q.commaValor),
    chave: 'financeiro@quitafit.example',
    horario: horario(p.at, !!q.horarioWithoutOffset),
    ...(p.infoPagador ? { infoPagador: p.infoPagador } : {}),
  };
  if (!q.noPayer)
    item.pagador =
      p.payerDocument.length === 14
        ? { cnpj: p.payerDocument, nome: p.payerName }
        : { cpf: p.payerDocument, nome: p.payerName };
  if (p.refund)
    item.devolucoes = [
      {
        id: p.refund.id,
        rtrId: p.refund.rtrId,
        valor: valor(p.refund.amountCents, !!q.commaValor),
        horario: {
          solicitacao: horario(p.refund.at, !!q.horarioWithoutOffset),
          ...(p.refund.status === 'DEVOLVIDO'
            ? { liquidacao: horario(p.refund.at, !!q.horarioWithoutOffset) }
            : {}),
        },
        status: p.refund.status,
      },
    ];
  return item;
}

/**
 * The sandbox's Pix API over mutual TLS: only a client certificate signed by the sandbox's CA and valid now gets
 * past the handshake (Node's TLS refuses the others: an expired one, one from another CA, none).
 * `POST /oauth/token` (client credentials, HTTP Basic), `GET /pix` (paging as the standard).
 */
export function createPixServer(deps: PixServerDeps): Server {
  const tokens = new Map<string, Token>();
  let pixRequests = 0;
  let arrived = false;
  let countedFor: PixQuirks | null = null;

  async function token(req: IncomingMessage, res: ServerResponse) {
    const body = new URLSearchParams(await readBody(req));
    const auth = req.headers.authorization ?? '';
    const basic = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
    const sep = basic.indexOf(':');
    const id = decodeURIComponent(basic.slice(0, sep));
    const secret = decodeURIComponent(basic.slice(sep + 1));
    if (sep < 0 || id !== deps.clientId || secret !== deps.clientSecret)
      return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    if (body.get('grant_type') !== 'client_credentials')
      return json(res, 400, { error: 'unsupported_grant_type' });
    const q = deps.quirks();
    const allowed = q.scopes ?? ['pix.read'];
    const asked = (body.get('scope') ?? allowed.join(' ')).split(/\s+/).filter(Boolean);
    const missing = asked.filter((s) => !allowed.includes(s));
    if (missing.length && q.scopeRefusal !== 'resource')
      return json(res, 400, {
        error: 'invalid_scope',
        error_description: `scope not allowed: ${missing.join(' ')}`,
      });
    const granted = asked.filter((s) => allowed.includes(s));
    const lifetime = q.tokenLifetimeSeconds ?? 3600;
    const value = randomBytes(24).toString('hex');
    tokens.set(value, { scopes: granted, expiresAt: deps.now().getTime() + lifetime * 1000, uses: 0 });
    return json(res, 200, {
      access_token: value,
      token_type: 'Bearer',
      expires_in: lifetime,
      scope: granted.join(' '),
    });
  }

  function listPix(url: URL, req: IncomingMessage, res: ServerResponse) {
    const auth = req.headers.authorization ?? '';
    const t = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
    const q = deps.quirks();
    if (!t || t.expiresAt <= deps.now().getTime() || (q.tokenUses !== undefined && t.uses >= q.tokenUses))
      return json(
        res,
        401,
        { error: 'invalid_token', error_description: 'The access token expired' },
        {
          'www-authenticate': 'Bearer error="invalid_token"',
        },
      );
    t.uses++;
    if (!t.scopes.includes('pix.read'))
      return problem(res, 403, 'AcessoNegado', 'Acesso Negado', 'Requisição sem o escopo pix.read.');
    if (q.tooManyRequests && q.tooManyRequests.count > 0) {
      q.tooManyRequests.count--;
      const ra = q.tooManyRequests.retryAfter;
      const headers: Record<string, string> =
        ra === null
          ? {}
          : {
              'retry-after': ra === 'date' ? new Date(deps.now().getTime() + 1000).toUTCString() : String(ra),
            };
      return problem(res, 429, 'MuitasRequisicoes', 'Too Many Requests', undefined, headers);
    }
    if (q.serverErrors && q.serverErrors.count > 0) {
      q.serverErrors.count--;
      return problem(res, q.serverErrors.status, 'ServicoIndisponivel', 'Serviço Indisponível');
    }
    const inicio = Date.parse(url.searchParams.get('inicio') ?? '');
    const fim = Date.parse(url.searchParams.get('fim') ?? '');
    const page = Number(url.searchParams.get('paginacao.paginaAtual') ?? '0');
    const size = Number(url.searchParams.get('paginacao.itensPorPagina') ?? '100');
    const max = Math.min(q.maxPageSize ?? 1000, 1000);
    if (
      !Number.isFinite(inicio) ||
      !Number.isFinite(fim) ||
      fim < inicio ||
      !Number.isInteger(page) ||
      page < 0 ||
      !Number.isInteger(size) ||
      size < 1 ||
      size > max
    )
      return problem(res, 400, 'PixConsultaInvalida', 'Consulta inválida', 'parâmetros fora do schema');
    if (q.refuseFutureFim && fim > deps.now().getTime())
      return json(res, 400, {
        type: 'https://pix.bcb.gov.br/api/v2/error/PixConsultaInvalida',
        title: 'Consulta inválida',
        status: 400,
        violacoes: [{ razao: 'fim no futuro', propriedade: 'fim' }],
      });
    // Counted from when the switches were last set.
    if (q !== countedFor) {
      countedFor = q;
      pixRequests = 0;
      arrived = false;
    }
    pixRequests++;
    if (q.newPixAfterRequests !== undefined && pixRequests > q.newPixAfterRequests && !arrived) {
      arrived = true;
      deps.onArrival(new Date(inicio));
    }
    const devolucaoPresente = url.searchParams.get('devolucaoPresente');
    const now = deps.now().getTime();
    const all = deps
      .items()
      .filter((p) => p.at.getTime() >= inicio && p.at.getTime() <= fim && p.at.getTime() <= now)
      .filter((p) => devolucaoPresente !== 'true' || p.refund !== null);
    const pages = Math.max(1, Math.ceil(all.length / size));
    return json(res, 200, {
      parametros: {
        inicio: new Date(inicio).toISOString(),
        fim: new Date(fim).toISOString(),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: size,
          quantidadeDePaginas: pages,
          quantidadeTotalDeItens: all.length,
        },
      },
      pix: all.slice(page * size, page * size + size).map((p) => render(p, q)),
    });
  }

  const server = createServer(
    {
      key: deps.pki.server.key,
      cert: deps.pki.server.cert,
      ca: [deps.pki.ca.cert],
      requestCert: true,
      rejectUnauthorized: true,
      maxVersion: deps.maxTlsVersion ?? 'TLSv1.3',
    },
    (req, res) => {
      const url = new URL(req.url ?? '/', 'https://127.0.0.1');
      const done = () =>
        deps.journal.push({ method: req.method ?? '', path: url.pathname, status: res.statusCode });
      res.on('finish', done);
      if (req.method === 'POST' && url.pathname === '/oauth/token')
        return void token(req, res).catch(() => res.destroy());
      if (req.method === 'GET' && url.pathname === '/api/v2/pix') return listPix(url, req, res);
      return problem(res, 404, 'NaoEncontrado', 'Não encontrado');
    },
  );
  return server;
}

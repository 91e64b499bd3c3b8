import type { KeyKind } from '../../shared/constants';
import { apiRequest, type ApiCredentials } from '../api/http';
import { AppError } from '../errors';

/** A remark on a connection that answered: something the clerk should know before saving it. */
export interface ConnectionNotice {
  code: string;
  params?: Record<string, string | number>;
}

export interface ConnectionTestResult {
  bankAccounts: number;
  latencyMs: number;
  notices: ConnectionNotice[];
}

/** The vendor issues integration keys as GUIDs (evo-api.md, Authentication [spec]). */
const GUID = /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;
export const looksLikeGuid = (key: string): boolean => GUID.test(key.trim());

/** What a body that is not the API's answer looks like, for the sentence that says so. */
export function bodyKind(body: unknown): 'html' | 'text' | 'empty' | 'json' {
  if (body === null || body === undefined || (typeof body === 'string' && body.trim() === '')) return 'empty';
  if (typeof body === 'string')
    return /<\s*(!doctype|html|head|body|title|div|p)\b/i.test(body) ? 'html' : 'text';
  return 'json';
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const isId = (v: unknown) =>
  (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()));
/** One bank-account record: an object with an integer `idBankAccount` (or the seed's `id`). */
const isBankAccount = (v: unknown) => isRecord(v) && (isId(v.idBankAccount) || isId(v.id));

/**
 * The bank accounts in a body shaped like `GET /api/v1/bank-accounts`: a JSON array of account records (what the
 * API returns in practice, possibly empty), the `{qtde, list|lista}` envelope, or the single record Swagger
 * declares. Null for anything else: an HTML page, text, other JSON.
 */
export function bankAccountsIn(body: unknown): number | null {
  const items = Array.isArray(body)
    ? body
    : isRecord(body)
      ? Array.isArray(body.list)
        ? body.list
        : Array.isArray(body.lista)
          ? body.lista
          : isBankAccount(body)
            ? [body]
            : null
      : null;
  if (items === null) return null;
  return items.every(isBankAccount) ? items.length : null;
}

/**
 * The branches a key can see, from one page of debtors (their `branchId`, evo-api.md [seen]). A branch key is
 * assumed to see its own branch only (docs/api-behaviour.md), so more than one means a multi-branch key. Null
 * when the page cannot tell (refused, unreadable, no debtor names a branch).
 */
async function branchesSeen(creds: ApiCredentials): Promise<number[] | null> {
  try {
    const res = await apiRequest(creds, '/api/v1/receivables/debtors', {
      query: { take: 50, skip: 0 },
      timeoutMs: 15_000,
    });
    const b = res.body;
    const rows = isRecord(b) && Array.isArray(b.results) ? b.results : Array.isArray(b) ? b : [];
    const ids = new Set<number>();
    for (const r of rows) {
      if (!isRecord(r)) continue;
      const id = r.branchId ?? r.idBranch;
      if (isId(id)) ids.add(Number(id));
    }
    return ids.size ? [...ids].sort((a, c) => a - c) : null;
  } catch {
    // Debtors may not be granted to this key, or the server may not have the route: nothing to tell.
    return null;
  }
}

/**
 * One cheap authenticated call, `GET /api/v1/bank-accounts`, whose answer must be shaped like the API's bank
 * accounts (an HTML page answering 200 is not the API); for a key said to be a branch key, one page of debtors
 * to see whether it reaches several branches. A refused key is told apart from one of the wrong format.
 */
export async function testConnection(
  creds: ApiCredentials & { keyKind?: KeyKind },
): Promise<ConnectionTestResult> {
  const started = performance.now();
  const guid = looksLikeGuid(creds.password);
  let body: unknown;
  try {
    body = (await apiRequest(creds, '/api/v1/bank-accounts', { timeoutMs: 15_000 })).body;
  } catch (e) {
    if (e instanceof AppError && e.code === 'api.unauthorized') {
      throw new AppError(
        'auth',
        guid
          ? 'The API refused the user or the key. Check both (the user is the gym’s DNS name).'
          : 'The API refused the user or the key, and the key is not shaped like an integration key (a GUID).',
        {
          code: guid ? 'api.unauthorized' : 'connection.key_not_guid',
          params: { keyKind: creds.keyKind ?? 'branch' },
          cause: e,
        },
      );
    }
    throw e;
  }
  const latencyMs = Math.round(performance.now() - started);
  const count = bankAccountsIn(body);
  if (count === null) {
    const kind = bodyKind(body);
    throw new AppError(
      'external',
      `The address answered, but not as the EVO integration API: instead of the list of bank accounts it sent ${
        kind === 'html'
          ? 'a web page'
          : kind === 'empty'
            ? 'nothing'
            : kind === 'text'
              ? 'plain text'
              : 'other data'
      }. Check the API address.`,
      { code: 'connection.not_api', params: { received: kind } },
    );
  }
  const notices: ConnectionNotice[] = [];
  if (!guid) notices.push({ code: 'connection.key_not_guid' });
  if ((creds.keyKind ?? 'branch') === 'branch') {
    const branches = await branchesSeen(creds);
    if (branches && branches.length > 1)
      notices.push({
        code: 'connection.key_sees_branches',
        params: { count: branches.length, branches: branches.slice(0, 10).join(', ') },
      });
  }
  return { bankAccounts: count, latencyMs, notices };
}

import type { HandlerResult } from '../http/respond';
import { bankAccountJson } from '../serialize';
import type { RouteContext } from './context';

/** GET /api/v2/states: the whole country tree; the country comes from the key, so no parameters. */
export function listStates(ctx: RouteContext): HandlerResult {
  return { status: 200, json: ctx.store.data.states };
}

/** GET /api/v1/bank-accounts: an array (Swagger says object, the real server sends an array). */
export function listBankAccounts(ctx: RouteContext): HandlerResult {
  return { status: 200, json: ctx.store.data.bankAccounts.map(bankAccountJson) };
}

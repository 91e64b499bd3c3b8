import { identify, UNAUTHORIZED, FORBIDDEN, type Credentials } from '../auth';
import { faultOptionsSchema, type FaultInjector } from '../faults';
import { readJsonBody } from '../http/body';
import { badRequest, statusError, type HandlerResult } from '../http/respond';
import { validate } from '../http/validation';
import type { SandboxStore } from '../state/store';
import { addReceivableLike, reopenReceivables } from './control-receivables';
import type { Clock } from './context';
import type { IncomingMessage } from 'node:http';

export const CONTROL_PREFIX = '/__sandbox/';

/**
 * Sandbox-only control routes (no real API has them), with the admin key: GET/PUT /__sandbox/faults, and
 * POST /__sandbox/receivables and POST /__sandbox/reopen (control-receivables.ts). They skip the rate limit and the faults themselves, so a
 * test can always switch faults off.
 */
export async function handleControl(
  req: IncomingMessage,
  pathname: string,
  creds: Credentials,
  faults: FaultInjector,
  state?: { store: SandboxStore; clock: Clock },
): Promise<HandlerResult> {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if ((path === '/__sandbox/receivables' || path === '/__sandbox/reopen') && state) {
    if (req.method !== 'POST') {
      req.resume();
      return statusError(405, 'Method Not Allowed', { Allow: 'POST' });
    }
    const kind = identify(req, creds);
    if (kind === null) return UNAUTHORIZED;
    if (kind !== 'admin') return FORBIDDEN;
    return path === '/__sandbox/reopen'
      ? reopenReceivables(req, state.store, state.clock)
      : addReceivableLike(req, state.store, state.clock);
  }
  if (path !== '/__sandbox/faults') return statusError(404, 'Not Found');
  if (req.method !== 'GET' && req.method !== 'PUT') {
    req.resume();
    return statusError(405, 'Method Not Allowed', { Allow: 'GET, PUT' });
  }
  const kind = identify(req, creds);
  if (kind === null) return UNAUTHORIZED;
  if (kind !== 'admin') return FORBIDDEN;
  if (req.method === 'PUT') {
    const body = await readJsonBody(req);
    if (!body.ok) return body.result;
    const parsed = validate(faultOptionsSchema, body.value);
    if (!parsed.ok) return badRequest(parsed.messages);
    faults.set(parsed.value);
  }
  return { status: 200, json: faults.get() };
}

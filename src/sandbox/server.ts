import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { FORBIDDEN, identify, isAllowed, UNAUTHORIZED, type Credentials } from './auth';
import type { FaultInjector } from './faults';
import type { LenientSwitches } from './lenient';
import type { MarkReceivedWatch } from './mark-received-hold';
import type { NetworkSwitches } from './network-switches';
import { send, statusError, type HandlerResult } from './http/respond';
import type { RateLimiter } from './rate-limit';
import type { Clock } from './routes/context';
import { CONTROL_PREFIX, handleControl } from './routes/control';
import { findRoute } from './routes/table';
import { cultureOf } from './serialize';
import type { SandboxStore } from './state/store';
import type { SandboxPermissions } from './types';

export interface ServerDeps {
  store: SandboxStore;
  creds: Credentials;
  permissions: SandboxPermissions;
  rateLimiter: RateLimiter | null;
  faults: FaultInjector;
  lenient: LenientSwitches;
  clock: Clock;
  markReceivedWatch: MarkReceivedWatch;
  network: NetworkSwitches;
}

function tooManyRequests(retryAfterSeconds: number): HandlerResult {
  return {
    status: 429,
    headers: { 'Retry-After': String(retryAfterSeconds) },
    json: {
      status: 429,
      error: 'Too Many Requests',
      mensagens: [`Limite de requisições excedido. Tente novamente em ${retryAfterSeconds} segundo(s).`],
    },
  };
}

/**
 * The request pipeline, in the order a client observes it: rate limit (per IP) -> route (404/405) ->
 * Basic auth (401/403) -> injected faults -> handler. Held ("timed out") requests are tracked so close()
 * can drop them instead of keeping the process alive.
 */
export function createSandboxServer(deps: ServerDeps): { server: Server; close: () => Promise<void> } {
  const held = new Set<Socket>();
  /** Injected delays still running: close() ends them, so a request delayed for minutes holds nothing. */
  const delays = new Set<() => void>();

  /** Resolves true when `ms` ran out, false when the sandbox closed meanwhile. */
  function delay(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const stop = () => {
        clearTimeout(timer);
        delays.delete(stop);
        resolve(false);
      };
      const timer = setTimeout(() => {
        delays.delete(stop);
        resolve(true);
      }, ms).unref();
      delays.add(stop);
    });
  }

  async function pipeline(req: IncomingMessage, res: ServerResponse): Promise<HandlerResult | 'handled'> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname.toLowerCase().startsWith(CONTROL_PREFIX)) {
      return handleControl(req, url.pathname, deps.creds, deps.faults, deps);
    }
    if (deps.rateLimiter) {
      const decision = deps.rateLimiter.check(req.socket.remoteAddress ?? 'unknown');
      if (!decision.ok) return tooManyRequests(decision.retryAfterSeconds);
    }
    const match = findRoute(req.method ?? 'GET', url.pathname);
    if (match === null) return statusError(404, 'Not Found');
    if ('allowed' in match)
      return statusError(405, 'Method Not Allowed', { Allow: match.allowed.join(', ') });
    const kind = identify(req, deps.creds);
    if (kind === null) return UNAUTHORIZED;
    if (!isAllowed(kind, match.route.endpoint, deps.permissions)) return FORBIDDEN;

    // Read before any injected delay: a switch changed meanwhile applies to the next request.
    const lenient = deps.lenient.get();
    const network = deps.network.get();
    const fault = deps.faults.draw();
    const isMarkReceived = match.route.endpoint === 'markReceived';
    const delayMs = fault.delayMs + (isMarkReceived ? fault.markReceivedDelayMs : 0);
    if (delayMs > 0 && !(await delay(delayMs))) return 'handled'; // closed meanwhile: its socket is gone
    if (fault.timeout) {
      // Never answer; the socket stays open until the client gives up or the sandbox closes.
      const socket = req.socket;
      held.add(socket);
      socket.once('close', () => held.delete(socket));
      return 'handled';
    }
    if (fault.tooManyRequests) return tooManyRequests(1);
    if (fault.serverError) {
      return fault.emptyErrorBody ? { status: 500 } : statusError(500, 'Internal Server Error');
    }
    const result = await match.route.handle({
      req,
      url,
      store: deps.store,
      culture: cultureOf(req.headers.culture),
      clock: deps.clock,
      lenient,
      markReceivedWatch: deps.markReceivedWatch,
      key: kind,
      network,
    });
    if (result.dropConnection) {
      res.socket?.destroy();
      return 'handled';
    }
    if (fault.resetAfterApply && isMarkReceived && result.applied === true) {
      // The change is already applied: the client sees a reset and cannot know it succeeded.
      res.socket?.destroy();
      return 'handled';
    }
    return result;
  }

  const server = createServer((req, res) => {
    // send() writes the Date header from the sandbox clock; Node's own (the host's now) must not follow.
    res.sendDate = false;
    pipeline(req, res).then(
      (result) => {
        if (result !== 'handled') send(res, result, deps.clock.now());
      },
      (err: unknown) => {
        console.error('[sandbox] internal error', err);
        send(res, statusError(500, 'Internal Server Error'), deps.clock.now());
      },
    );
  });

  return {
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of held) socket.destroy();
        for (const stop of [...delays]) stop();
        deps.markReceivedWatch.closeAll();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import type { RunningSandbox, SandboxOptions } from '../../src/sandbox';
import { testSandbox } from './sandbox';

export interface CountingProxy {
  url: string;
  /** Every mark-received forwarded to the API, whatever came of it. */
  forwarded: number[][];
  /** Those the API applied: answered 2xx, or reset the connection after applying (the sandbox's fault). */
  applied: number[][];
  /** Those the API refused because the receivables were already received: a send that should not have happened. */
  refusedAsDuplicate: number[][];
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of the sandbox that watches every mark-received, so a test or a bench can prove
 * that no receivable was applied twice or sent again once applied. A 500, a 429 or a request the sandbox never
 * answers changes nothing there (its faults fire before the request is handled), so resending those is right.
 */
export async function countingProxy(upstream: string): Promise<CountingProxy> {
  const forwarded: number[][] = [];
  const applied: number[][] = [];
  const refusedAsDuplicate: number[][] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      const isMark = req.method === 'PUT' && !!req.url?.startsWith('/api/v1/receivables/mark-received');
      const ids = isMark
        ? (JSON.parse(body.toString('utf8')) as { idsReceivables: number[] }).idsReceivables
        : [];
      if (isMark) forwarded.push(ids);
      fetch(upstream + (req.url ?? '/'), {
        method: req.method ?? 'GET',
        headers,
        body: body.length ? body : null,
      })
        .then(async (up) => {
          const text = await up.text();
          const type = up.headers.get('content-type') ?? 'application/json';
          // A 200 with an HTML page is the sandbox's "maintenance page" answer: nothing was applied.
          if (isMark && up.ok && !type.startsWith('text/html')) applied.push(ids);
          if (isMark && up.status === 400 && /já recebido/i.test(text)) refusedAsDuplicate.push(ids);
          // Transparent for what the client reads: the server's clock (Date) and Retry-After.
          const headers: Record<string, string> = { 'Content-Type': type };
          for (const h of ['date', 'retry-after']) {
            const v = up.headers.get(h);
            if (v) headers[h] = v;
          }
          res.sendDate = false;
          res.writeHead(up.status, headers);
          res.end(text);
        })
        .catch(() => {
          // The sandbox resets the connection only after applying a mark-received.
          if (isMark) applied.push(ids);
          res.destroy();
        });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    applied,
    refusedAsDuplicate,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * For a test file: a function that starts the test sandbox behind a counting proxy; whatever it started is closed
 * after each test.
 */
export function proxiedSandboxPerTest(): (
  opts?: SandboxOptions,
) => Promise<{ sandbox: RunningSandbox; proxy: CountingProxy }> {
  const started: { sandbox: RunningSandbox; proxy: CountingProxy }[] = [];
  afterEach(async () => {
    for (const s of started.splice(0)) {
      await s.proxy.close();
      await s.sandbox.close();
    }
  });
  return async (opts = {}) => {
    const sandbox = await testSandbox(opts);
    const proxy = await countingProxy(sandbox.url);
    started.push({ sandbox, proxy });
    return { sandbox, proxy };
  };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of the sandbox that records every mark-received it forwarded to the API (whatever
 * came back: a reset after the change was applied looks like a failure to the client), so a test can prove
 * that no receivable was ever sent to the API twice.
 */
export async function countingProxy(
  upstream: string,
): Promise<{ url: string; forwarded: number[][]; close: () => Promise<void> }> {
  const forwarded: number[][] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      if (req.method === 'PUT' && req.url?.startsWith('/api/v1/receivables/mark-received')) {
        forwarded.push((JSON.parse(body.toString('utf8')) as { idsReceivables: number[] }).idsReceivables);
      }
      fetch(upstream + (req.url ?? '/'), {
        method: req.method ?? 'GET',
        headers,
        body: body.length ? body : null,
      })
        .then(async (up) => {
          const text = await up.text();
          res.writeHead(up.status, { 'Content-Type': up.headers.get('content-type') ?? 'application/json' });
          res.end(text);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

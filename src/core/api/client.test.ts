import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { instantClock } from '../../../tests/helpers/sandbox';
import { AppError } from '../errors';
import { createApiClient } from './client';
import { createRateLimiter } from './rate-limiter';

/** A tiny loopback server answering whatever shapes a real API version might send. */
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createApiClient({
    creds: { baseUrl: url, username: 'gym', password: 'key' },
    limiter: createRateLimiter({ perSecond: 1000, perMinute: 100_000 }, instantClock),
    clock: instantClock,
    timeoutMs: 500,
    maxRetries: 2,
  });
  return { client, hits };
}
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};
const record = {
  idReceivable: '7',
  ammount: '149,90',
  status: 1,
  paymentType: { id: 5 },
  dueDate: '2026-11-10T02:00:00Z',
};

describe('API client over loopback', () => {
  for (const [name, body] of [
    ['a plain array', [record]],
    ['{qtde, list}', { qtde: 1, list: [record] }],
    ['{qtde, lista}', { qtde: 1, lista: [record], list: null }],
  ] as const) {
    it(`reads receivables sent as ${name}`, async () => {
      const { client, hits } = await serve((_req, res) => json(res, 200, body));
      const page = await client.receivablesPage({ accountStatus: [1, 4], dueDateStart: '2026-11-01' }, 50);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        id: 7,
        amountCents: 14990,
        statusId: 1,
        paymentTypeId: 5,
        dueDate: '2026-11-09',
      });
      expect(hits[0]).toContain('accountStatus=1%2C4');
      expect(hits[0]).toContain('take=50');
      expect(hits[0]).toContain('skip=50');
    });
  }

  it('reads a bank account sent as a single object (as Swagger declares it)', async () => {
    const { client } = await serve((_req, res) => json(res, 200, { idBankAccount: 3, description: 'Itaú' }));
    expect((await client.bankAccounts()).items).toEqual([
      expect.objectContaining({ id: 3, description: 'Itaú' }),
    ]);
  });

  it('counts records it cannot read instead of failing the page', async () => {
    const { client } = await serve((_req, res) => json(res, 200, [record, { idReceivable: 8 }]));
    expect(await client.receivablesPage({}, 0)).toMatchObject({
      skipped: 1,
      items: [expect.objectContaining({ id: 7 })],
    });
  });

  it('retries a GET after a 500 with an empty body, then succeeds', async () => {
    let n = 0;
    const { client, hits } = await serve((_req, res) =>
      n++ === 0 ? json(res, 500, undefined) : json(res, 200, []),
    );
    expect((await client.bankAccounts()).items).toEqual([]);
    expect(hits).toHaveLength(2);
  });

  it('gives up on GETs after the retries, as an external error', async () => {
    const { client, hits } = await serve((_req, res) => json(res, 503, undefined));
    await expect(client.bankAccounts()).rejects.toMatchObject({ kind: 'external' });
    expect(hits).toHaveLength(3);
  });

  it('never retries mark-received, whatever happened', async () => {
    const { client, hits } = await serve((_req, res) => json(res, 500, undefined));
    await expect(client.markReceived([1, 2], 3)).rejects.toMatchObject({ kind: 'external' });
    expect(hits).toEqual(['PUT /api/v1/receivables/mark-received']);
  });

  it('carries the server’s mensagens on a 400', async () => {
    const { client } = await serve((_req, res) =>
      json(res, 400, { mensagens: ['Recebível 2 já está recebido.'] }),
    );
    const e = await client.markReceived([2], 3).then(
      () => null,
      (err: unknown) => err as AppError,
    );
    expect(e).toBeInstanceOf(AppError);
    expect(e?.kind).toBe('validation');
    expect(e?.message).toContain('Recebível 2 já está recebido.');
  });

  it('turns a silent server into an offline error after the timeout', async () => {
    const { client } = await serve(() => {
      /* never answers */
    });
    await expect(client.markReceived([1], 1)).rejects.toMatchObject({ kind: 'offline', code: 'api.timeout' });
  });

  it('sends notifications as application/json-patch+json and reads the seed’s answer', async () => {
    let contentType = '';
    const { client } = await serve((req, res) => {
      contentType = req.headers['content-type'] ?? '';
      json(res, 200, {
        id: 5,
        idMember: 9,
        idProspect: null,
        mensagem: 'Olá',
        idFuncionario: 1,
        dataCriacao: '2026-11-20T10:00:00Z',
      });
    });
    expect(await client.notify(9, 'Olá')).toMatchObject({
      id: 5,
      idMember: 9,
      message: 'Olá',
      createdAt: '2026-11-20T10:00:00Z',
    });
    expect(contentType).toBe('application/json-patch+json');
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateSandboxData } from '../../../sandbox';
import { startPixSandbox, type ClientCertificate, type RunningPixSandbox } from '../../../sandbox/pix';
import { feedsPtBR } from '../../../shared/i18n/feeds.pt-BR';
import { memoryLogger } from '../../log';
import { createPixConnector, type PixClientConfig } from './pix-client';
import { inspectCertificate, materialFromFiles } from './certificate';

/**
 * The Pix API connector against the real sandbox Pix API over loopback with real mutual TLS: every fault of
 * docs/feeds.md ("What the connector handles"). The sandbox's clock and the connector's are pinned; waits are
 * recorded, never slept.
 */
const TODAY = '2026-07-15';
const NOW = new Date('2026-07-15T15:00:00.000Z'); // 12:00 in Brasília
const data = generateSandboxData({ seed: 7, members: 200, today: TODAY, unreconciledDays: 6 });
const DAY = { from: new Date('2026-07-10T03:00:00.000Z'), to: NOW };

let sb: RunningPixSandbox;
let waits: number[];
let log: ReturnType<typeof memoryLogger>;

beforeAll(async () => {
  sb = await startPixSandbox({ data, now: () => NOW });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.setQuirks({});
  waits = [];
  log = memoryLogger();
});

function connector(over: Partial<PixClientConfig> & { client?: ClientCertificate } = {}) {
  const c = over.client ?? sb.pki.client;
  return createPixConnector({
    tokenUrl: sb.tokenUrl,
    baseUrl: sb.baseUrl,
    clientId: sb.clientId,
    clientSecret: sb.clientSecret,
    scope: 'pix.read',
    certificate: { kind: 'pfx', pfxBase64: c.pfx.toString('base64'), password: c.password },
    ca: sb.pki.ca.cert,
    log,
    now: () => NOW,
    sleep: async (ms) => void waits.push(ms),
    ...over,
  });
}

async function failure(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a failure');
}

const pixInWindow = () => sb.items().filter((p) => p.at >= DAY.from && p.at <= DAY.to && p.at <= NOW);

describe('Pix API connector on the sandbox (mTLS)', () => {
  it('reads every Pix of the period once, with payer, CPF and the Brasília date', async () => {
    const c = connector({ pageSize: 7 });
    const r = await c.fetch(DAY);
    c.close();
    const expected = pixInWindow();
    expect(expected.length).toBeGreaterThan(7); // several pages
    expect(r.fetched).toBe(expected.length);
    expect(new Set(r.lines.map((l) => l.fitid)).size).toBe(expected.length);
    const first = expected[0]!;
    const line = r.lines.find((l) => l.fitid === first.endToEndId)!;
    expect(line.amountCents).toBe(first.amountCents);
    expect(line.payerText).toBe(first.payerName);
    expect(line.payerDocument).toBe(first.payerDocument);
    expect(line.kind).toBe('credit');
    // 1 token + one request per page of each day asked (days of 24 h from the start).
    expect(r.requests).toBeGreaterThanOrEqual(2);
    expect(r.rejected).toEqual([]);
  });

  it('lives without pagador, reads valor with a comma and horario without an offset', async () => {
    sb.setQuirks({ noPayer: true, commaValor: true, horarioWithoutOffset: true });
    const c = connector();
    const r = await c.fetch(DAY);
    c.close();
    const expected = pixInWindow();
    expect(r.fetched).toBe(expected.length);
    for (const p of expected) {
      const l = r.lines.find((x) => x.fitid === p.endToEndId)!;
      expect(l.amountCents).toBe(p.amountCents);
      expect(l.payerText).toBeNull();
      expect(l.at).toBe(new Date(Math.floor(p.at.getTime() / 1000) * 1000).toISOString());
    }
  });

  it('an empty day is no line and no error', async () => {
    const c = connector();
    const r = await c.fetch({ from: new Date('2020-01-01T03:00:00Z'), to: new Date('2020-01-02T03:00:00Z') });
    c.close();
    expect(r).toMatchObject({ fetched: 0, lines: [], rejected: [] });
    expect(r.requests).toBe(2);
  });

  it('reads 2500 Pix of one day in pages of 1000 (3 pages, 1 token)', async () => {
    const added = sb.addPix(2500, '2026-07-14');
    const c = connector();
    const day = { from: new Date('2026-07-14T03:00:00Z'), to: new Date('2026-07-15T03:00:00Z') };
    const r = await c.fetch(day);
    c.close();
    const ids = new Set(r.lines.map((l) => l.fitid));
    for (const p of added) expect(ids.has(p.endToEndId)).toBe(true);
    expect(r.requests).toBe(4);
    expect(sb.journal.slice(-3).every((j) => j.status === 200)).toBe(true);
  });

  it('a bank that caps the page size below 1000 answers 400: asked again with the standard 100 per page', async () => {
    // 2026-07-13 in Brasília; no other test reads it.
    const added = sb.addPix(250, '2026-07-13');
    sb.setQuirks({ maxPageSize: 100 });
    const c = connector();
    const r = await c.fetch({ from: new Date('2026-07-13T03:00:00Z'), to: new Date('2026-07-14T03:00:00Z') });
    c.close();
    const ids = new Set(r.lines.map((l) => l.fitid));
    for (const p of added) expect(ids.has(p.endToEndId)).toBe(true);
    // A token, the refused page of 1000, then 3 pages of 100.
    expect(r.requests).toBe(5);
    expect(sb.journal.slice(-4).map((j) => j.status)).toEqual([400, 200, 200, 200]);
    expect(log.lines.join('\n')).toMatch(/asking 100 per page/);
  });

  // 2026-07-09 in Brasília; no other test reads it.
  const BUSY = { from: new Date('2026-07-09T03:00:00Z'), to: new Date('2026-07-10T03:00:00Z') };
  const inBusy = () => sb.items().filter((p) => p.at >= BUSY.from && p.at < BUSY.to);

  it('a page change while reading: items shift, each is kept once and the new one is read', async () => {
    if (inBusy().length < 12) sb.addPix(12, '2026-07-09');
    const before = inBusy().length;
    sb.setQuirks({ newPixAfterRequests: 1 });
    const c = connector({ pageSize: 5 });
    const r = await c.fetch(BUSY);
    c.close();
    expect(inBusy().length).toBe(before + 1);
    expect(new Set(r.lines.map((l) => l.fitid))).toEqual(new Set(inBusy().map((p) => p.endToEndId)));
    expect(r.lines.length).toBe(before + 1);
    expect(log.lines.some((l) => l.includes('changed while read'))).toBe(true);
  });

  it('a refund makes a debit with its own id, time and amount', async () => {
    const p = sb.refundOne('2026-07-13');
    const c = connector();
    const r = await c.fetch(DAY);
    c.close();
    const debit = r.lines.find((l) => l.fitid === p.refund!.rtrId)!;
    expect(debit).toMatchObject({ kind: 'debit', amountCents: -p.amountCents, document: p.endToEndId });
    expect(debit.at).toBe(p.refund!.at.toISOString());
    p.refund = null;
  });

  it('a token that expires mid-list is renewed once on 401', async () => {
    if (inBusy().length < 12) sb.addPix(12, '2026-07-09');
    sb.setQuirks({ tokenUses: 2 });
    const mark = sb.journal.length;
    const c = connector({ pageSize: 5 });
    const r = await c.fetch(BUSY);
    c.close();
    expect(r.fetched).toBe(inBusy().length);
    const calls = sb.journal.slice(mark);
    expect(calls.filter((j) => j.status === 401).length).toBe(1);
    expect(calls.filter((j) => j.path === '/oauth/token').length).toBe(2);
  });

  it('wrong client secret: one sentence, the secret never in the log', async () => {
    const e = await failure(connector({ clientSecret: 'errado-123' }).fetch(DAY));
    expect(e.code).toBe('feeds.credentials_refused');
    expect(log.lines.join('\n')).not.toContain('errado-123');
  });

  it('scope refused at the token endpoint, or by the resource (403)', async () => {
    sb.setQuirks({ scopes: ['cob.read'] });
    expect((await failure(connector().fetch(DAY))).code).toBe('feeds.scope_missing');
    sb.setQuirks({ scopes: ['cob.read'], scopeRefusal: 'resource' });
    expect((await failure(connector().fetch(DAY))).code).toBe('feeds.scope_missing');
  });

  it('429: waits as Retry-After says (seconds or a date), bounded', async () => {
    sb.setQuirks({ tooManyRequests: { count: 2, retryAfter: 7 } });
    const c = connector();
    await c.fetch(DAY);
    c.close();
    expect(waits.slice(0, 2)).toEqual([7000, 7000]);

    waits = [];
    sb.setQuirks({ tooManyRequests: { count: 1, retryAfter: 'date' } });
    await connector().fetch(DAY);
    expect(waits[0]).toBeLessThanOrEqual(1000);

    waits = [];
    sb.setQuirks({ tooManyRequests: { count: 1, retryAfter: null } });
    await connector().fetch(DAY);
    expect(waits[0]).toBe(1000);

    sb.setQuirks({ tooManyRequests: { count: 1, retryAfter: 3600 } });
    const e = await failure(connector().fetch(DAY));
    expect(e).toMatchObject({ code: 'feeds.rate_limited' });

    sb.setQuirks({ tooManyRequests: { count: 10, retryAfter: 1 } });
    expect((await failure(connector().fetch(DAY))).code).toBe('feeds.rate_limited');
  });

  it('5xx: retried 3 times with growing waits, then one sentence', async () => {
    sb.setQuirks({ serverErrors: { count: 2, status: 503 } });
    const ok = await connector().fetch(DAY);
    expect(ok.fetched).toBe(pixInWindow().length);
    expect(waits).toEqual([1000, 2000]);
    sb.setQuirks({ serverErrors: { count: 9, status: 500 } });
    const e = await failure(connector().fetch(DAY));
    expect(e.code).toBe('feeds.bank_unavailable');
  });

  it('clock skew: a bank refusing a future fim is asked again a little earlier', async () => {
    sb.setQuirks({ refuseFutureFim: true });
    const ahead = new Date(NOW.getTime() + 2 * 60_000);
    const c = connector({ now: () => ahead });
    const r = await c.fetch({ from: DAY.from, to: ahead });
    c.close();
    expect(r.fetched).toBe(pixInWindow().length);
  });

  it('a client certificate from another CA, an expired one: refused by the bank, one sentence', async () => {
    expect((await failure(connector({ client: sb.pki.otherCaClient }).fetch(DAY))).code).toBe(
      'feeds.certificate_refused',
    );
    expect((await failure(connector({ client: sb.pki.expiredClient }).fetch(DAY))).code).toBe(
      'feeds.certificate_refused',
    );
  });

  it('TLS 1.2: the refusal is an alert during the handshake; same sentence', async () => {
    const tls12 = await startPixSandbox({ data, now: () => NOW, maxTlsVersion: 'TLSv1.2' });
    try {
      for (const client of [tls12.pki.otherCaClient, tls12.pki.expiredClient]) {
        const e = await failure(
          connector({
            client,
            tokenUrl: tls12.tokenUrl,
            baseUrl: tls12.baseUrl,
            clientSecret: tls12.clientSecret,
            ca: tls12.pki.ca.cert,
          }).fetch(DAY),
        );
        expect(e.code).toBe('feeds.certificate_refused');
      }
    } finally {
      await tls12.close();
    }
  });

  it('the server is not the bank (untrusted CA): refused before anything is sent', async () => {
    const c = sb.pki.client;
    const mark = sb.journal.length;
    const e = await failure(
      connector({ ca: null, certificate: { kind: 'pem', cert: c.cert, key: c.key, password: '' } }).fetch(
        DAY,
      ),
    );
    expect(e.code).toBe('feeds.server_untrusted');
    expect(sb.journal.length).toBe(mark);
  });

  it('before storing: expired certificate, wrong password, PEM pair — each one Portuguese sentence', () => {
    const expired = sb.pki.expiredClient;
    const e1 = (() => {
      try {
        inspectCertificate(
          materialFromFiles({ kind: 'pfx', pfx: expired.pfx, password: expired.password }),
          NOW,
        );
      } catch (e) {
        return e as { code: string; params: Record<string, string> };
      }
      throw new Error('accepted');
    })();
    expect(e1.code).toBe('feeds.certificate_expired');
    const e2 = (() => {
      try {
        inspectCertificate(
          materialFromFiles({ kind: 'pfx', pfx: sb.pki.client.pfx, password: 'senha-errada' }),
          NOW,
        );
      } catch (e) {
        return e as { code: string };
      }
      throw new Error('accepted');
    })();
    expect(e2.code).toBe('feeds.certificate_password');
    const info = inspectCertificate(
      materialFromFiles({
        kind: 'pem',
        cert: Buffer.from(sb.pki.client.cert),
        key: Buffer.from(sb.pki.client.key),
        password: '',
      }),
      NOW,
    );
    expect(info.subject).toContain('ACADEMIA QUITAFIT');
    const mismatch = (() => {
      try {
        inspectCertificate(
          materialFromFiles({
            kind: 'pem',
            cert: Buffer.from(sb.pki.client.cert),
            key: Buffer.from(sb.pki.otherCaClient.key),
            password: '',
          }),
          NOW,
        );
      } catch (e) {
        return e as { code: string };
      }
      throw new Error('accepted');
    })();
    expect(mismatch.code).toBe('feeds.certificate_key_mismatch');
    // What the clerk reads: one Portuguese sentence that names what to do.
    const pt = feedsPtBR.errors;
    for (const code of [
      'certificate_expired',
      'certificate_password',
      'certificate_refused',
      'certificate_key_mismatch',
    ] as const) {
      const text = pt[code].replace('{{validTo}}', '14/06/2026');
      expect(text.split(/[.!?](\s|$)/).filter((s) => s && s.trim()).length).toBe(1);
      expect(text).toMatch(/peça|digite|escolha|confira|verifique|adicione|use/i);
    }
  });
});

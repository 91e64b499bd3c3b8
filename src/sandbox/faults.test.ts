import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './index';
import { basic, client, startTestSandbox, type ApiReceivable } from './testing';

const MARK = '/api/v1/receivables/mark-received';

describe('fault injection', () => {
  let sb: RunningSandbox | undefined;
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
  });

  it('adds latency', async () => {
    sb = await startTestSandbox({ members: 5, faults: { latencyMs: 150 } });
    const t = performance.now();
    expect((await client(sb).get('/api/v1/bank-accounts')).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
  });

  it('slows only mark-received with markReceivedLatencyMs, drawing nothing extra', async () => {
    sb = await startTestSandbox({ members: 20, faults: { markReceivedLatencyMs: 200 } });
    const c = client(sb);
    const [first, second] = sb.data.receivables.filter((r) => r.status === 4);
    const t = performance.now();
    expect(
      (await c.send('PUT', MARK, { idsReceivables: [first!.idReceivable], idBankAccount: 1 })).status,
    ).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(190);
    // Same seed, same request order: the same faults whether or not the latency is set.
    const outcomes = async (markReceivedLatencyMs: number) => {
      sb!.setFaults({ errorRate: 0.5, seed: 3, markReceivedLatencyMs });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) {
        // Interleaved PUTs (400 unless a 500 is injected) must not shift the GETs' faults.
        out.push((await c.get('/api/v1/bank-accounts')).status);
        out.push((await c.send('PUT', MARK, { idsReceivables: [] })).status);
      }
      return out;
    };
    const without = await outcomes(0);
    expect(without).toContain(500);
    expect(await outcomes(5)).toEqual(without);
    // Other endpoints are not slowed: with mark-received held for ten minutes, a GET is answered
    // (were it delayed too, the test would time out: nothing here depends on the machine's speed).
    sb.setFaults({ markReceivedLatencyMs: 600_000 });
    const held = c.send('PUT', MARK, { idsReceivables: [second!.idReceivable], idBankAccount: 1 }).then(
      () => 'answered',
      () => 'dropped',
    );
    let heldSettled = false;
    void held.then(() => (heldSettled = true));
    expect((await c.get('/api/v1/bank-accounts')).status).toBe(200);
    expect(heldSettled).toBe(false);
    // close() does not wait for the ten-minute delay: the held PUT's connection is dropped.
    await sb.close();
    sb = undefined;
    expect(await held).toBe('dropped');
  });

  it('answers 500, sometimes with an empty body, and is deterministic for a seed', async () => {
    const run = async () => {
      const s = await startTestSandbox({ members: 5, faults: { errorRate: 0.5, seed: 11 } });
      const out: string[] = [];
      for (let i = 0; i < 16; i++) {
        const res = await client(s).get('/api/v1/bank-accounts');
        out.push(`${res.status}:${(await res.text()).length > 0 ? 'body' : 'empty'}`);
      }
      await s.close();
      return out;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toContain('200:body');
    expect(first).toContain('500:empty');
    expect(first).toContain('500:body');
  });

  it('injects 429 with Retry-After', async () => {
    sb = await startTestSandbox({ members: 5, faults: { rateLimitRate: 1 } });
    const res = await client(sb).get('/api/v1/receivables');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
  });

  it('holds a request without answering until the client gives up, and close() does not wait for it', async () => {
    sb = await startTestSandbox({ members: 5, faults: { timeoutRate: 1 } });
    const c = client(sb);
    const aborted = fetch(`${sb.url}/api/v1/bank-accounts`, {
      headers: { authorization: basic(sb.username, sb.branchKey) },
      signal: AbortSignal.timeout(300),
    });
    await expect(aborted).rejects.toThrow(/abort|timeout/i);
    const hanging = c.get('/api/v1/receivables').then(
      () => 'answered',
      () => 'dropped',
    );
    await new Promise((r) => setTimeout(r, 50));
    // The held request never gets an answer: were close() to wait for it, this would never resolve and
    // the test would time out.
    await sb.close();
    sb = undefined;
    expect(await hanging).toBe('dropped');
  });

  it('resets the connection after mark-received applied the change', async () => {
    sb = await startTestSandbox({ members: 20, faults: { resetAfterApplyRate: 1 } });
    const c = client(sb);
    // Other endpoints are not affected by this fault.
    expect((await c.get('/api/v1/bank-accounts')).status).toBe(200);
    const id = sb.data.receivables.find((r) => r.status === 4)!.idReceivable;
    await expect(c.send('PUT', MARK, { idsReceivables: [id], idBankAccount: 1 })).rejects.toThrow();
    const [r] = await c.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${id}`);
    expect(r!.status.id).toBe(2);
    // A rejected request is not applied, so nothing to reset: the 400 arrives normally.
    const bad = await c.send('PUT', MARK, { idsReceivables: [id], idBankAccount: 1 });
    expect(bad.status).toBe(400);
  });

  it('changes at runtime through setFaults() and the admin-only control route', async () => {
    sb = await startTestSandbox({ members: 5 });
    const c = client(sb);
    sb.setFaults({ errorRate: 1 });
    expect((await c.get('/api/v1/bank-accounts')).status).toBe(500);
    sb.setFaults({});
    expect((await c.get('/api/v1/bank-accounts')).status).toBe(200);
    expect(() => sb!.setFaults({ errorRate: 2 })).toThrow(/invalid fault/);

    const admin = client(sb, 'admin');
    expect((await c.send('PUT', '/__sandbox/faults', { errorRate: 1 }, 'application/json')).status).toBe(403);
    const anon = await fetch(`${sb.url}/__sandbox/faults`, { method: 'PUT', body: '{}' });
    expect(anon.status).toBe(401);
    const bad = await admin.send('PUT', '/__sandbox/faults', { errorRate: 'high' }, 'application/json');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { mensagens: string[] }).mensagens[0]).toMatch(/^errorRate:/);
    const unknown = await admin.send('PUT', '/__sandbox/faults', { explode: true }, 'application/json');
    expect(unknown.status).toBe(400);
    const ok = await admin.send('PUT', '/__sandbox/faults', { rateLimitRate: 1 }, 'application/json');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ rateLimitRate: 1 });
    expect((await c.get('/api/v1/bank-accounts')).status).toBe(429);
    // The control route itself is never faulted, so faults can always be switched off.
    expect((await admin.send('PUT', '/__sandbox/faults', {}, 'application/json')).status).toBe(200);
    expect((await c.get('/api/v1/bank-accounts')).status).toBe(200);
    expect((await admin.get('/__sandbox/nothing')).status).toBe(404);
  });
});

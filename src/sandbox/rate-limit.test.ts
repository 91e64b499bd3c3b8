import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';
import { client, startTestSandbox } from './testing';

describe('rate limiter (sliding windows)', () => {
  it('allows perSecond in any 1,000 ms and perMinute in any 60,000 ms, not counting rejections', () => {
    let now = 0;
    const limiter = createRateLimiter({ perSecond: 2, perMinute: 5 }, () => now);
    expect(limiter.check('a').ok).toBe(true);
    now = 500;
    expect(limiter.check('a').ok).toBe(true);
    now = 600;
    expect(limiter.check('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.check('b').ok).toBe(true); // per client IP
    now = 1001; // the request at t=0 left the window
    expect(limiter.check('a').ok).toBe(true);
    now = 2000;
    expect(limiter.check('a').ok).toBe(true);
    now = 2600;
    expect(limiter.check('a').ok).toBe(true);
    now = 3000;
    const denied = limiter.check('a');
    expect(denied).toEqual({ ok: false, retryAfterSeconds: 57 }); // 5 in the minute; the first expires at 60 s
    now = 60_001;
    expect(limiter.check('a').ok).toBe(true);
  });
});

describe('rate limit over HTTP', () => {
  it('is on by default: the sixth request in a second gets 429 with Retry-After and a JSON body', async () => {
    const sb = await startTestSandbox({ members: 5, rateLimit: undefined });
    try {
      const c = client(sb);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await c.get('/api/v1/bank-accounts')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const res = await c.get('/api/v1/bank-accounts');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await res.json()) as { status: number; mensagens: string[] };
      expect(body.status).toBe(429);
      expect(body.mensagens[0]).toMatch(/Limite de requisições/);
    } finally {
      await sb.close();
    }
  });

  it('enforces a configured per-minute limit with a long Retry-After; control routes are exempt', async () => {
    const sb = await startTestSandbox({ members: 5, rateLimit: { perSecond: 100, perMinute: 3 } });
    try {
      const c = client(sb);
      for (let i = 0; i < 3; i++) expect((await c.get('/api/v2/states')).status).toBe(200);
      const res = await c.get('/api/v2/states');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(55);
      expect((await client(sb, 'admin').get('/__sandbox/faults')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});

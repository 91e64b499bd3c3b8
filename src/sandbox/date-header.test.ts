import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from './clock';
import { saoPauloToday } from './dates';
import type { RunningSandbox } from './index';
import { basic, client, startTestSandbox } from './testing';

const PAST = '2024-03-10';

/** Raw header lines of one GET (fetch would merge a duplicated header into one value). */
function rawHeaders(url: string, headers: Record<string, string> = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      resolve(res.rawHeaders);
    })
      .on('error', reject)
      .end();
  });
}

describe('Date header from the sandbox clock', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ members: 5, today: PAST });
  });
  afterAll(() => sb.close());

  it("answers a Date whose Brasília date is the sandbox's today, on every kind of answer", async () => {
    const c = client(sb);
    const answers = [
      await c.get('/api/v1/bank-accounts'),
      await c.get('/api/v1/receivables?idReceivable=1,2'), // 400 problem
      await fetch(`${sb.url}/api/v1/bank-accounts`), // 401
      await c.get('/api/v1/nothing'), // 404
    ];
    sb.setFaults({ rateLimitRate: 1 });
    answers.push(await c.get('/api/v1/bank-accounts')); // 429
    sb.setFaults({});
    expect(answers.map((r) => r.status)).toEqual([200, 400, 401, 404, 429]);
    for (const res of answers) {
      const date = res.headers.get('date')!;
      expect(date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(saoPauloToday(new Date(date))).toBe(PAST);
    }
    const control = await client(sb, 'admin').get('/__sandbox/faults');
    expect(saoPauloToday(new Date(control.headers.get('date')!))).toBe(PAST);
  });

  it("sends exactly one Date header (not Node's own as well)", async () => {
    const lines = await rawHeaders(`${sb.url}/api/v1/bank-accounts`, {
      authorization: basic(sb.username, sb.branchKey),
    });
    expect(lines.filter((_, i) => i % 2 === 0 && lines[i]!.toLowerCase() === 'date')).toHaveLength(1);
  });

  it('keeps the time of day and shifts by whole days', () => {
    const real = new Date('2026-07-15T13:45:10Z');
    const clock = createClock(PAST, () => real);
    expect(clock.now().toISOString()).toBe('2024-03-10T13:45:10.000Z');
    expect(clock.today()).toBe(PAST);
    expect(createClock(saoPauloToday(real), () => real).now()).toEqual(real);
  });
});

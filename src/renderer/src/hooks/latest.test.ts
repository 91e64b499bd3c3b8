import { describe, expect, it } from 'vitest';
import { latestGate } from './latest';

const after = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));
const failAfter = (ms: number, message: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));

describe('latestGate: a stale response never wins', () => {
  it('the first request answers last (delayed): only the second one’s answer is applied', async () => {
    const gate = latestGate();
    const shown: string[] = [];
    const apply = async (p: Promise<{ current: boolean; value?: string }>) => {
      const r = await p;
      if (r.current && r.value !== undefined) shown.push(r.value);
    };
    const first = apply(gate.run(() => after(60, 'preview of the old mapping')));
    const second = apply(gate.run(() => after(5, 'preview of the new mapping')));
    await Promise.all([first, second]);
    expect(shown).toEqual(['preview of the new mapping']);
  });

  it('a stale request’s failure is dropped; the current one’s failure is thrown', async () => {
    const gate = latestGate();
    const stale = gate.run(() => failAfter(30, 'old request failed'));
    const current = gate.run(() => failAfter(5, 'new request failed'));
    await expect(current).rejects.toThrow('new request failed');
    await expect(stale).resolves.toEqual({ current: false });
  });

  it('tells the task when it went stale (no follow-up request), and cancel makes everything stale', async () => {
    const gate = latestGate();
    let followUps = 0;
    const first = gate.run(async (isCurrent) => {
      await after(20, null);
      if (isCurrent()) followUps++;
      return 'first';
    });
    const second = gate.run(async () => 'second');
    expect(await second).toEqual({ current: true, value: 'second' });
    expect(await first).toEqual({ current: false });
    expect(followUps).toBe(0);
    const third = gate.run(() => after(5, 'third'));
    gate.cancel();
    expect(await third).toEqual({ current: false });
  });
});

import { describe, expect, it } from 'vitest';
import type { CoreContext } from '../context';
import type { DemoPix } from '../demo/demo-controller';
import { DEMO_PROFILE_ID } from '../demo/demo.handlers';
import { memoryLogger } from '../log';
import { BANK_PRESETS } from './bank-presets';
import { DEMO_PRESET, presets } from './feeds.handlers';

/** Real banks' presets (docs/feeds.md, "Presets"): well-formed, sourced, on every branch; the sandbox's only on demo. */
const fakeDemo = {
  sandbox: {
    tokenUrl: 'https://127.0.0.1:4444/oauth/token',
    baseUrl: 'https://127.0.0.1:4444/api/v2',
    clientId: 'quita-demo',
    clientSecret: 'segredo',
    bankAccountId: 7,
  },
  certificatePath: '/tmp/certificado-demo.pfx',
  certificatePassword: 'senha',
} as unknown as DemoPix;

function ctxWith(ensurePix: () => Promise<DemoPix>) {
  let started = 0;
  const ctx = {
    demo: {
      ensurePix: () => {
        started++;
        return ensurePix();
      },
    },
    log: memoryLogger(),
  } as unknown as Pick<CoreContext, 'demo' | 'log'>;
  return { ctx, started: () => started };
}

describe('bank presets', () => {
  it('each has an https token URL and API address without /pix at the end, a source and a unique short id', () => {
    expect(BANK_PRESETS.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const p of BANK_PRESETS) {
      for (const url of [p.tokenUrl, p.baseUrl]) {
        const u = new URL(url);
        expect(u.protocol, url).toBe('https:');
        expect(u.search, url).toBe('');
      }
      expect(p.baseUrl, p.id).not.toMatch(/\/pix\/*$/i);
      expect(p.baseUrl, p.id).not.toMatch(/\/$/);
      expect(p.source.trim(), p.id).not.toBe('');
      expect(p.name.trim(), p.id).not.toBe('');
      expect(p.id.length, p.id).toBeLessThanOrEqual(40);
      expect(p.id).not.toBe(DEMO_PRESET);
      ids.add(p.id);
    }
    expect(ids.size).toBe(BANK_PRESETS.length);
  });

  it('a real branch gets the banks, not the sandbox, and the demo is not started for it', async () => {
    const { ctx, started } = ctxWith(() => Promise.resolve(fakeDemo));
    const list = await presets(ctx, 'p-centro');
    expect(list.map((p) => p.id)).toEqual(BANK_PRESETS.map((p) => p.id));
    expect(list.every((p) => p.source && p.demoCertificate === null && p.bankAccountId === null)).toBe(true);
    expect(started()).toBe(0);
  });

  it('the demonstration branch gets the sandbox first, then the banks', async () => {
    const { ctx } = ctxWith(() => Promise.resolve(fakeDemo));
    const list = await presets(ctx, DEMO_PROFILE_ID);
    expect(list.map((p) => p.id)).toEqual([DEMO_PRESET, ...BANK_PRESETS.map((p) => p.id)]);
    expect(list[0]).toMatchObject({ baseUrl: fakeDemo.sandbox.baseUrl, bankAccountId: 7, source: null });
    expect(list[0]!.demoCertificate).not.toBeNull();
  });

  it('when the sandbox does not start, the demonstration branch still gets the banks', async () => {
    const { ctx } = ctxWith(() => Promise.reject(new Error('no port')));
    const list = await presets(ctx, DEMO_PROFILE_ID);
    expect(list.map((p) => p.id)).toEqual(BANK_PRESETS.map((p) => p.id));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, type ApiReceivable } from '../testing';

const PATH = '/api/v1/receivables/mark-received';

describe('holding a mark-received open (test control)', () => {
  let sb: RunningSandbox | undefined;
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
  });
  const start = async () => {
    sb = await startTestSandbox({ members: 40 });
    const c = client(sb);
    const open = sb.data.receivables.filter((r) => r.status === 1).map((r) => r.idReceivable);
    const status = async (id: number) =>
      (await c.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${id}`))[0]!.status.id;
    const put = (ids: number[], signal?: AbortSignal) =>
      fetch(`${sb!.url}${PATH}`, {
        method: 'PUT',
        headers: {
          authorization: `Basic ${Buffer.from(`${sb!.username}:${sb!.branchKey}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ idsReceivables: ids, idBankAccount: 1 }),
        ...(signal ? { signal } : {}),
      });
    return { sb, open, status, put };
  };

  it('says when the request arrived, applies nothing until released, then answers', async () => {
    const { sb, open, status, put } = await start();
    const held = sb.holdMarkReceived();
    const answer = put([open[0]!, open[1]!]);
    expect(await held.arrived).toEqual({ ids: [open[0], open[1]], idBankAccount: 1 });
    expect(await status(open[0]!)).toBe(1);
    expect(await held.release()).toBe('applied');
    expect((await answer).status).toBe(200);
    expect(await status(open[0]!)).toBe(2);
    expect(sb.markReceivedJournal).toEqual([
      { ids: [open[0], open[1]], idBankAccount: 1, outcome: 'applied' },
    ]);
  });

  it('applies a released request whose client is gone (the server was only slow)', async () => {
    const { sb, open, status, put } = await start();
    const held = sb.holdMarkReceived();
    const abort = new AbortController();
    const answer = put([open[2]!], abort.signal).catch((e: unknown) => e);
    await held.arrived;
    abort.abort();
    await held.clientGone;
    expect(await answer).toBeInstanceOf(Error);
    expect(await held.release()).toBe('applied');
    expect(await status(open[2]!)).toBe(2);
  });

  it('drops a request: no answer (the connection is destroyed), nothing applied', async () => {
    const { sb, open, status, put } = await start();
    const held = sb.holdMarkReceived();
    const answer = put([open[3]!]).catch((e: unknown) => e);
    await held.arrived;
    expect(await held.drop()).toBe('dropped');
    expect(await answer).toBeInstanceOf(Error);
    expect(await status(open[3]!)).toBe(1);
    expect(sb.markReceivedJournal).toEqual([{ ids: [open[3]], idBankAccount: 1, outcome: 'dropped' }]);
  });

  it('applyFirst: applied on arrival, only the answer is held; skip lets requests through first', async () => {
    const { sb, open, status, put } = await start();
    const held = sb.holdMarkReceived({ skip: 1, applyFirst: true });
    expect((await put([open[4]!])).status).toBe(200);
    const answer = put([open[5]!]).catch((e: unknown) => e);
    expect((await held.arrived).ids).toEqual([open[5]]);
    expect(await status(open[5]!)).toBe(2);
    expect(await held.drop()).toBe('applied');
    expect(await answer).toBeInstanceOf(Error);
    expect(sb.markReceivedJournal.map((r) => r.outcome)).toEqual(['applied', 'applied']);
  });

  it('a second request for ids already applied is refused and journaled as such', async () => {
    const { sb, open, put } = await start();
    expect((await put([open[6]!])).status).toBe(200);
    expect((await put([open[6]!])).status).toBe(400);
    expect(sb.markReceivedJournal.map((r) => r.outcome)).toEqual(['applied', 'refused']);
  });

  it('closing the sandbox drops what is held', async () => {
    const { sb: running, open, put } = await start();
    const held = running.holdMarkReceived();
    const answer = put([open[7]!]).catch((e: unknown) => e);
    await held.arrived;
    sb = undefined;
    await running.close();
    expect(await answer).toBeInstanceOf(Error);
    expect(running.markReceivedJournal.map((r) => r.outcome)).toEqual(['dropped']);
  });
});

import { describe, expect, it } from 'vitest';
import type { EventName } from '../shared/contract';
import { backgroundJob, backgroundRegistry } from './background';
import { AppError } from './errors';
import { memoryLogger } from './log';

/** A job reporting into memory: the log's lines and the events the screens would get. */
function reported() {
  const log = memoryLogger();
  const events: { name: EventName; payload: unknown }[] = [];
  return {
    log,
    events,
    report: {
      what: 'the sender',
      jobId: (id: string) => `send-${id}`,
      events: { emit: (name: EventName, payload: unknown) => void events.push({ name, payload }) },
      log,
    },
  };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a failed background job leaves a trace', () => {
  it('started without a waiter: the log has the details, job.finished carries the clerk’s sentence', async () => {
    const r = reported();
    const job = backgroundJob(async () => {
      throw new AppError('offline', 'The API did not answer; check the internet connection.', {
        code: 'api.offline',
      });
    }, r.report);
    job.start('p-1');
    await settle();
    expect(r.log.lines[0]).toMatch(/^ERROR the sender of profile p-1 failed\n {4}AppError/);
    expect(r.events).toEqual([
      {
        name: 'job.finished',
        payload: {
          jobId: 'send-p-1',
          ok: false,
          message: 'The API did not answer; check the internet connection.',
          error: expect.objectContaining({ kind: 'offline', code: 'api.offline' }) as unknown,
        },
      },
    ]);
  });

  it('a bug (not an AppError) reaches the screen as a pointer to the log, and a waiter still gets the rejection', async () => {
    const r = reported();
    const job = backgroundJob(async (): Promise<{ retryAt: null }> => {
      throw new TypeError('x is undefined');
    }, r.report);
    await expect(job.kick('p-2')).rejects.toThrow('x is undefined');
    expect(r.log.lines).toHaveLength(1);
    expect(r.log.lines[0]).toContain('TypeError: x is undefined');
    expect(r.events[0]!.payload).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: expect.stringContaining('written to the log') as unknown },
    });
  });

  it('a run that succeeds reports nothing, and a second start joins the run in progress', async () => {
    const r = reported();
    let runs = 0;
    const job = backgroundJob(async () => {
      runs++;
      await settle();
      return { retryAt: null };
    }, r.report);
    job.start('p-3');
    job.start('p-3');
    await settle();
    await settle();
    expect(runs).toBe(1);
    expect(r.log.lines).toEqual([]);
    expect(r.events).toEqual([]);
  });
});

describe('stopping at exit', () => {
  const reporting = {
    what: 'the test job',
    jobId: (p: string) => `test-${p}`,
    events: { emit: () => undefined },
    log: { error: () => undefined },
  };

  it('waits for the run in progress before the databases close', async () => {
    let finish!: () => void;
    const steps: string[] = [];
    const job = backgroundJob(
      () =>
        new Promise<{ retryAt: null }>((ok) => {
          finish = () => {
            steps.push('run ended');
            ok({ retryAt: null });
          };
        }),
      reporting,
    );
    const registry = backgroundRegistry();
    registry.add(
      () => job.stop(),
      () => undefined,
    );
    job.start('p-1');
    const stopped = registry.stopAll().then(() => steps.push('stopped'));
    await Promise.resolve();
    expect(steps).toEqual([]);
    finish();
    await stopped;
    expect(steps).toEqual(['run ended', 'stopped']);
  });

  it('does not wait for ever for a run that does not end', async () => {
    const job = backgroundJob(() => new Promise<{ retryAt: null }>(() => undefined), reporting);
    const registry = backgroundRegistry();
    registry.add(
      () => job.stop(),
      () => undefined,
    );
    job.start('p-1');
    await expect(registry.stopAll(20)).resolves.toBeUndefined();
  });
});

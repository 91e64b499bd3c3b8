import { describe, expect, it } from 'vitest';
import type { CycleRecord } from '../shared/contract/cycle';
import { createDesktopShell, cycleNotice, type Notice } from './desktop-shell';

const cycle = (over: Partial<NonNullable<CycleRecord['summary']>> = {}, patch: Partial<CycleRecord> = {}) =>
  ({
    id: 1,
    trigger: 'schedule',
    state: 'done',
    // 11:30 UTC = 8:30 in Brasília.
    startedAt: '2026-03-10T11:30:00.000Z',
    finishedAt: '2026-03-10T11:30:09.000Z',
    steps: [],
    summary: {
      feeds: [],
      filesImported: 0,
      filesRefused: 0,
      filesWaiting: 0,
      statementsMatched: 1,
      policyVersion: 1,
      approvedByPolicy: 0,
      sent: 0,
      confirmed: 0,
      toDecide: 0,
      ...over,
    },
    ...patch,
  }) satisfies CycleRecord;

describe('the notification of a finished cycle', () => {
  it('says, in Portuguese, what needs a person, at the cycle’s Brasília time', () => {
    const { notice } = cycleNotice(cycle({ toDecide: 4, filesWaiting: 1, filesRefused: 2 }), null, 'pt-BR');
    expect(notice).toEqual({
      title: 'Quita: algo precisa de você',
      body: 'Ciclo das 8:30: 4 lançamentos para você decidir, 1 arquivo aguardando você, 2 arquivos recusados.',
    });
  });

  it('is silent when nothing needs a person, and when nothing new does since the last one', () => {
    expect(cycleNotice(cycle(), null, 'pt-BR').notice).toBeNull();
    const first = cycleNotice(cycle({ toDecide: 4 }), null, 'pt-BR');
    expect(first.notice).not.toBeNull();
    // The same 4 lines half an hour later: said already.
    const again = cycleNotice(cycle({ toDecide: 4 }), first.memory, 'pt-BR');
    expect(again.notice).toBeNull();
    // One more: said again, with the whole count.
    const more = cycleNotice(cycle({ toDecide: 5 }), again.memory, 'pt-BR');
    expect(more.notice?.body).toBe('Ciclo das 8:30: 5 lançamentos para você decidir.');
    // Fewer (the clerk decided some), then back up to the earlier count: news again.
    const fewer = cycleNotice(cycle({ toDecide: 1 }), more.memory, 'pt-BR');
    expect(fewer.notice).toBeNull();
    expect(cycleNotice(cycle({ toDecide: 2 }), fewer.memory, 'pt-BR').notice?.body).toContain(
      '2 lançamentos',
    );
  });

  it('names a failed step in words, once while it keeps failing, never a code', () => {
    const failed = cycle(
      {},
      {
        state: 'failed',
        steps: [
          {
            step: 'feeds',
            state: 'failed',
            ms: 10,
            error: { kind: 'auth', code: 'feeds.certificate_expired', message: 'The certificate expired' },
          },
          {
            step: 'sync',
            state: 'failed',
            ms: 10,
            error: { kind: 'offline', code: 'sync.unreachable', message: 'unreachable' },
          },
        ],
      },
    );
    const first = cycleNotice(failed, null, 'pt-BR');
    expect(first.notice?.body).toBe(
      'Ciclo das 8:30: não foi possível ler os Pix no banco e sincronizar (o motivo está no Início).',
    );
    expect(first.notice?.body).not.toMatch(/feeds|certificate|\{/);
    expect(cycleNotice(failed, first.memory, 'pt-BR').notice).toBeNull();
  });

  it('says the outcome of a cycle started from the tray even when nothing needs a person', () => {
    expect(cycleNotice(cycle(), null, 'pt-BR', { always: true }).notice).toEqual({
      title: 'Quita: ciclo concluído',
      body: 'Ciclo das 8:30: nada precisa de você.',
    });
  });

  it('speaks English to an English clerk, singular where one', () => {
    expect(cycleNotice(cycle({ toDecide: 1 }), null, 'en').notice).toEqual({
      title: 'Quita: something needs you',
      body: 'Cycle at 8:30 AM: 1 line for you to decide.',
    });
  });
});

function fakeShell(opts: { scheduleOn?: boolean; scheduleFails?: boolean; history?: CycleRecord[] } = {}) {
  const calls: string[] = [];
  const notices: Notice[] = [];
  const shell = createDesktopShell({
    dispatch: async (name) => {
      calls.push(name);
      if (name === 'cycle.schedule')
        return opts.scheduleFails
          ? { ok: false, error: { kind: 'not_found', code: 'profile.none', message: 'no branch' } }
          : { ok: true, value: { schedule: { enabled: opts.scheduleOn ?? true }, nextRunAt: null } };
      if (name === 'cycle.history') return { ok: true, value: { cycles: opts.history ?? [] } };
      if (name === 'cycle.run') return { ok: true, value: { busy: false, cycle: null } };
      return { ok: false, error: { kind: 'internal', message: name } };
    },
    locale: () => 'pt-BR',
    notify: (n) => notices.push(n),
    showWindow: () => calls.push('show'),
    hideWindow: () => calls.push('hide'),
    quit: () => calls.push('quit'),
    log: () => {},
  });
  return { shell, calls, notices };
}

describe('the desktop shell', () => {
  it('offers the tray menu in Portuguese', () => {
    const { shell, calls } = fakeShell();
    const menu = shell.menu();
    expect(menu.map((e) => e.label)).toEqual(['Abrir o Quita', 'Rodar o ciclo agora', 'Sair']);
    menu[0]!.run();
    expect(calls).toEqual(['show']);
  });

  it('closes the window into the tray while the schedule is on, and says so once', async () => {
    const { shell, calls, notices } = fakeShell({ scheduleOn: true });
    expect(shell.closeRequested()).toBe(true);
    await shell.idle();
    expect(shell.closeRequested()).toBe(true);
    await shell.idle();
    expect(calls.filter((c) => c === 'hide')).toHaveLength(2);
    expect(calls).not.toContain('quit');
    expect(notices).toEqual([
      {
        title: 'O Quita continua aberto na bandeja',
        body: 'A agenda segue rodando os ciclos com a janela fechada. Para fechar o Quita de vez, use “Sair” no ícone da bandeja.',
      },
    ]);
  });

  it('quits on close when the schedule is off or cannot be read, and lets the windows close then', async () => {
    for (const opts of [{ scheduleOn: false }, { scheduleFails: true }]) {
      const { shell, calls } = fakeShell(opts);
      expect(shell.closeRequested()).toBe(true);
      await shell.idle();
      expect(calls).toContain('quit');
      expect(calls).not.toContain('hide');
      expect(shell.closeRequested()).toBe(false);
    }
  });

  it('lets Sair close everything', () => {
    const { shell, calls } = fakeShell();
    shell.menu()[2]!.run();
    expect(calls).toEqual(['quit']);
    expect(shell.closeRequested()).toBe(false);
  });

  it('notifies when a cycle’s job finishes with something for a person, and only for the cycle’s job', async () => {
    const { shell, notices } = fakeShell({ history: [cycle({ toDecide: 3 })] });
    shell.onEvent('job.finished', { jobId: 'sync-1', ok: true });
    shell.onEvent('job.progress', { jobId: 'cycle-1', phase: 'x', done: 0, total: 6, etaMs: null });
    await shell.idle();
    expect(notices).toEqual([]);
    shell.onEvent('job.finished', { jobId: 'cycle-abc', ok: true });
    await shell.idle();
    expect(notices.map((n) => n.body)).toEqual(['Ciclo das 8:30: 3 lançamentos para você decidir.']);
  });

  it('says the outcome of a cycle run from the tray', async () => {
    const { shell, calls, notices } = fakeShell({ history: [cycle()] });
    shell.menu()[1]!.run();
    await shell.idle();
    expect(calls).toContain('cycle.run');
    // The core emits job.finished at the end of the cycle.
    shell.onEvent('job.finished', { jobId: 'cycle-abc', ok: true });
    await shell.idle();
    expect(notices.map((n) => n.body)).toEqual(['Ciclo das 8:30: nada precisa de você.']);
  });
});

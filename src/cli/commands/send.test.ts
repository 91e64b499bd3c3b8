import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/bootstrap';
import { createSay } from '../i18n';
import type { CliContext } from '../types';
import { approveCommand, sendCommand } from './send';

/** A core that answers each command with a canned output, as the dispatch would. */
function fakeCore(answers: Record<string, unknown>): Core {
  return {
    dispatch: async (name: string) =>
      name in answers
        ? { ok: true, value: answers[name] }
        : { ok: false, error: { kind: 'internal', message: `no ${name}` } },
  } as unknown as Core;
}

function ioOf(locale: 'pt-BR' | 'en' = 'pt-BR') {
  const err: string[] = [];
  const io: CliContext = { stdout: () => {}, stderr: (s) => err.push(s), env: {}, say: createSay(locale) };
  return { io, err };
}

const preview = {
  items: [],
  groups: [
    { bankAccountId: 2, accountName: 'Itaú - Conta Movimento', count: 13, totalCents: 139870 },
    { bankAccountId: 5, accountName: null, count: 1, totalCents: 9990 },
  ],
  count: 14,
  totalCents: 149860,
  today: '2026-11-27',
  earliestBankDate: '2026-10-30',
  previousMonths: { lineCount: 2, receivableCount: 2, totalCents: 19980, months: ['2026-10'] },
};
const summary = {
  sent: 2,
  confirmed: 1,
  needsReview: 0,
  waiting: 1,
  retryAt: '2026-11-27T11:30:00.000Z',
  busy: false,
  readBackRequests: 1,
};

describe('quita send, in words', () => {
  it('says what it sends (money as R$, the account by name), then the outcome, in pt-BR', async () => {
    const core = fakeCore({
      'send.preview': preview,
      'send.confirm': { batchIds: [7, 8], skipped: [], summary },
    });
    const { io, err } = ioOf();
    const out = await sendCommand.run({}, [], core, io);
    expect(err).toEqual([
      'Enviando 13 recebíveis, R$ 1.398,70, na conta Itaú - Conta Movimento…',
      'Enviando 1 recebível, R$ 99,90, na conta nº 5…',
      'Atenção: 2 lançamentos (R$ 199,80) são de outubro: no EVO ficarão como recebidos em novembro.',
    ]);
    expect(out.text).toBe(
      [
        '2 lotes postos na fila agora.',
        'Resultado: 2 lotes enviados, 1 confirmado no EVO, 0 a revisar, 1 aguardando.',
        'Para confirmar, o Quita consultou o EVO 1 vez.',
        'O resto aguarda (a API não respondeu); rode quita send de novo depois de 27/11/2026 08:30.',
      ].join('\n'),
    );
    // The JSON is the command's, as before.
    expect(out.json).toEqual({ queuedBatches: [7, 8], skipped: [], ...summary });

    const en = ioOf('en');
    const outEn = await sendCommand.run({}, [], core, en.io);
    expect(en.err[0]).toBe('Sending 13 receivables, R$1,398.70, into account Itaú - Conta Movimento…');
    expect(outEn.text.split('\n')[1]).toBe(
      'Outcome: 2 batches sent, 1 confirmed in EVO, 0 to review, 1 waiting.',
    );
  });

  it('nothing approved: says so; another Quita sending: says that', async () => {
    const none = {
      ...preview,
      groups: [],
      count: 0,
      totalCents: 0,
      previousMonths: { ...preview.previousMonths, lineCount: 0 },
    };
    const idle = { ...summary, sent: 0, confirmed: 0, waiting: 0, readBackRequests: 0 };
    const { io, err } = ioOf();
    const out = await sendCommand.run(
      {},
      [],
      fakeCore({ 'send.preview': none, 'send.confirm': { batchIds: [], skipped: [], summary: idle } }),
      io,
    );
    expect(err).toEqual([]);
    expect(out.text).toBe('Nada aprovado para enviar.');
    const busy = await sendCommand.run(
      {},
      [],
      fakeCore({
        'send.preview': preview,
        'send.confirm': { batchIds: [3], skipped: [], summary: { ...idle, busy: true, waiting: 1 } },
      }),
      ioOf().io,
    );
    expect(busy.text.split('\n')[0]).toMatch(
      /^Outro Quita \(o aplicativo ou outro quita send\) está enviando/,
    );
    expect(busy.text).not.toMatch(/rode quita send de novo/);
    await expect(sendCommand.run({ 'chunk-size': '0' }, [], fakeCore({}), ioOf().io)).rejects.toThrow(
      '--chunk-size aceita de 1 a 500',
    );
  });
});

describe('quita approve, in words', () => {
  it('names the lines it could not approve, and why, by line number', async () => {
    const lines = {
      statementId: 1,
      planId: 1,
      createdAt: null,
      total: 3,
      rows: [
        { lineId: 11, matchId: 101 },
        { lineId: 12, matchId: 102 },
        { lineId: 13, matchId: 103 },
      ],
    };
    const core = fakeCore({
      'import.statements': { statements: [{ id: 1 }] },
      'match.lines': lines,
      'review.approve': {
        changed: 1,
        skipped: [
          { matchId: 102, reason: 'already queued for sending' },
          { matchId: 103, reason: 'not possible from set_aside' },
        ],
      },
    });
    const out = await approveCommand.run({ line: ['11', '12', '13'] }, [], core, ioOf().io);
    expect(out.text).toBe(
      [
        '1 lançamento aprovado.',
        'Lançamento nº 12: já está na fila de envio, não muda mais.',
        'Lançamento nº 13: não pode ser aprovado, está “deixado de lado”.',
        'Próximo passo: quita send marca os aprovados como pagos no EVO.',
      ].join('\n'),
    );
    // A line with nothing to approve is a refusal in words (exit 1), not Quita's own fault.
    await expect(approveCommand.run({ line: ['99'] }, [], core, ioOf().io)).rejects.toMatchObject({
      name: 'AppError',
      message: 'O lançamento nº 99 não tem sugestão: rode quita match antes.',
    });
    await expect(approveCommand.run({ green: true, line: ['11'] }, [], core, ioOf().io)).rejects.toThrow(
      'use --green ou --line, não os dois',
    );
  });
});

import { isAppError } from '../../core';
import type { CommandOutput } from '../../shared/contract';
import { templateSchema } from '../../shared/contract/notify';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';
import { failure } from './words';
import { storedMessageText } from '../../shared/i18n/stored-message';

type Item = CommandOutput<'notify.send'>['items'][number];

/** The limit the contract's templateSchema keeps (core/notify/template.ts MAX_MESSAGE_LENGTH), for the sentence. */
const MAX_MESSAGE_LENGTH = 1000;

/** Why a debtor reminder is held (money from the member in flight), as Inadimplentes says it. */
function holdText(say: Say, q: Pick<Item, 'holdReason' | 'holdParams'>): string {
  if (!q.holdReason) return '';
  const p = q.holdParams ?? {};
  const str = (k: string) => (typeof p[k] === 'string' ? p[k] : '');
  const amount = typeof p.amountCents === 'number' ? p.amountCents : null;
  return say.t(`policy.hold.reason.${q.holdReason}`, {
    amount: amount === null ? '' : say.money(amount),
    date: say.date(str('date') || str('creditDate') || str('paymentDate') || null),
    nossoNumero: str('nossoNumero'),
    payer: str('payer'),
  });
}

/** The core's reasons a message cannot be written for a member (core/notify/template.ts), in the clerk's words. */
function problemText(say: Say, problem: string): string {
  const noData = /^no data for (.+) for this member/.exec(problem);
  if (noData) return say.t('cli.notify.problem.noData', { fields: noData[1] });
  if (problem === 'the message is empty') return say.t('cli.notify.problem.empty');
  const long = /^the message has (\d+) characters; the limit is (\d+)/.exec(problem);
  if (long) return say.t('cli.notify.problem.tooLong', { length: long[1], max: long[2] });
  return problem;
}

export const notifyCommand: Subcommand = {
  name: 'notify',
  options: {
    member: { type: 'string', multiple: true },
    message: { type: 'string' },
    again: { type: 'boolean', default: false },
  },
  async run(v, _p, core, { say }) {
    const members = (Array.isArray(v.member) ? v.member : []).map((m) => Number(m));
    if (members.length === 0 || members.some((m) => !Number.isInteger(m) || m <= 0))
      throw new UsageError(say.t('cli.notify.badMember'));
    if (typeof v.message !== 'string') throw new UsageError(say.t('cli.notify.noMessage'));
    // The core refuses these too (bad usage, exit 2); said here in the clerk's words.
    if (!templateSchema.safeParse(v.message).success) {
      const length = v.message.trim().length;
      throw new UsageError(
        length === 0
          ? say.t('cli.notify.emptyMessage')
          : say.t('cli.notify.longMessage', { length, max: MAX_MESSAGE_LENGTH }),
      );
    }
    const r = await runCommand(core, 'notify.send', {
      template: v.message,
      memberIds: members,
      wait: true,
      again: v.again === true,
    }).catch((e: unknown) => {
      // The screen asks at this point; here the answer is a flag.
      if (isAppError(e) && e.code === 'notify.recently_notified')
        throw failure(e.kind, `${say.error(e.toInfo())} ${say.t('cli.notify.again')}`);
      if (isAppError(e) && e.code === 'notify.unknown_placeholder')
        throw failure(
          e.kind,
          say.t('cli.notify.unknownPlaceholder', {
            placeholders: String(e.params?.placeholders ?? '')
              .split(', ')
              .map((p) => `{${p}}`)
              .join(', '),
          }),
        );
      throw e;
    });
    const member = (id: number, name: string | null) =>
      name ? `${say.t('notify.member', { id })}, ${name}` : say.t('notify.member', { id });
    const lines = r.items.map((i) => {
      const who = member(i.memberId, i.memberName);
      if (i.state === 'held')
        return say.t('cli.notify.lineDetail', {
          member: who,
          state: say.t('policy.hold.state'),
          detail: holdText(say, i),
        });
      const state = say.t(`notify.state.${i.state}`);
      const detail =
        i.state === 'sent'
          ? say.t('cli.notify.sentDetail', {
              id: say.t('notify.sentId', { id: i.notificationId ?? '?' }),
              when: say.dateTime(i.createdAt),
            })
          : i.lastError
            ? storedMessageText((k, p) => say.t(k, p), i.lastError)
            : '';
      return detail
        ? say.t('cli.notify.lineDetail', { member: who, state, detail })
        : say.t('cli.notify.line', { member: who, state });
    });
    for (const s of r.skipped)
      lines.push(
        say.t('cli.notify.lineDetail', {
          member: member(s.memberId, null),
          state: say.t('cli.notify.notSent'),
          detail: problemText(say, s.problem),
        }),
      );
    const failed = r.skipped.length + r.items.filter((i) => i.state !== 'sent').length;
    if (failed > 0 && r.items.every((i) => i.state !== 'sent')) {
      // Nothing went out: a failure for the exit code, with the first reason on stderr.
      const apiFailed = r.items.some((i) => i.state === 'failed' || i.state === 'unknown');
      throw failure(apiFailed ? 'external' : 'validation', lines[0] ?? say.t('cli.notify.nothingSent'));
    }
    return { json: r, text: lines.join('\n') };
  },
};

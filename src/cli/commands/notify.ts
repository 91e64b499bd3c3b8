import { isAppError } from '../../core';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

export const notifyCommand: Subcommand = {
  name: 'notify',
  options: {
    member: { type: 'string', multiple: true },
    message: { type: 'string' },
    again: { type: 'boolean', default: false },
  },
  async run(v, _p, core) {
    const members = (Array.isArray(v.member) ? v.member : []).map((m) => Number(m));
    if (members.length === 0 || members.some((m) => !Number.isInteger(m) || m <= 0))
      throw new UsageError('--member must be a member id (a whole number)');
    if (typeof v.message !== 'string') throw new UsageError('--message is required');
    const r = await runCommand(core, 'notify.send', {
      template: v.message,
      memberIds: members,
      wait: true,
      again: v.again === true,
    }).catch((e: unknown) => {
      // The screen asks at this point; here the answer is a flag.
      if (isAppError(e) && e.code === 'notify.recently_notified')
        throw new Error(`${e.message} To notify them again, add --again.`);
      throw e;
    });
    const lines = r.items.map((i) =>
      i.state === 'sent'
        ? `member ${i.memberId}: sent (notification ${i.notificationId ?? '?'}, ${i.createdAt})`
        : `member ${i.memberId}: ${i.state}${i.lastError ? ` — ${i.lastError}` : ''}`,
    );
    for (const s of r.skipped) lines.push(`member ${s.memberId}: not sent — ${s.problem}`);
    const failed = r.skipped.length + r.items.filter((i) => i.state !== 'sent').length;
    if (failed > 0 && r.items.every((i) => i.state !== 'sent')) {
      // Nothing went out: a failure for the exit code, with the first reason on stderr.
      throw new Error(lines[0] ?? 'nothing was sent');
    }
    return { json: r, text: lines.join('\n') };
  },
};

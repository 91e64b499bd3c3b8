import { auditVerification } from './audit-anchor.store';
import { withSubjectNamesIn } from './audit-subject';
import { auditLastAt, listAudit } from './audit.store';
import type { HandlerGroup } from '../handlers';

/** Auditoria: the log's entries and its verification, read through the branch's Store (both databases). */
export const auditHandlers: HandlerGroup<'audit.list' | 'audit.verify'> = (ctx) => ({
  'audit.list': async (q) =>
    ctx.store().read(async (tx) => {
      const { entries, total } = await listAudit(tx, q);
      return {
        entries: await withSubjectNamesIn(tx, entries, (id) => ctx.settings.profile(id)?.name),
        total,
      };
    }),
  'audit.verify': async () => {
    const profileId = ctx.activeProfileId();
    return ctx.store().read(async (tx) => ({
      ...(await auditVerification(tx, ctx.secrets, profileId)),
      lastAt: await auditLastAt(tx),
    }));
  },
});

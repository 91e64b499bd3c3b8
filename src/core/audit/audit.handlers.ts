import { anchorCheck } from './audit-anchor';
import { auditLastAt, queryAudit } from './audit.repo';
import { withSubjectNames } from './audit-subject';
import { verifyAudit } from './audit-verify';
import type { HandlerGroup } from '../handlers';

export const auditHandlers: HandlerGroup<'audit.list' | 'audit.verify'> = (ctx) => ({
  'audit.list': async (q) => {
    const db = ctx.db();
    const { entries, total } = queryAudit(db, q);
    return { entries: withSubjectNames(db, entries, (id) => ctx.settings.profile(id)?.name), total };
  },
  'audit.verify': async () => {
    const db = ctx.db();
    return {
      ...verifyAudit(db, anchorCheck(db, ctx.secrets, ctx.activeProfileId())),
      lastAt: auditLastAt(db),
    };
  },
});

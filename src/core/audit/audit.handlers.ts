import { anchorCheck } from './audit-anchor';
import { queryAudit } from './audit.repo';
import { verifyAudit } from './audit-verify';
import type { HandlerGroup } from '../handlers';

export const auditHandlers: HandlerGroup<'audit.list' | 'audit.verify'> = (ctx) => ({
  'audit.list': async (q) => queryAudit(ctx.db(), q),
  'audit.verify': async () => {
    const db = ctx.db();
    return verifyAudit(db, anchorCheck(db, ctx.secrets, ctx.activeProfileId()));
  },
});

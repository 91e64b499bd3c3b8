import { readAnchor } from './audit-anchor';
import { queryAudit, verifyAudit } from './audit.repo';
import type { HandlerGroup } from '../handlers';

export const auditHandlers: HandlerGroup<'audit.list' | 'audit.verify'> = (ctx) => ({
  'audit.list': async (q) => queryAudit(ctx.db(), q),
  'audit.verify': async () => verifyAudit(ctx.db(), readAnchor(ctx.secrets, ctx.activeProfileId())),
});

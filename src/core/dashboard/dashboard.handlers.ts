import { dashboardSummary } from './dashboard.service';
import type { HandlerGroup } from '../handlers';

export const dashboardHandlers: HandlerGroup<'dashboard.summary'> = (ctx) => ({
  'dashboard.summary': async () => dashboardSummary(ctx.store()),
});

import type { HandlerGroup } from '../handlers';
import { listMatchLines } from '../matching/matching.lines';
import { getMatchSettings, runMatching, updateMatchSettings } from '../matching/matching.service';

export const matchingHandlers: HandlerGroup<
  'match.run' | 'match.lines' | 'match.settings.get' | 'match.settings.update'
> = (ctx) => ({
  'match.run': async ({ statementId }) => {
    const summary = runMatching(ctx.db(), { statementId });
    const { green, yellow, red, unmatched, kept, planId } = summary;
    ctx.audit('match.suggested', `statement:${summary.statementId}`, {
      after: { planId, green, yellow, red, unmatched, kept },
    });
    return summary;
  },
  'match.lines': async (q) => listMatchLines(ctx.db(), q),
  'match.settings.get': async () => getMatchSettings(ctx.db()),
  'match.settings.update': async (patch) => {
    const before = getMatchSettings(ctx.db()).settings;
    const after = updateMatchSettings(ctx.db(), patch);
    ctx.audit('settings.changed', 'matching', { before, after: after.settings });
    return after;
  },
});

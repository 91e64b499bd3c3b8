import type { HandlerGroup } from '../handlers';
import { lineCandidates } from './candidates';
import { lineDetails, listMatchLines } from './matching.lines';
import { getMatchSettings, updateMatchSettings } from './matching.service';
import { suggest } from './suggest';

export const matchingHandlers: HandlerGroup<
  | 'match.run'
  | 'match.lines'
  | 'match.lineDetails'
  | 'match.settings.get'
  | 'match.settings.update'
  | 'match.candidates'
> = (ctx) => ({
  'match.run': async ({ statementId }) => suggest(ctx, statementId, 'manual'),
  'match.lines': async (q) => listMatchLines(ctx.store(), q),
  'match.lineDetails': async ({ lineId }) => lineDetails(ctx.store(), lineId),
  'match.candidates': async ({ lineId, limit }) => lineCandidates(ctx.store(), lineId, limit),
  'match.settings.get': async () => ctx.store().read(getMatchSettings),
  'match.settings.update': async (patch) => {
    const before = (await ctx.store().read(getMatchSettings)).settings;
    const after = await updateMatchSettings(ctx.store(), patch);
    await ctx.audit('settings.changed', 'matching', { before, after: after.settings });
    return after;
  },
});

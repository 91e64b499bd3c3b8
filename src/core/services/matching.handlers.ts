import type { HandlerGroup } from '../handlers';
import { listMatchLines } from '../matching/matching.lines';
import { getMatchSettings, runMatching, updateMatchSettings } from '../matching/matching.service';

export const matchingHandlers: HandlerGroup<
  'match.run' | 'match.lines' | 'match.settings.get' | 'match.settings.update'
> = (ctx) => ({
  'match.run': async ({ statementId }) => runMatching(ctx.db(), { statementId }),
  'match.lines': async (q) => listMatchLines(ctx.db(), q),
  'match.settings.get': async () => getMatchSettings(ctx.db()),
  'match.settings.update': async (patch) => updateMatchSettings(ctx.db(), patch),
});

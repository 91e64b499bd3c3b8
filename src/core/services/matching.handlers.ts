import type { z } from 'zod';
import type { matchingCommands } from '../../shared/contract/matching';
import type { CoreContext } from '../context';
import { listMatchLines } from '../matching/matching.lines';
import { getMatchSettings, runMatching, updateMatchSettings } from '../matching/matching.service';

type MatchingCommands = typeof matchingCommands;
type MatchingCommandName = keyof MatchingCommands;

/**
 * TEMPORARY: the same shape as `HandlerGroup<MatchingCommandName>` from ../handlers, which cannot name these
 * commands until `matchingCommands` is merged into the contract index. Replace with
 * `HandlerGroup<'match.run' | 'match.lines' | 'match.settings.get' | 'match.settings.update'>` then.
 */
type MatchingHandlerGroup = (ctx: CoreContext) => {
  [K in MatchingCommandName]: (
    input: z.output<MatchingCommands[K]['input']>,
  ) => Promise<z.output<MatchingCommands[K]['output']>>;
};

export const matchingHandlers: MatchingHandlerGroup = (ctx) => ({
  'match.run': async ({ statementId }) => runMatching(ctx.db(), { statementId }),
  'match.lines': async (q) => listMatchLines(ctx.db(), q),
  'match.settings.get': async () => getMatchSettings(ctx.db()),
  'match.settings.update': async (patch) => updateMatchSettings(ctx.db(), patch),
});

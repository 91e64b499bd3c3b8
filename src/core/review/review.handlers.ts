import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import { matchingRepo } from '../matching/matching.repo';
import { suggest } from '../matching/suggest';
import { asideRepo } from './aside.repo';
import {
  listAsideRules,
  previewAsideRule,
  removeAsideRule,
  setAside,
  updateAsideRule,
} from './aside.service';
import { searchReceivables } from './receivable-search';
import { applyReview, approveGreen, listAliases, overrideLine, removeAlias } from './review.service';

export const reviewHandlers: HandlerGroup<
  | 'review.approve'
  | 'review.approveGreen'
  | 'review.reject'
  | 'review.toReview'
  | 'review.unmatch'
  | 'review.override'
  | 'review.searchReceivables'
  | 'review.aliases'
  | 'review.removeAlias'
  | 'review.setAside'
  | 'review.asideRules'
  | 'review.previewAsideRule'
  | 'review.updateAsideRule'
  | 'review.removeAsideRule'
> = (ctx) => {
  const who = () => ({ actor: ctx.actor(), profileId: ctx.activeProfileId() });
  /** A rule changed: run the statements whose lines it caught, so the rules are applied again at once. */
  const rerun = async (statementIds: number[]) => {
    for (const id of statementIds) await suggest(ctx, id, 'rule');
  };
  return {
    'review.approve': async ({ matchIds, seen }) =>
      applyReview(ctx.store(), 'approve', matchIds, who(), new Date(), {}, seen),
    'review.reject': async ({ matchIds, seen }) =>
      applyReview(ctx.store(), 'reject', matchIds, who(), new Date(), {}, seen),
    'review.toReview': async ({ matchIds, seen }) =>
      applyReview(ctx.store(), 'to_review', matchIds, who(), new Date(), {}, seen),
    'review.unmatch': async ({ matchIds, seen }) =>
      applyReview(ctx.store(), 'unmatch', matchIds, who(), new Date(), {}, seen),
    'review.approveGreen': async ({ statementId }) => {
      const id = statementId ?? (await ctx.store().read(matchingRepo.latestStatement))?.id;
      if (id === undefined)
        throw new AppError('not_found', 'No statement has been imported yet.', {
          code: 'review.no_statement',
        });
      return approveGreen(ctx.store(), id, who());
    },
    'review.override': async ({ lineId, receivableIds, confirmed, learn, seenVersion, seenMatchId }) =>
      overrideLine(ctx.store(), lineId, receivableIds, who(), new Date(), {
        confirmed,
        learn,
        seenVersion,
        seenMatchId,
      }),
    'review.searchReceivables': async (q) => searchReceivables(ctx.store(), q),
    'review.aliases': async () => listAliases(ctx.store()),
    'review.removeAlias': async ({ id }) => removeAlias(ctx.store(), id, who()),
    'review.setAside': async (input) => {
      const store = ctx.store();
      const r = await setAside(store, input, who());
      let alsoSetAside = 0;
      if (r.ruleId !== null) {
        const ruleId = r.ruleId;
        await rerun(r.statementIds);
        alsoSetAside = (await store.read((tx) => asideRepo.linesOfRule(tx, ruleId))) + r.confirmed;
      }
      const { changed, skipped, conflicts, ruleId, needsConfirmation, preview } = r;
      return { changed, skipped, conflicts, ruleId, alsoSetAside, needsConfirmation, preview };
    },
    'review.asideRules': async () => listAsideRules(ctx.store()),
    'review.previewAsideRule': async (input) => previewAsideRule(ctx.store(), input),
    'review.updateAsideRule': async (patch) => {
      const { statementIds, ...result } = await updateAsideRule(ctx.store(), patch, who());
      await rerun(statementIds);
      return result;
    },
    'review.removeAsideRule': async ({ id }) => {
      const { statementIds, ...result } = await removeAsideRule(ctx.store(), id, who());
      await rerun(statementIds);
      return result;
    },
  };
};

import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import { searchReceivables } from '../review/receivable-search';
import { applyReview, approveGreen, listAliases, overrideLine, removeAlias } from '../review/review.service';

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
> = (ctx) => {
  const who = () => ({ actor: ctx.actor(), profileId: ctx.activeProfileId() });
  return {
    'review.approve': async ({ matchIds }) => applyReview(ctx.db(), 'approve', matchIds, who()),
    'review.reject': async ({ matchIds }) => applyReview(ctx.db(), 'reject', matchIds, who()),
    'review.toReview': async ({ matchIds }) => applyReview(ctx.db(), 'to_review', matchIds, who()),
    'review.unmatch': async ({ matchIds }) => applyReview(ctx.db(), 'unmatch', matchIds, who()),
    'review.approveGreen': async ({ statementId }) => {
      const db = ctx.db();
      const id =
        statementId ??
        (db.prepare('SELECT id FROM statements ORDER BY imported_at DESC, id DESC LIMIT 1').pluck().get() as
          number | undefined);
      if (id === undefined)
        throw new AppError('not_found', 'No statement has been imported yet.', {
          code: 'review.no_statement',
        });
      return approveGreen(db, id, who());
    },
    'review.override': async ({ lineId, receivableIds, confirmed, learn }) =>
      overrideLine(ctx.db(), lineId, receivableIds, who(), new Date(), { confirmed, learn }),
    'review.searchReceivables': async (q) => searchReceivables(ctx.db(), q),
    'review.aliases': async () => listAliases(ctx.db()),
    'review.removeAlias': async ({ id }) => removeAlias(ctx.db(), id, who()),
  };
};

import type { HandlerGroup } from '../handlers';
import { refreshCardFees } from './card-fees';

/** [J] The card fees learned from confirmed card matches (core/matching/card-fees.ts). */
export const cardFeesHandlers: HandlerGroup<'match.cardFees'> = (ctx) => ({
  'match.cardFees': async () => ({
    rows: (await ctx.store().write(refreshCardFees)).map(
      ({ acquirer, flag, product, percent, samples, updatedAt }) => ({
        acquirer,
        flag,
        product,
        percent,
        samples,
        updatedAt,
      }),
    ),
  }),
});

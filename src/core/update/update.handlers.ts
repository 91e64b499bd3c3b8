import type { UpdateStatus } from '../../shared/contract/update';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import { checkFeedUrl, type FeedUrlProblem } from './feed-url';

/** The stored feed, if it is still a valid one (a hand-edited file falls back to none). */
export function storedFeed(ctx: Pick<CoreContext, 'settings'>): string | null {
  const raw = ctx.settings.updateFeedUrl();
  if (typeof raw !== 'string') return null;
  const checked = checkFeedUrl(raw);
  return checked.ok ? checked.url : null;
}

const PROBLEMS: Record<FeedUrlProblem, string> = {
  invalid: 'The update address is not a valid URL.',
  https: 'The update address must start with https://.',
  credentials: 'The update address must not contain a user name or password.',
  query: 'The update address must be a folder, without ? or #.',
};

function status(ctx: CoreContext): UpdateStatus {
  return { version: ctx.version, feedUrl: storedFeed(ctx), ...ctx.updater.status() };
}

export const updateHandlers: HandlerGroup<'app.update.status' | 'app.update.setFeed' | 'app.update.check'> = (
  ctx,
) => ({
  'app.update.status': async () => status(ctx),
  'app.update.setFeed': async ({ url }) => {
    const blank = url === null || url.trim() === '';
    const checked = blank ? null : checkFeedUrl(url);
    if (checked && !checked.ok) {
      throw new AppError('validation', PROBLEMS[checked.problem], {
        code: `update.feed_${checked.problem}`,
        field: 'url',
      });
    }
    const before = storedFeed(ctx);
    const after = checked?.ok ? checked.url : null;
    ctx.settings.setUpdateFeedUrl(after);
    if (before !== after) await ctx.audit('settings.changed', 'update.feed', { before, after });
    ctx.updater.setFeed(after);
    return status(ctx);
  },
  'app.update.check': async () => {
    await ctx.updater.checkNow();
    return status(ctx);
  },
});

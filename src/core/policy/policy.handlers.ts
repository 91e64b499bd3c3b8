import type { HandlerGroup } from '../handlers';
import { dailySummary, dailySummaryFile } from '../reports/daily-summary.report';
import { todayInBrasilia } from '../sync/dates';
import { dryRunPolicy, policyView, savePolicy } from './send-policy';

export const policyHandlers: HandlerGroup<
  'policy.get' | 'policy.save' | 'policy.dryRun' | 'policy.dailySummary'
> = (ctx) => ({
  'policy.get': async () => ctx.store().read(policyView),
  'policy.save': async (policy) =>
    savePolicy(ctx.store(), policy, { actor: ctx.actor(), profileId: ctx.activeProfileId() }),
  'policy.dryRun': async ({ policy, from, to }) => dryRunPolicy(ctx.store(), { policy, from, to }),
  'policy.dailySummary': async ({ day, format }) => {
    const now = new Date();
    const summary = await dailySummary(ctx.store(), day ?? todayInBrasilia(now));
    if (!format) return { summary, file: null };
    const id = ctx.activeProfileId();
    const p = ctx.settings.profile(id);
    const file = await dailySummaryFile(summary, format, {
      branch: p ? `${p.name} (${p.username})` : id,
      generatedAt: now,
      today: todayInBrasilia(now),
    });
    return {
      summary,
      file: { fileName: file.fileName, mediaType: file.mediaType, base64: file.bytes.toString('base64') },
    };
  },
});

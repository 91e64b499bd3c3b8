import type { CoreContext } from '../context';
import type { HandlerGroup } from '../handlers';
import { auditLogReport } from './audit-log.report';
import { reconciliationReport } from './reconciliation.report';
import { auditLogFile, reconciliationFile, type ReportMeta } from './report-files';
import { todayInBrasilia } from '../sync/dates';

/** Which branch the data is from, as the file's header names it. */
function reportMeta(ctx: CoreContext): ReportMeta {
  const id = ctx.activeProfileId();
  const p = ctx.settings.profile(id);
  const now = new Date();
  return {
    branch: p ? `${p.name} (${p.username})` : id,
    generatedAt: now,
    today: todayInBrasilia(now),
  };
}

export const reportsHandlers: HandlerGroup<'audit.export' | 'reports.reconciliation'> = (ctx) => ({
  'audit.export': async ({ kind, format, from, to, action, branch }) => {
    const meta = reportMeta(ctx);
    const file =
      kind === 'log'
        ? await auditLogFile(
            await auditLogReport(
              ctx.store(),
              { from, to, action },
              { secrets: ctx.secrets, profileId: ctx.activeProfileId() },
            ),
            format,
            { from, to, action },
            meta,
          )
        : await reconciliationFile(
            await reconciliationReport(ctx.store(), { from, to }, branch),
            format,
            { from, to },
            meta,
          );
    return { fileName: file.fileName, mediaType: file.mediaType, base64: file.bytes.toString('base64') };
  },
  'reports.reconciliation': async ({ from, to, branch }) =>
    reconciliationReport(ctx.store(), { from, to }, branch),
});

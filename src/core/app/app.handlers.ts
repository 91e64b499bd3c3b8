import type { HandlerGroup } from '../handlers';
import { matchCountsByState, statementCount } from '../matching/current-plan.repo';

export const appHandlers: HandlerGroup<'app.info' | 'app.status' | 'settings.get' | 'settings.update'> = (
  ctx,
) => ({
  'app.info': async () => ({
    version: ctx.version,
    mode: ctx.mode,
    dataDir: ctx.dataDir,
    logFile: ctx.log.file,
    secretProtection: ctx.secrets.protection,
  }),
  'app.status': async () => {
    const db = ctx.db();
    return { statements: statementCount(db), matchesByState: matchCountsByState(db) };
  },
  'settings.get': async () => ctx.settings.get(),
  'settings.update': async (patch) => {
    const before = ctx.settings.get();
    const after = ctx.settings.update(patch);
    ctx.audit('settings.changed', 'settings', {
      before: { locale: before.locale, theme: before.theme },
      after: patch,
    });
    return after;
  },
});

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
    return ctx.store().read(async (tx) => ({
      statements: await statementCount(tx),
      matchesByState: await matchCountsByState(tx),
    }));
  },
  'settings.get': async () => ctx.settings.get(),
  // The language and the theme are how this computer shows Quita, not an act on the branch's money or data:
  // not audited ([T] item 4). Entries written before stay as they are (the chain hashes them).
  'settings.update': async (patch) => ctx.settings.update(patch),
});

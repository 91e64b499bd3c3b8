import type { HandlerGroup } from '../handlers';

export const appHandlers: HandlerGroup<'app.info' | 'settings.get' | 'settings.update'> = (ctx) => ({
  'app.info': async () => ({
    version: ctx.version,
    mode: ctx.mode,
    dataDir: ctx.dataDir,
    secretProtection: ctx.secrets.protection,
  }),
  'settings.get': async () => ctx.settings.get(),
  'settings.update': async (patch) => ctx.settings.update(patch),
});

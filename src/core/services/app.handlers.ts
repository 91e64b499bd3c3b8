import type { HandlerGroup } from '../handlers';

export const appHandlers: HandlerGroup<'app.info' | 'settings.get' | 'settings.update'> = (ctx) => ({
  'app.info': async () => ({
    version: ctx.version,
    mode: ctx.mode,
    dataDir: ctx.dataDir,
    secretProtection: ctx.secrets.protection,
  }),
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

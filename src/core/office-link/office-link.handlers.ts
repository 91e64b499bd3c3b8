import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import { probeOfficeServer, readOfficeLink, writeOfficeLink } from './office-link';

/** Only the desktop app opens another window's worth of screens: the other fronts are a server or a script. */
function desktopOnly(mode: string) {
  if (mode !== 'desktop')
    throw new AppError('validation', 'Only the desktop app connects to an office server.', {
      code: 'office.desktop_only',
    });
}

export const officeLinkHandlers: HandlerGroup<'office.link.get' | 'office.link.test' | 'office.link.set'> = (
  ctx,
) => ({
  'office.link.get': async () => readOfficeLink(ctx.dataDir),
  'office.link.test': async ({ url, fingerprint }) => {
    desktopOnly(ctx.mode);
    return probeOfficeServer(url, fingerprint);
  },
  'office.link.set': async (input) => {
    desktopOnly(ctx.mode);
    if (input.url === null) {
      writeOfficeLink(ctx.dataDir, null);
      return null;
    }
    // Saved only once the server answers with the certificate the clerk was told to expect.
    const probe = await probeOfficeServer(input.url, input.fingerprint ?? undefined);
    if (!probe.trusted)
      throw new AppError(
        'validation',
        `The office server's certificate is not the expected one (${probe.fingerprint}).`,
        {
          code: input.fingerprint ? 'office.fingerprint_mismatch' : 'office.untrusted',
          params: { fingerprint: probe.fingerprint },
        },
      );
    if (!probe.healthy)
      throw new AppError('external', 'The office server answered, but not as a Quita server.', {
        code: 'office.not_quita',
      });
    const link = { url: input.url, fingerprint: input.fingerprint };
    writeOfficeLink(ctx.dataDir, link);
    return link;
  },
});

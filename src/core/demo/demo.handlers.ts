import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import type { StoredProfile } from '../settings/settings.service';
import { saveProfile } from '../connection/connection.handlers';

export const DEMO_PROFILE_ID = 'demo';

export const demoHandlers: HandlerGroup<'demo.start' | 'demo.sampleStatement'> = (ctx) => ({
  'demo.start': async () => {
    const sandbox = await ctx.demo.ensureRunning();
    const profile: StoredProfile = {
      id: DEMO_PROFILE_ID,
      name: 'Filial de demonstração',
      baseUrl: sandbox.url,
      username: sandbox.username,
      keyKind: 'branch',
      demo: true,
    };
    return saveProfile(ctx, profile, sandbox.branchKey);
  },
  'demo.sampleStatement': async ({ format, bankAccountId }) => {
    if (!ctx.settings.profile(DEMO_PROFILE_ID)) {
      throw new AppError('not_found', 'Start the demonstration branch first.', { code: 'demo.not_started' });
    }
    const st = await ctx.demo.writeSampleStatement(format, bankAccountId);
    const { uploadId } = ctx.uploads.stage(st.fileName, st.bytes);
    return {
      path: st.path,
      fileName: st.fileName,
      bankAccountId: st.bankAccountId,
      from: st.from,
      to: st.to,
      lines: st.lines,
      uploadId,
    };
  },
});

/** Types of smoke-packaged.mjs (a plain ES module, run by the CI after `npm run package`). */
export declare const SMOKE_PREFIX: string;
export declare function defaultExecutable(platform?: NodeJS.Platform): string;
export interface SmokeOutcome {
  ok: boolean;
  message: string;
}
export declare function smokeOutcome(run: {
  code: number | null;
  signal?: NodeJS.Signals | null;
  stdout?: string;
  fileText?: string;
  timedOut?: boolean;
}): SmokeOutcome;
export declare function runSmoke(
  executable: string,
  options?: { env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<SmokeOutcome & { stderr?: string }>;

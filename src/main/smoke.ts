/**
 * QUITA_SMOKE=1 (scripts/smoke-packaged.mjs, the CI's check of a packaged build): once the window has loaded, the
 * page calls `app.info` through window.api — the preload, IPC and the same dispatch a click uses — the result
 * is printed as one line and the app quits with 0 (a desktop answer came back) or 1. No electron import here, so
 * the verdict is unit-tested.
 */
export const SMOKE_PREFIX = 'QUITA_SMOKE ';
export const SMOKE_SCRIPT = "window.api.invoke('app.info', {})";
export const SMOKE_TIMEOUT_MS = 60_000;

export const smokeRequested = (env: NodeJS.ProcessEnv = process.env) => env.QUITA_SMOKE === '1';

export function smokeVerdict(result: unknown, expectedVersion: string): { line: string; code: 0 | 1 } {
  const r = result as { ok?: unknown; value?: { mode?: unknown; version?: unknown } } | null;
  const ok = !!r && r.ok === true && r.value?.mode === 'desktop' && r.value.version === expectedVersion;
  let json: string;
  try {
    json = JSON.stringify(result) ?? String(result);
  } catch {
    json = String(result);
  }
  return { line: `${SMOKE_PREFIX}${ok ? 'ok' : 'failed'} ${json}`, code: ok ? 0 : 1 };
}

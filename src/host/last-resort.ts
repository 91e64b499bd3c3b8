/**
 * The browser host's last line of defence: an error nobody caught is logged and the host keeps serving, so a
 * bug reached from a web page cannot stop it. Every cause found is fixed where it happens (see
 * tests/unit/host-fuzz.test.ts); this is for the ones not found yet.
 *
 * The line names the error and where it was thrown, never its message: messages can quote input (a JSON
 * parser's message quotes the text it choked on), and input can hold an API key.
 */
export interface LastResortTarget {
  on(event: 'uncaughtException', listener: (e: unknown) => void): unknown;
  on(event: 'unhandledRejection', listener: (e: unknown) => void): unknown;
}

export function describeUncaught(e: unknown): string {
  if (!(e instanceof Error)) return typeof e;
  const code = (e as { code?: unknown }).code;
  const where = (e.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 5)
    .map((l) => l.trim())
    .join(' < ');
  return `${e.name}${typeof code === 'string' ? ` ${code}` : ''}${where ? ` ${where}` : ''}`;
}

export function installLastResort(
  target: LastResortTarget = process,
  log: (line: string) => void = (l) => console.error(l),
): void {
  const report = (kind: string) => (e: unknown) => {
    try {
      log(`quita serve: unexpected error (${kind}), still serving: ${describeUncaught(e)}`);
    } catch {
      // Even the log can fail (a closed terminal: EPIPE); keep serving regardless.
    }
  };
  target.on('uncaughtException', report('exception'));
  target.on('unhandledRejection', report('rejection'));
}

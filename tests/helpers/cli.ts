import { execFile } from 'node:child_process';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `quita` bin (what `npx quita` resolves to) on one data folder, as a user would, and never throws:
 * the exit code, stdout and stderr are what the tests look at.
 */
export function quitaCli(dataDir: string, baseEnv: Record<string, string | undefined>) {
  return (args: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliResult> =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        ['bin/quita.mjs', '--data-dir', dataDir, ...args],
        { env: { ...process.env, ...baseEnv, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
      child.stdin?.end(stdin ?? '');
    });
}

import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * One log for every front door: `<dataDir>/logs/quita.log`, rotated at 2 MB (quita.log.1 … .3 kept). A desktop
 * app has no console a clerk would see, and the CLI's stderr is for one sentence: the details of a failure go
 * here, the clerk gets one sentence. Never written to: command inputs (they may hold a key).
 */
export interface Logger {
  error(message: string, cause?: unknown): void;
  warn(message: string, cause?: unknown): void;
  info(message: string): void;
  /** Where the file is (for messages that point to it). */
  readonly file: string | null;
}

export const LOG_MAX_BYTES = 2 * 1024 * 1024;
const KEPT = 3;

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.stack ?? `${cause.name}: ${cause.message}`;
  if (typeof cause === 'string') return cause;
  try {
    return JSON.stringify(cause) ?? typeof cause;
  } catch {
    return typeof cause;
  }
}
const detail = (cause: unknown) =>
  cause === undefined ? '' : `\n    ${describe(cause).split('\n').join('\n    ')}`;

/** The log file of a data folder (Ajuda/Sobre and `quita --version` name it). */
export const logFileOf = (dataDir: string): string => join(dataDir, 'logs', 'quita.log');

export function fileLogger(dataDir: string, opts: { echo?: (line: string) => void } = {}): Logger {
  const file = logFileOf(dataDir);
  const dir = dirname(file);
  const rotate = () => {
    if (!existsSync(file) || statSync(file).size < LOG_MAX_BYTES) return;
    rmSync(`${file}.${KEPT}`, { force: true });
    for (let i = KEPT - 1; i >= 1; i--)
      if (existsSync(`${file}.${i}`)) renameSync(`${file}.${i}`, `${file}.${i + 1}`);
    renameSync(file, `${file}.1`);
  };
  const write = (level: string, message: string, cause?: unknown) => {
    const line = `${new Date().toISOString()} ${level} [pid ${process.pid}] ${message}${detail(cause)}\n`;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      rotate();
      appendFileSync(file, line, { mode: 0o600 });
    } catch {
      // A log that cannot be written must not take the app down; the echo below still shows the line.
    }
    opts.echo?.(`${level} ${message}`);
  };
  return {
    file,
    error: (m, c) => write('ERROR', m, c),
    warn: (m, c) => write('WARN', m, c),
    info: (m) => write('INFO', m),
  };
}

/** Tests and pure helpers: keep lines in memory. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    file: null,
    error: (m, c) => void lines.push(`ERROR ${m}${detail(c)}`),
    warn: (m, c) => void lines.push(`WARN ${m}${detail(c)}`),
    info: (m) => void lines.push(`INFO ${m}`),
  };
}

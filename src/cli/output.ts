/** Where the CLI's lines go: process.stdout / process.stderr, or a stand-in in tests. */
export interface OutputStream {
  write(chunk: string): boolean;
  on(event: 'error', listener: (e: NodeJS.ErrnoException) => void): unknown;
}

/**
 * One line writer per output stream, the only place the CLI writes. A reader that stops early
 * (`quita receivables --json | head`) closes the pipe, and the next write fails with EPIPE: that is the reader's
 * choice, not a failure of the command. The rest of the output is dropped quietly (no stack trace) and the
 * command ends as it would have, with its own exit code (0 when it succeeded). Node ignores SIGPIPE, so the
 * error arrives as the stream's 'error' event, which, unhandled, would crash the process.
 *
 * Any other write error (a full disk behind `> file`) is a real failure: `onFailure` hears it once, and the
 * stream is not written again either.
 */
export function lineWriter(
  stream: OutputStream,
  onFailure: (e: NodeJS.ErrnoException) => void,
): (line: string) => void {
  let closed = false;
  stream.on('error', (e) => {
    if (closed) return;
    closed = true;
    if (e.code !== 'EPIPE') onFailure(e);
  });
  return (line) => {
    if (!closed) stream.write(`${line}\n`);
  };
}

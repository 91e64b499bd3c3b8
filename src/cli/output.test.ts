import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { lineWriter } from './output';

function fakeStream() {
  const emitter = new EventEmitter();
  const written: string[] = [];
  return {
    written,
    fail: (code: string) => emitter.emit('error', Object.assign(new Error(`write ${code}`), { code })),
    stream: {
      write: (chunk: string) => written.push(chunk) > 0,
      on: (event: 'error', listener: (e: NodeJS.ErrnoException) => void) => emitter.on(event, listener),
    },
  };
}

describe('lineWriter', () => {
  it('writes lines; after a closed pipe (EPIPE) drops the rest quietly', () => {
    const f = fakeStream();
    const failures: unknown[] = [];
    const write = lineWriter(f.stream, (e) => failures.push(e));
    write('first');
    expect(() => f.fail('EPIPE')).not.toThrow(); // handled: no uncaught 'error' event, no stack trace
    write('second');
    expect(f.written).toEqual(['first\n']);
    expect(failures).toEqual([]);
  });

  it('reports any other write error once and stops writing', () => {
    const f = fakeStream();
    const failures: string[] = [];
    const write = lineWriter(f.stream, (e) => failures.push(e.code ?? ''));
    f.fail('ENOSPC');
    f.fail('ENOSPC');
    write('lost');
    expect(failures).toEqual(['ENOSPC']);
    expect(f.written).toEqual([]);
  });
});

import { EventEmitter } from 'node:events';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/helpers/tmp';
import { describeUncaught, installLastResort } from './last-resort';
import { requestPath } from './server';
import { lookupStatic } from './static-files';

const t = tempDir();
const root = join(t.dir, 'renderer');
mkdirSync(join(root, 'assets', 'sub'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<html></html>');
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(root, 'assets', 'sub', 'a b.css'), 'body{}');
writeFileSync(join(t.dir, 'secret.txt'), 'private');
mkdirSync(join(t.dir, 'renderer-evil'));
writeFileSync(join(t.dir, 'renderer-evil', 'x.js'), 'private');
if (process.platform !== 'win32') {
  symlinkSync(join(t.dir, 'secret.txt'), join(root, 'assets', 'link.txt'));
  symlinkSync(t.dir, join(root, 'assets', 'up'));
}
afterAll(() => t.cleanup());

const status = (p: string) => lookupStatic(root, p).status;

describe('static files of the browser host', () => {
  it('serves files inside the renderer folder, percent-decoded', () => {
    const found = lookupStatic(root, '/assets/app.js');
    expect(found).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(found.status === 200 && found.body.toString()).toBe('console.log(1)');
    expect(status('/assets/sub/a%20b.css')).toBe(200);
    expect(status('/assets/%61pp.js')).toBe(200);
  });

  it('answers 400 to bad percent-encoding, NUL and backslashes instead of throwing', () => {
    for (const p of [
      '/%FF',
      '/%',
      '/%%',
      '/%G0',
      '/%E0%A4%A',
      '/%ED%A0%80',
      '/a%C0%AE',
      `/${'%FF'.repeat(5000)}`,
    ])
      expect(status(p), p).toBe(400);
    for (const p of ['/%00', '/index.html%00.js', '/assets/\0app.js', '/assets%5Capp.js', '/assets\\app.js'])
      expect(status(p), p).toBe(400);
  });

  it('never leaves the folder: `..` in any encoding is a 400, a symlink out of it a 404', () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/.%2e/secret.txt',
      '/assets/../../secret.txt',
    ])
      expect(status(p), p).toBe(400);
    // A sibling folder whose name starts like ours is outside too.
    expect(status('/%2e%2e/renderer-evil/x.js')).toBe(400);
    expect(status('/%252e%252e/secret.txt')).toBe(404);
    if (process.platform !== 'win32') {
      expect(status('/assets/link.txt')).toBe(404);
      expect(status('/assets/up/secret.txt')).toBe(404);
    }
  });

  it('answers 404 for folders, missing files and names the file system refuses', () => {
    for (const p of [
      '/',
      '/assets',
      '/assets/',
      '/nope.js',
      '/assets/app.js/x',
      `/${'a'.repeat(5000)}`,
      '//',
    ])
      expect(status(p), p).toBe(404);
  });

  it('is total: random paths never throw', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = [
      '%',
      'F',
      'f',
      '0',
      '2',
      'e',
      'E',
      '.',
      '/',
      '\\',
      '\0',
      'a',
      'C',
      '%2e',
      '%2f',
      '%00',
      'é',
      '\uD800',
    ];
    for (let i = 0; i < 5000; i++) {
      const p = `/${Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('')}`;
      expect(() => lookupStatic(root, p), JSON.stringify(p)).not.toThrow();
      expect([200, 400, 404]).toContain(lookupStatic(root, p).status);
    }
  });
});

describe('request targets', () => {
  it('keeps origin-form paths, still encoded, and refuses the rest', () => {
    expect(requestPath('/a%20b?x=%FF')).toBe('/a%20b');
    expect(requestPath('/a/../b')).toBe('/b');
    for (const u of [undefined, '', '*', 'http://evil.example/x', '//evil.example/x', 'x'])
      expect(requestPath(u), String(u)).toBeNull();
  });
});

describe('the last-resort handler', () => {
  it('logs uncaught errors and rejections in one line, without their message', () => {
    const target = new EventEmitter();
    const lines: string[] = [];
    installLastResort(target, (l) => lines.push(l));
    const e = Object.assign(new TypeError('key=SECRET-123 in the message'), { code: 'ERR_X' });
    target.emit('uncaughtException', e);
    target.emit('unhandledRejection', 'a string');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^quita serve: unexpected error \(exception\), still serving: TypeError ERR_X at /,
    );
    expect(lines[1]).toBe('quita serve: unexpected error (rejection), still serving: string');
    expect(lines.join('\n')).not.toContain('SECRET');
    expect(lines[0]!.split('\n')).toHaveLength(1);
  });

  it('survives a log that throws (a closed terminal)', () => {
    const target = new EventEmitter();
    installLastResort(target, () => {
      throw new Error('EPIPE');
    });
    expect(() => target.emit('uncaughtException', new Error('x'))).not.toThrow();
    expect(describeUncaught(new RangeError('m'))).toMatch(/^RangeError/);
  });
});

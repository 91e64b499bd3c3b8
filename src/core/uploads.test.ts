import { readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/helpers/tmp';
import { createUploads, MAX_UPLOAD_BYTES } from './uploads';

let cleanup: () => void = () => {};
afterEach(() => cleanup());
const setup = () => {
  const t = tempDir();
  cleanup = t.cleanup;
  return join(t.dir, 'uploads');
};

describe('uploads', () => {
  it('stages bytes under a random id and reads them back with the file name (path parts stripped)', () => {
    const up = createUploads(setup());
    const { uploadId, size } = up.stage('../../etc/extrato.ofx', Buffer.from('OFXHEADER:100'));
    expect(size).toBe(13);
    expect(up.read(uploadId)).toEqual({ fileName: 'extrato.ofx', bytes: Buffer.from('OFXHEADER:100') });
    up.remove(uploadId);
    expect(() => up.read(uploadId)).toThrow(/choose the file again/);
  });

  it('refuses ids that are not ours and files over the limit', () => {
    const up = createUploads(setup());
    expect(() => up.read('../settings')).toThrow(/Not an upload id/);
    expect(() => up.stage('big.csv', new Uint8Array(MAX_UPLOAD_BYTES + 1))).toThrow(/larger than 64 MB/);
  });

  it('forgets uploads older than a day at start-up', () => {
    const dir = setup();
    const { uploadId } = createUploads(dir).stage('a.csv', Buffer.from('x'));
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const f of readdirSync(dir)) utimesSync(join(dir, f), old, old);
    expect(() => createUploads(dir).read(uploadId)).toThrow(/no longer available/);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';
import afterPack, { QUITA_FUSES } from '../../scripts/electron-fuses.mjs';
import { tempDir } from '../helpers/tmp';

/**
 * [N] item 8: the packaged app's fuses. Electron's binary cannot be downloaded here, so the hook runs on a
 * stand-in with the same fuse wire Electron embeds (the sentinel, version 1, one byte per fuse, all on as shipped).
 */
const tmp = tempDir();
afterAll(() => tmp.cleanup());
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

function fakeElectron(file: string, fuses = 9) {
  const wire = Buffer.concat([
    Buffer.from('\u007fELF…the rest of a 200 MB binary…'),
    Buffer.from(SENTINEL),
    Buffer.from([1, fuses]),
    Buffer.alloc(fuses, FuseState.ENABLE),
    Buffer.from('…more binary'),
  ]);
  writeFileSync(file, wire);
}

describe('Electron fuses at packaging', () => {
  it('the afterPack hook turns off RunAsNode, NODE_OPTIONS, --inspect and file:// privileges; turns on cookie encryption and the ASAR checks', async () => {
    const bin = join(tmp.dir, 'quita');
    fakeElectron(bin);
    const before = readFileSync(bin).length;
    await afterPack({
      appOutDir: tmp.dir,
      electronPlatformName: 'linux',
      packager: { executableName: 'quita', appInfo: { productFilename: 'Quita' } },
    });
    expect(readFileSync(bin).length).toBe(before); // flipped in place
    const wire = await getCurrentFuseWire(bin);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
    expect(QUITA_FUSES.version).toBe('1');
  });
});

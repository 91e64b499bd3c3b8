import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { openConfStore } from './conf-store';
import { createSettingsService } from './settings.service';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const open = () => {
  const t = tempDir();
  cleanup = t.cleanup;
  return { dir: t.dir, settings: createSettingsService(openConfStore(t.dir)) };
};
const profile = (id: string) => ({
  id,
  name: id,
  baseUrl: 'https://x.example',
  username: 'gym',
  keyKind: 'branch' as const,
  demo: false,
});

describe('settings service', () => {
  it('starts in Portuguese with the system theme and no profile', () => {
    expect(open().settings.get()).toEqual({ locale: 'pt-BR', theme: 'system', activeProfileId: null });
  });

  it('writes settings.json in the data folder (the file electron-store reads in the desktop app)', () => {
    const { dir, settings } = open();
    settings.update({ locale: 'en', theme: 'dark' });
    expect(settings.path).toBe(join(dir, 'settings.json'));
    expect(JSON.parse(readFileSync(settings.path, 'utf8'))).toMatchObject({ locale: 'en', theme: 'dark' });
    expect(createSettingsService(openConfStore(dir)).get()).toMatchObject({ locale: 'en', theme: 'dark' });
  });

  it('falls back field by field when the file was edited by hand', () => {
    const { dir, settings } = open();
    settings.update({ locale: 'en' });
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ locale: 'klingon', theme: 'dark', profiles: [{ id: 1 }, profile('p-ok')] }),
    );
    const again = createSettingsService(openConfStore(dir));
    expect(again.get()).toMatchObject({ locale: 'pt-BR', theme: 'dark' });
    expect(again.profiles().map((p) => p.id)).toEqual(['p-ok']);
  });

  it('keeps profiles and moves the active one when it is removed', () => {
    const { settings } = open();
    settings.upsertProfile(profile('p-a'));
    settings.upsertProfile(profile('p-b'));
    settings.setActiveProfile('p-a');
    settings.upsertProfile({ ...profile('p-a'), name: 'renamed' });
    expect(settings.profiles()).toHaveLength(2);
    expect(settings.profile('p-a')?.name).toBe('renamed');
    expect(settings.removeProfile('p-a')).toBe(true);
    expect(settings.get().activeProfileId).toBe('p-b');
    expect(settings.removeProfile('p-zzz')).toBe(false);
  });
});

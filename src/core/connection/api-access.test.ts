import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { memorySecretStore, type SecretStore } from '../secrets/secret-store';
import { openConfStore } from '../settings/conf-store';
import { createSettingsService, type StoredProfile } from '../settings/settings.service';
import { createApiRegistry, secretIdFor } from './api-access';
import { keyBinding } from './key-binding';

let cleanup = () => {};
afterEach(() => cleanup());

const profile = (baseUrl: string): StoredProfile => ({
  id: 'p-1',
  name: 'Centro',
  baseUrl,
  username: 'gym',
  keyKind: 'branch',
  demo: false,
});

describe('API credentials (issue [N] item 2)', () => {
  it('never pairs a key with an address it was not stored for, even when another process moves the profile mid-read', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const settings = createSettingsService(openConfStore(t.dir));
    const inner = memorySecretStore();
    let moveDuringRead = false;
    // Another process (the CLI, say) saving the profile with a new address and key between our two reads,
    // in the order saveProfile uses: delete the old key, write the new address, store the new key.
    const secrets: SecretStore = {
      ...inner,
      get(id, binding) {
        if (moveDuringRead) {
          moveDuringRead = false;
          inner.delete(id);
          settings.upsertProfile(profile('https://b.example'));
          inner.set(id, 'KEY-OF-B', keyBinding(profile('https://b.example')));
        }
        return inner.get(id, binding);
      },
    };
    settings.upsertProfile(profile('https://a.example'));
    settings.setActiveProfile('p-1');
    inner.set(secretIdFor('p-1'), 'KEY-OF-A', keyBinding(profile('https://a.example')));
    const registry = createApiRegistry({ settings, secrets, activeProfileId: () => 'p-1' });

    expect(await registry.credentials(settings.profile('p-1')!)).toEqual({
      baseUrl: 'https://a.example',
      username: 'gym',
      password: 'KEY-OF-A',
    });
    const stale = settings.profile('p-1')!;
    moveDuringRead = true;
    await expect(registry.credentials(stale)).rejects.toMatchObject({ code: 'profile.changed' });
    // Read afresh, the new address goes with the new key.
    expect(await registry.credentials(settings.profile('p-1')!)).toMatchObject({
      baseUrl: 'https://b.example',
      password: 'KEY-OF-B',
    });
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_INDEX, appFileFor, isAllowedExternal } from './app-urls';

describe('app:// URLs of the desktop renderer', () => {
  const dir = '/opt/quita/out/renderer';
  it('maps our own pages and assets into the renderer folder', () => {
    expect(appFileFor(dir, APP_INDEX)).toBe(join(dir, 'index.html'));
    expect(appFileFor(dir, 'app://quita/')).toBe(join(dir, 'index.html'));
    expect(appFileFor(dir, 'app://quita/assets/index-abc.js?x=1#y')).toBe(join(dir, 'assets/index-abc.js'));
    expect(appFileFor(dir, 'app://quita/assets/S%C3%A3o.png')).toBe(join(dir, 'assets/São.png'));
  });

  it('plain dot segments are resolved by the URL itself and stay inside the folder', () => {
    expect(appFileFor(dir, 'app://quita/../../secrets.local.json')).toBe(join(dir, 'secrets.local.json'));
    expect(appFileFor(dir, 'app://quita/%2e%2e/%2e%2e/etc/passwd')).toBe(join(dir, 'etc/passwd'));
  });

  it('refuses everything else: traversal in any encoding, another host or scheme, bad escapes, NUL', () => {
    for (const url of [
      'app://quita/assets/..%2f..%2f..%2fetc%2fpasswd',
      'app://quita/%2e%2e%5c..%5cwindows',
      'app://quita/%FF',
      'app://quita/a%00.js',
      'app://other/index.html',
      'file:///opt/quita/out/renderer/index.html',
      'https://quita/index.html',
      'not a url',
    ])
      expect(appFileFor(dir, url), url).toBeNull();
  });

  it('opens only allowlisted https sites in the system browser', () => {
    expect(isAllowedExternal('https://evo-integracao-api.w12app.com.br/swagger')).toBe(true);
    for (const url of [
      'http://evo-integracao-api.w12app.com.br/',
      'https://evil.example/',
      'https://evo-integracao-api.w12app.com.br.evil.example/',
      'file:///etc/passwd',
      'smb://host/share',
      'javascript:alert(1)',
    ])
      expect(isAllowedExternal(url), url).toBe(false);
  });
});

import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeSelfSigned } from '../server/tls';
import { certificateVerdict, isOfficePage, officeOrigin } from './office-link';

const made = makeSelfSigned(['quita.escritorio.local']);
const other = makeSelfSigned(['quita.escritorio.local']);
const fingerprint = new X509Certificate(made.cert).fingerprint256;
const link = { url: 'https://quita.escritorio.local:8443/', fingerprint };

describe('the desktop window on the office server', () => {
  it('knows the server by its parsed origin, never by a prefix', () => {
    expect(officeOrigin(link)).toBe('https://quita.escritorio.local:8443');
    expect(officeOrigin(null)).toBeNull();
    expect(officeOrigin({ url: 'http://quita.escritorio.local/', fingerprint: null })).toBeNull();
    expect(isOfficePage('https://quita.escritorio.local:8443/login', link)).toBe(true);
    expect(isOfficePage('https://quita.escritorio.local:8443.evil.example/', link)).toBe(false);
    expect(isOfficePage('https://quita.escritorio.local:8443@evil.example/', link)).toBe(false);
    expect(isOfficePage('https://quita.escritorio.local/', link)).toBe(false);
    expect(isOfficePage('https://x:y@quita.escritorio.local:8443/', link)).toBe(false);
    expect(isOfficePage('app://quita/index.html', link)).toBe(false);
  });

  it('accepts exactly the pinned certificate for the server, and leaves other hosts to Chromium', () => {
    expect(certificateVerdict(link, 'quita.escritorio.local', made.cert)).toBe(0);
    expect(certificateVerdict(link, 'quita.escritorio.local', other.cert)).toBe(-2);
    expect(certificateVerdict(link, 'quita.escritorio.local', 'not a certificate')).toBe(-2);
    expect(certificateVerdict(link, 'evo-integracao-api.w12app.com.br', other.cert)).toBe(-3);
    expect(certificateVerdict({ ...link, fingerprint: null }, 'quita.escritorio.local', other.cert)).toBe(-3);
    expect(certificateVerdict(null, 'quita.escritorio.local', made.cert)).toBe(-3);
  });
});

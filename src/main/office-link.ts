import { X509Certificate } from 'node:crypto';
import type { OfficeLink } from '../shared/contract/office-link';

/**
 * The desktop window pointed at the office server ([W]): pure rules (no electron import, unit-tested) that window.ts
 * and index.ts apply. The server's page is a remote page: it gets no preload and so no IPC (it brings its own
 * HTTP bridge), may navigate only within the server's origin, and its certificate must be the pinned one.
 */
export function officeOrigin(link: OfficeLink | null): string | null {
  if (!link) return null;
  try {
    const u = new URL(link.url);
    return u.protocol === 'https:' && !u.username && !u.password ? u.origin : null;
  } catch {
    return null;
  }
}

/** Whether a page URL belongs to the linked office server (compared as parsed origins, never as prefixes). */
export function isOfficePage(url: string, link: OfficeLink | null): boolean {
  const origin = officeOrigin(link);
  if (!origin) return false;
  try {
    const u = new URL(url);
    return !u.username && !u.password && u.origin === origin;
  } catch {
    return false;
  }
}

/**
 * What Chromium's certificate check should answer for a connection (Electron's setCertificateVerifyProc codes):
 * 0 accept, -2 refuse, -3 Chromium's own verification. Only the linked server's host with a pinned fingerprint is
 * judged here: exactly that certificate, or nothing. Every other host keeps the normal checks.
 */
export function certificateVerdict(link: OfficeLink | null, hostname: string, pem: string): 0 | -2 | -3 {
  const origin = officeOrigin(link);
  if (!origin || !link?.fingerprint) return -3;
  if (new URL(origin).hostname.replace(/^\[|\]$/g, '') !== hostname.replace(/^\[|\]$/g, '')) return -3;
  try {
    return new X509Certificate(pem).fingerprint256.toUpperCase() === link.fingerprint.toUpperCase() ? 0 : -2;
  } catch {
    return -2;
  }
}

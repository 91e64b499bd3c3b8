import type { IncomingMessage } from 'node:http';
import { statusError, type HandlerResult } from './http/respond';
import type { KeyKind, SandboxEndpoint, SandboxPermissions } from './types';

export interface Credentials {
  username: string;
  branchKey: string;
  adminKey: string;
}

const ALWAYS_ALLOWED: readonly SandboxEndpoint[] = ['states', 'notifications'];

export const UNAUTHORIZED: HandlerResult = statusError(401, 'Unauthorized', {
  'WWW-Authenticate': 'Basic realm="Evo-integracao"',
});

/** Which key the request carries, or null when the Basic credentials are missing or wrong. */
export function identify(req: IncomingMessage, creds: Credentials): KeyKind | null {
  const header = req.headers.authorization ?? '';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const user = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1).toLowerCase();
  // DNS names and GUIDs are case-insensitive.
  if (user.toLowerCase() !== creds.username.toLowerCase()) return null;
  if (key === creds.adminKey.toLowerCase()) return 'admin';
  if (key === creds.branchKey.toLowerCase()) return 'branch';
  return null;
}

export function isAllowed(
  kind: KeyKind,
  endpoint: SandboxEndpoint,
  permissions: SandboxPermissions,
): boolean {
  if (ALWAYS_ALLOWED.includes(endpoint)) return true;
  const granted = permissions[kind];
  return granted === undefined || granted.includes(endpoint);
}

export const FORBIDDEN: HandlerResult = statusError(403, 'Forbidden');

/** Helpers for the sandbox's own tests (real HTTP over 127.0.0.1 with Node's fetch). */
import { startSandbox, type RunningSandbox } from './index';
import type { SandboxOptions } from './types';

export const TEST_TODAY = '2026-07-15';

export function startTestSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ seed: 7, members: 60, today: TEST_TODAY, rateLimit: false, ...opts });
}

export function basic(user: string, key: string): string {
  return `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
}

export interface Client {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  send(method: string, path: string, body: unknown, contentType?: string): Promise<Response>;
  json<T = unknown>(path: string): Promise<T>;
}

export function client(sb: RunningSandbox, key: 'branch' | 'admin' = 'branch'): Client {
  const authorization = basic(sb.username, key === 'branch' ? sb.branchKey : sb.adminKey);
  const c: Client = {
    get: (path, headers = {}) => fetch(`${sb.url}${path}`, { headers: { authorization, ...headers } }),
    send: (method, path, body, contentType = 'application/json-patch+json') =>
      fetch(`${sb.url}${path}`, {
        method,
        headers: { authorization, 'content-type': contentType },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    json: async <T>(path: string) => {
      const res = await c.get(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
  return c;
}

/** The subset of the API record the tests read. */
export interface ApiReceivable {
  idReceivable: number;
  description: string;
  dueDate: string;
  receivingDate: string | null;
  updateDate: string;
  ammount: number;
  ammountPaid: number | null;
  status: { id: number; name: string };
  paymentType: { id: number; name: string };
  bankAccount: { id: number; name: string } | null;
  payerName: string;
  idMemberPayer: number | null;
  idSale: number | null;
  [key: string]: unknown;
}

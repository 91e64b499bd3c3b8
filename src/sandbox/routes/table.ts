import type { Route } from './context';
import { listDebtors } from './debtors';
import { listReceivables } from './receivables';
import { markReceived } from './mark-received';
import { createNotification } from './notifications';
import { listBankAccounts, listStates } from './reference-data';

export const API_ROUTES: readonly Route[] = [
  { method: 'GET', path: '/api/v2/states', endpoint: 'states', handle: listStates },
  { method: 'POST', path: '/api/v1/notifications', endpoint: 'notifications', handle: createNotification },
  { method: 'GET', path: '/api/v1/receivables', endpoint: 'receivables', handle: listReceivables },
  { method: 'GET', path: '/api/v1/bank-accounts', endpoint: 'bankAccounts', handle: listBankAccounts },
  { method: 'GET', path: '/api/v1/receivables/debtors', endpoint: 'debtors', handle: listDebtors },
  {
    method: 'PUT',
    path: '/api/v1/receivables/mark-received',
    endpoint: 'markReceived',
    handle: markReceived,
  },
];

export type RouteMatch = { route: Route } | { allowed: string[] } | null;

/** Case-insensitive, trailing slash ignored; a known path with another method gives the allowed list (405). */
export function findRoute(method: string, pathname: string): RouteMatch {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const same = API_ROUTES.filter((r) => r.path === path);
  if (same.length === 0) return null;
  const route = same.find((r) => r.method === method);
  return route ? { route } : { allowed: same.map((r) => r.method) };
}

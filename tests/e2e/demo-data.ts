import type { Page } from '@playwright/test';
import { DEMO_SEED } from '../../src/core/demo/demo-controller';
import { DEFAULT_WINDOW } from '../../src/core/sync/sync.service';
import { defaultKeys } from '../../src/sandbox';
import { addDays } from '../../src/shared/dates';
import { command } from './fixtures';

/**
 * What a journey reads of the demo branch to build the statement it needs. The demo is generated around the day
 * the test runs, so a journey never names a member, an amount or a date: it takes them from here.
 */
export interface OpenReceivable {
  id: number;
  payerName: string | null;
  amountCents: number;
  dueDate: string | null;
  paymentTypeId: number | null;
  heldByLineId: number | null;
}

export const PIX = 18;
export const OVERDUE = 4;
export const RECEIVED = 2;
/** Open and overdue receivables, as many as the picker's search returns. */
export const OPEN = { statuses: [1, 4], limit: 500 };

/** 2026-11-27 → 27/11/2026, the way Brazilian bank exports print a date. */
export const brDate = (iso: string) => iso.split('-').reverse().join('/');
/** 12345 → "123,45", the way Brazilian bank exports print an amount. */
export const brMoney = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export async function openReceivables(page: Page): Promise<OpenReceivable[]> {
  return (await command<{ rows: OpenReceivable[] }>(page, 'review.searchReceivables', OPEN)).rows;
}

/** The demo's today, as the host counts it (its sync window ends DEFAULT_WINDOW.daysAhead days after it). */
export async function demoToday(page: Page): Promise<string> {
  const status = await command<{ window: { to: string } | null }>(page, 'sync.status', {});
  if (!status.window) throw new Error('the demo branch has not been synced');
  return addDays(status.window.to, -DEFAULT_WINDOW.daysAhead);
}

/**
 * Up to `n` open Pix receivables due on or before `today`, each of a named member who owes nothing else of that
 * amount and of an amount no other picked one has (and none in `skipAmounts`): a Pix line naming the member
 * with that amount on its due date is green, on any day.
 */
export function unambiguousNamedPix(
  rows: OpenReceivable[],
  today: string,
  n: number,
  skipAmounts: Iterable<number> = [],
  skipIds: Iterable<number> = [],
): OpenReceivable[] {
  const amounts = new Set(skipAmounts);
  const ids = new Set(skipIds);
  const named: OpenReceivable[] = [];
  for (const r of rows) {
    if (named.length === n) break;
    if (!r.dueDate || r.dueDate > today || r.heldByLineId !== null) continue;
    if (ids.has(r.id) || !r.payerName || r.paymentTypeId !== PIX || amounts.has(r.amountCents)) continue;
    if (rows.some((o) => o.id !== r.id && o.payerName === r.payerName && o.amountCents === r.amountCents))
      continue;
    named.push(r);
    amounts.add(r.amountCents);
  }
  return named;
}

/**
 * A test-only control route of the demo's sandbox (`/__sandbox/receivables`, `/__sandbox/reopen`: docs/sandbox.md),
 * called with the demo's admin key (made from its seed) at the demo branch's address: how a journey builds the shape
 * of data it needs instead of hoping the day's branch holds it. Returns the status and the JSON answer.
 */
export async function sandboxControl(
  page: Page,
  path: '/__sandbox/receivables' | '/__sandbox/reopen',
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  const { profiles, activeProfileId } = await command<{
    profiles: { id: string; baseUrl: string; username: string }[];
    activeProfileId: string | null;
  }>(page, 'profiles.list', {});
  const demo = profiles.find((p) => p.id === activeProfileId);
  if (!demo) throw new Error('no active branch: start the demo branch first');
  const auth = Buffer.from(`${demo.username}:${defaultKeys(DEMO_SEED).adminKey}`).toString('base64');
  const res = await fetch(`${demo.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/**
 * The morning of issue 29 on the sandboxes, shared by tests/unit/morning-runs-itself.test.ts and bench/morning:
 * the bank's Pix API (sandbox/pix, mutual TLS) over the same branch data as the integration API sandbox, and the
 * Pix a test adds to it (a busy day's small transfers, the morning's payments of open receivables).
 */
import type { RunningPixSandbox, SandboxPix } from '../../src/sandbox/pix';
import { endToEndId } from '../../src/sandbox/pix/items';
import type { SandboxData } from '../../src/sandbox/data/model';

/** Pix per page the connector asks (pix-client.ts default, the standard's maximum). */
export const PIX_PAGE = 1000;

const brasiliaMidnight = (date: string) => new Date(`${date}T00:00:00.000-03:00`);

/** Adds a Pix at an exact instant (addPix spreads them over a day; these must fall in a given window). */
export function addPixAt(
  pix: RunningPixSandbox,
  at: Date,
  o: { amountCents: number; payerName: string; payerDocument: string; tail: string },
): SandboxPix {
  const p: SandboxPix = {
    endToEndId: endToEndId('E', at, o.tail.padEnd(11, '0').slice(0, 11)),
    txid: null,
    amountCents: o.amountCents,
    at,
    payerName: o.payerName,
    payerDocument: o.payerDocument,
    infoPagador: null,
    refund: null,
  };
  pix.items().push(p);
  pix.items().sort((a, b) => a.at.getTime() - b.at.getTime() || a.endToEndId.localeCompare(b.endToEndId));
  return p;
}

/**
 * Fills `date` (Brasília) with small transfers that are not members' payments (the shop, the café: amounts of
 * R$ 1,01 upwards, which no plan costs) until the day holds `total` Pix; returns how many were added.
 */
export function fillDay(pix: RunningPixSandbox, date: string, total: number): number {
  const start = brasiliaMidnight(date).getTime();
  const already = pix.items().filter((p) => p.at.getTime() >= start && p.at.getTime() < start + 86_400_000);
  const n = total - already.length;
  for (let i = 0; i < n; i++)
    addPixAt(pix, new Date(start + 6 * 3_600_000 + Math.floor((i * 17 * 3_600_000) / n)), {
      amountCents: 101 + i,
      payerName: 'CLIENTE DA LANCHONETE',
      payerDocument: `9${String(10_000_000 + i).padStart(10, '0')}`,
      tail: `f${i.toString(36)}`,
    });
  return n;
}

/** Pix items the sandbox serves for a window, as its GET /pix filters them. */
export const pixIn = (pix: RunningPixSandbox, from: Date, to: Date) =>
  pix.items().filter((p) => p.at >= from && p.at <= to);

/**
 * Open receivables due within `days` of `today` that a Pix in the payer's full name and the exact amount pays
 * without a tie (no other open receivable of that payer and amount), at most `n`, skipping `skip`.
 */
export function payableByPix(data: SandboxData, today: string, n: number, days = 3, skip: number[] = []) {
  const t = Date.parse(`${today}T00:00:00Z`);
  const open = data.receivables.filter((r) => (r.status === 1 || r.status === 4) && !r.payment);
  const key = (r: (typeof open)[number]) => `${r.payerName}|${r.ammountCents}`;
  const same = new Map<string, number>();
  for (const r of open) same.set(key(r), (same.get(key(r)) ?? 0) + 1);
  return open
    .filter(
      (r) =>
        !skip.includes(r.idReceivable) &&
        r.paymentType !== 2 &&
        Math.abs(Date.parse(`${r.dueDate.slice(0, 10)}T00:00:00Z`) - t) <= days * 86_400_000 &&
        same.get(key(r)) === 1,
    )
    .slice(0, n);
}

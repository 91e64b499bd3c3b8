import type { Db } from '../db/open-db';
import type { ApprovedPair } from './outbox.repo';

/**
 * Approved pairs not yet in the outbox, from the current plan of every statement: the receivables of each
 * approved match, into the statement's bank account. What the clerk reviewed is exactly what is sent.
 */
export function approvedNotQueued(db: Db): ApprovedPair[] {
  return db
    .prepare(
      `SELECT i.receivable_id AS receivableId, s.bank_account_id AS bankAccountId, i.amount_cents AS amountCents,
         m.id AS matchId, m.line_id AS lineId
       FROM matches m
       JOIN match_plans p ON p.id = m.plan_id
       JOIN statements s ON s.id = p.statement_id
       JOIN match_items i ON i.match_id = m.id AND i.active = 1
       WHERE m.state = 'approved'
         AND p.id = (SELECT max(id) FROM match_plans WHERE statement_id = p.statement_id)
         AND NOT EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = i.receivable_id)
       ORDER BY s.bank_account_id, m.line_id, i.receivable_id`,
    )
    .all() as ApprovedPair[];
}

export interface SendGroup {
  bankAccountId: number;
  accountName: string | null;
  count: number;
  totalCents: number;
}

/** What "Marcar como pagos" would send, per bank account. */
export function sendPreview(db: Db): { groups: SendGroup[]; count: number; totalCents: number } {
  const names = new Map(
    (
      db.prepare('SELECT id, description FROM bank_accounts').all() as { id: number; description: string }[]
    ).map((a) => [a.id, a.description]),
  );
  const groups = new Map<number, SendGroup>();
  for (const p of approvedNotQueued(db)) {
    const g = groups.get(p.bankAccountId) ?? {
      bankAccountId: p.bankAccountId,
      accountName: names.get(p.bankAccountId) ?? null,
      count: 0,
      totalCents: 0,
    };
    g.count++;
    g.totalCents += p.amountCents;
    groups.set(p.bankAccountId, g);
  }
  const list = [...groups.values()];
  return {
    groups: list,
    count: list.reduce((s, g) => s + g.count, 0),
    totalCents: list.reduce((s, g) => s + g.totalCents, 0),
  };
}

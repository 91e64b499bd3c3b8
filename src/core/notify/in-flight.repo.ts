/** The only SQL of the money-in-flight check (in-flight.ts); the same text on both databases. */
import { sql } from 'kysely';
import { ACCOUNT_STATUS } from '../../shared/constants';
import { currentPlanOf } from '../matching/current-plan.repo';
import type { Tx } from '../store/store';

const OPEN = sql.raw(`(${ACCOUNT_STATUS.open}, ${ACCOUNT_STATUS.overdue})`);
const DECIDED = sql.raw(`('approved', 'recorded', 'set_aside')`);

export const inFlightRepo = {
  /** A pair of the member approved (not yet confirmed), in the outbox, or confirmed after the debtors list was read. */
  pair: async (tx: Tx, memberId: number) =>
    (
      await sql<{ receivableId: number; state: string; amountCents: number }>`
        SELECT r.id AS "receivableId", coalesce(b.state, 'approved') AS state, r.amount_cents AS "amountCents"
          FROM receivables r
          LEFT JOIN outbox_items o ON o.receivable_id = r.id LEFT JOIN outbox_batches b ON b.id = o.batch_id
         WHERE r.member_id = ${memberId}
           AND ((b.id IS NOT NULL AND b.state <> 'confirmed')
             OR (b.state = 'confirmed' AND b.confirmed_at >= coalesce((SELECT last_success_at FROM sync_state WHERE kind = 'debtors'), ''))
             OR (b.id IS NULL AND EXISTS (SELECT 1 FROM match_items i JOIN matches m ON m.id = i.match_id
                   WHERE i.receivable_id = r.id AND i.active = 1 AND m.state = 'approved')))
         ORDER BY r.id LIMIT 1`.execute(tx)
    ).rows[0],

  /** A settled return-file title of one of the member's receivables still open in the gym system. */
  returnTitle: async (tx: Tx, memberId: number) =>
    (
      await sql<{ nossoNumero: string; creditDate: string | null; amountCents: number }>`
        SELECT t.nosso_numero AS "nossoNumero", t.credit_date AS "creditDate",
               coalesce(t.paid_cents, t.face_cents) AS "amountCents"
          FROM return_titles t JOIN receivables r
            ON (t.seu_numero = CAST(r.id AS TEXT) OR (r.boleto_number IS NOT NULL AND r.boleto_number = t.nosso_numero))
         WHERE t.is_settlement = 1 AND r.member_id = ${memberId} AND r.status_id IN ${OPEN}
         ORDER BY t.credit_date IS NULL, t.credit_date DESC LIMIT 1`.execute(tx)
    ).rows[0],

  /** An acquirer file's sale of one of the member's open card receivables, paid on `since` or later. */
  cardSale: async (tx: Tx, memberId: number, since: string) =>
    (
      await sql<{ acquirer: string; paymentDate: string; amountCents: number }>`
        SELECT s.acquirer, s.payment_date AS "paymentDate", s.gross_cents AS "amountCents" FROM acquirer_sales s
          JOIN receivables r ON r.member_id = ${memberId} AND r.status_id IN ${OPEN}
           AND ((s.nsu IS NOT NULL AND ltrim(s.nsu, '0') = ltrim(r.nsu, '0'))
             OR (s.authorization IS NOT NULL AND ltrim(s.authorization, '0') = ltrim(r.authorization_code, '0'))
             OR (s.tid IS NOT NULL AND s.tid = r.tid))
         WHERE s.kind = 'sale' AND s.payment_date >= ${since}
         ORDER BY s.payment_date LIMIT 1`.execute(tx)
    ).rows[0],

  /** Credit lines since `since` not decided, newest first; `proposed`: its match holds a receivable of the member. */
  undecidedCredits: async (tx: Tx, memberId: number, since: string) =>
    (
      await sql<{
        id: number;
        date: string;
        amountCents: number;
        payerText: string | null;
        description: string;
        payerDocument: string | null;
        proposed: number | boolean;
      }>`
        SELECT l.id, l.date, l.amount_cents AS "amountCents", l.payer_text AS "payerText", l.description,
               l.payer_document AS "payerDocument",
               EXISTS (SELECT 1 FROM match_items i JOIN receivables r ON r.id = i.receivable_id
                        WHERE i.match_id = m.id AND i.active = 1 AND r.member_id = ${memberId}) AS proposed
          FROM statement_lines l
          LEFT JOIN (SELECT m.* FROM matches m JOIN match_plans p ON p.id = m.plan_id WHERE ${sql.raw(currentPlanOf('p'))}) m
            ON m.line_id = l.id
         WHERE l.kind = 'credit' AND l.date >= ${since} AND (m.id IS NULL OR m.state NOT IN ${DECIDED})
         ORDER BY l.date DESC, l.id DESC`.execute(tx)
    ).rows.map((r) => ({ ...r, proposed: Boolean(r.proposed) })),

  /** Payer texts learned as this member. */
  aliasKeys: async (tx: Tx, memberId: number) =>
    (await tx.selectFrom('aliases').select('payer_key').where('member_id', '=', memberId).execute()).map(
      (r) => r.payer_key,
    ),

  /** Payer documents printed on lines approved for this member's receivables. */
  documents: async (tx: Tx, memberId: number) =>
    (
      await sql<{ doc: string }>`
        SELECT DISTINCT l.payer_document AS doc FROM statement_lines l JOIN matches m ON m.line_id = l.id
          JOIN match_items i ON i.match_id = m.id JOIN receivables r ON r.id = i.receivable_id
         WHERE m.state = 'approved' AND r.member_id = ${memberId} AND l.payer_document IS NOT NULL`.execute(
        tx,
      )
    ).rows.map((r) => r.doc),

  /** The member's names as the debtors list and the receivables give them. */
  names: async (tx: Tx, memberId: number) =>
    (
      await sql<{ name: string }>`
        SELECT name FROM debtors WHERE member_id = ${memberId} AND name IS NOT NULL
        UNION SELECT payer_name FROM receivables WHERE member_id = ${memberId} AND payer_name IS NOT NULL`.execute(
        tx,
      )
    ).rows.map((r) => r.name),
};

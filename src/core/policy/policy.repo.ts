/** The only SQL of the send policy. Callers own the transaction. */
import { ACCOUNT_STATUS } from '../../shared/constants';
import { sendPolicySchema, type SendPolicy } from '../../shared/contract/policy';
import { canonicalJson } from '../audit/audit.repo';
import type { Db } from '../db/open-db';
import { currentPlanOf } from '../matching/current-plan.repo';
import type { Reason } from '../matching/types';
import type { ProposalFacts } from './policy-rules';

export interface PolicyVersionRow {
  version: number;
  policy: SendPolicy;
  savedAt: string;
  savedBy: string;
}

/** A proposal with what a person did with it: its state, whether the choice was made by hand. */
export interface ProposalRow extends ProposalFacts {
  payerDocument: string | null;
  payerName: string | null;
  /** Set aside by a rule (engine-owned) rather than by a person. */
  asideByRule: boolean;
}

/** The policy's conditions without its on/off switch: what a dry run must have been made of. */
export const conditionsKey = (p: SendPolicy) => canonicalJson({ ...p, enabled: null });

const OPEN: readonly number[] = [ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue];

export const policyRepo = {
  current(db: Db): PolicyVersionRow | null {
    const row = db
      .prepare(
        'SELECT version, policy_json, saved_at, saved_by FROM send_policy_versions ORDER BY version DESC LIMIT 1',
      )
      .get() as { version: number; policy_json: string; saved_at: string; saved_by: string } | undefined;
    if (!row) return null;
    // A row written by another Quita version that no longer parses is a policy that is off, never a guess.
    const parsed = sendPolicySchema.safeParse(JSON.parse(row.policy_json));
    const policy = parsed.success ? parsed.data : sendPolicySchema.parse({});
    return { version: row.version, policy, savedAt: row.saved_at, savedBy: row.saved_by };
  },

  insertVersion: (db: Db, policy: SendPolicy, at: string, by: string) =>
    Number(
      db
        .prepare('INSERT INTO send_policy_versions (policy_json, saved_at, saved_by) VALUES (?, ?, ?)')
        .run(canonicalJson(policy), at, by).lastInsertRowid,
    ),

  insertDryRun: (db: Db, policy: SendPolicy, at: string, summary: unknown) =>
    db
      .prepare('INSERT INTO send_policy_dry_runs (policy_json, ran_at, summary_json) VALUES (?, ?, ?)')
      .run(conditionsKey(policy), at, JSON.stringify(summary)),

  /** The latest dry run made of these very conditions (null: never). */
  lastDryRun: (db: Db, policy: SendPolicy) =>
    (db
      .prepare('SELECT max(ran_at) FROM send_policy_dry_runs WHERE policy_json = ?')
      .pluck()
      .get(conditionsKey(policy)) as string | null) ?? null,

  /**
   * The current plans' credit lines dated in [from, to] whose match is in one of `states`, with their items and
   * what the policy needs to judge them. `asOfDecision`: judge a line as it stood when a person decided it (dry
   * run) — its own receivables being in the outbox or no longer open is the consequence of that decision.
   */
  proposals(
    db: Db,
    q: {
      from?: string | undefined;
      to?: string | undefined;
      states: readonly string[];
      asOfDecision: boolean;
    },
  ): ProposalRow[] {
    const rows = db
      .prepare(
        `SELECT m.id AS matchId, m.line_id AS lineId, l.date AS lineDate, l.amount_cents AS amountCents,
           l.description, l.payer_text AS payerText, l.payer_document AS payerDocument, m.state, m.zone,
           m.reasons_json AS reasonsJson, m.aside_rule_id AS asideRuleId
         FROM matches m JOIN match_plans p ON p.id = m.plan_id JOIN statement_lines l ON l.id = m.line_id
         WHERE ${currentPlanOf('p')} AND l.kind = 'credit' AND (? IS NULL OR l.date >= ?) AND (? IS NULL OR l.date <= ?)
           AND m.state IN (SELECT value FROM json_each(?))
         ORDER BY l.date, l.id`,
      )
      .all(q.from ?? null, q.from ?? null, q.to ?? null, q.to ?? null, JSON.stringify(q.states)) as {
      matchId: number;
      lineId: number;
      lineDate: string;
      amountCents: number;
      description: string;
      payerText: string | null;
      payerDocument: string | null;
      state: string;
      zone: 'green' | 'yellow' | 'red';
      reasonsJson: string;
      asideRuleId: number | null;
    }[];
    if (rows.length === 0) return [];
    const items = db
      .prepare(
        `SELECT i.match_id AS matchId, i.receivable_id AS receivableId, r.due_date AS dueDate, r.member_id AS memberId,
           r.status_id AS statusId, r.payer_name AS payerName,
           EXISTS (SELECT 1 FROM match_items j WHERE j.receivable_id = i.receivable_id AND j.active = 1
                     AND j.match_id <> i.match_id) AS elsewhere,
           EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = i.receivable_id
                     AND (o.match_id IS NULL OR o.match_id <> i.match_id)) AS queuedElsewhere,
           EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = i.receivable_id) AS queued
         FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
         WHERE i.match_id IN (SELECT value FROM json_each(?)) ORDER BY i.match_id, i.id`,
      )
      .all(JSON.stringify(rows.map((r) => r.matchId))) as {
      matchId: number;
      receivableId: number;
      dueDate: string | null;
      memberId: number | null;
      statusId: number | null;
      payerName: string | null;
      elsewhere: number;
      queuedElsewhere: number;
      queued: number;
    }[];
    const byMatch = new Map<number, typeof items>();
    for (const i of items) byMatch.set(i.matchId, [...(byMatch.get(i.matchId) ?? []), i]);
    const docs = documentMembers(db);
    return rows.map((r): ProposalRow => {
      const its = byMatch.get(r.matchId) ?? [];
      const taken = its.some(
        (i) =>
          i.elsewhere > 0 ||
          (q.asOfDecision ? i.queuedElsewhere > 0 : i.queued > 0) ||
          (!q.asOfDecision && (i.statusId === null || !OPEN.includes(i.statusId))),
      );
      const doc = normalizeDocument(r.payerDocument);
      return {
        matchId: r.matchId,
        lineId: r.lineId,
        lineDate: r.lineDate,
        amountCents: r.amountCents,
        description: r.description,
        payerText: r.payerText,
        payerDocument: r.payerDocument,
        payerName: its[0]?.payerName ?? null,
        state: r.state,
        zone: r.zone,
        reasons: JSON.parse(r.reasonsJson) as Reason[],
        items: its.map((i) => ({ receivableId: i.receivableId, dueDate: i.dueDate, memberId: i.memberId })),
        documentMembers: doc ? [...(docs.get(doc) ?? [])] : [],
        taken,
        asideByRule: r.asideRuleId !== null,
      };
    });
  },

  /** Approvals the policy made on a Brasília day (audit entries naming a policy version), oldest first. */
  policyApprovals: (db: Db, fromUtc: string, toUtc: string) =>
    db
      .prepare(
        `SELECT at, subject, after_json AS afterJson FROM audit_log
         WHERE action = 'match.approved' AND at >= ? AND at < ? AND json_extract(after_json, '$.policyVersion') IS NOT NULL
         ORDER BY seq`,
      )
      .all(fromUtc, toUtc) as { at: string; subject: string; afterJson: string }[],
};

/** A payer document as banks print it, masks and punctuation kept apart from the digits' positions. */
export function normalizeDocument(doc: string | null): string | null {
  if (!doc) return null;
  const d = doc.replace(/[\s.\-/]/g, '');
  return /\d{3}/.test(d) ? d : null;
}

/**
 * Payer documents a person confirmed: the document printed on lines a person approved (not the policy: it must
 * never learn from itself), to the members of the receivables approved for them.
 */
function documentMembers(db: Db): Map<string, Set<number>> {
  const rows = db
    .prepare(
      `SELECT l.payer_document AS doc, r.member_id AS memberId
         FROM matches m JOIN match_plans p ON p.id = m.plan_id JOIN statement_lines l ON l.id = m.line_id
         JOIN match_items i ON i.match_id = m.id JOIN receivables r ON r.id = i.receivable_id
        WHERE ${currentPlanOf('p')} AND m.state = 'approved' AND l.payer_document IS NOT NULL AND r.member_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'match.approved' AND a.subject = 'line:' || l.id
                            AND json_extract(a.after_json, '$.policyVersion') IS NOT NULL)`,
    )
    .all() as { doc: string; memberId: number }[];
  const out = new Map<string, Set<number>>();
  for (const r of rows) {
    const d = normalizeDocument(r.doc);
    if (!d) continue;
    out.set(d, (out.get(d) ?? new Set()).add(r.memberId));
  }
  return out;
}

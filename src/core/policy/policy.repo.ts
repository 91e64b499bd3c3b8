/** The only SQL of the send policy. Callers own the transaction. */
import { ACCOUNT_STATUS } from '../../shared/constants';
import { sendPolicySchema, type SendPolicy } from '../../shared/contract/policy';
import { canonicalJson } from '../audit/audit.repo';
import { sql } from 'kysely';
import { inIds, jsonField, type Tx } from '../store/store';
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
  async current(tx: Tx): Promise<PolicyVersionRow | null> {
    const row = await tx
      .selectFrom('send_policy_versions')
      .select(['version', 'policy_json', 'saved_at', 'saved_by'])
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const parsed = sendPolicySchema.safeParse(JSON.parse(row.policy_json));
    const policy = parsed.success ? parsed.data : sendPolicySchema.parse({});
    return { version: row.version, policy, savedAt: row.saved_at, savedBy: row.saved_by };
  },

  insertVersion: async (tx: Tx, policy: SendPolicy, at: string, by: string): Promise<number> =>
    (
      await tx
        .insertInto('send_policy_versions')
        .values({ policy_json: canonicalJson(policy), saved_at: at, saved_by: by })
        .returning('version')
        .executeTakeFirstOrThrow()
    ).version,

  insertDryRun: async (tx: Tx, policy: SendPolicy, at: string, summary: unknown): Promise<void> => {
    await tx
      .insertInto('send_policy_dry_runs')
      .values({ policy_json: conditionsKey(policy), ran_at: at, summary_json: JSON.stringify(summary) })
      .execute();
  },

  /** The latest dry run made of these very conditions (null: never). */
  lastDryRun: async (tx: Tx, policy: SendPolicy): Promise<string | null> =>
    (
      await tx
        .selectFrom('send_policy_dry_runs')
        .select((eb) => eb.fn.max('ran_at').as('at'))
        .where('policy_json', '=', conditionsKey(policy))
        .executeTakeFirst()
    )?.at ?? null,

  /**
   * The current plans' credit lines dated in [from, to] whose match is in one of `states`, with their items and
   * what the policy needs to judge them. `asOfDecision`: judge a line as it stood when a person decided it (dry
   * run) — its own receivables being in the outbox or no longer open is the consequence of that decision.
   */
  async proposals(
    tx: Tx,
    q: {
      from?: string | undefined;
      to?: string | undefined;
      states: readonly string[];
      asOfDecision: boolean;
    },
  ): Promise<ProposalRow[]> {
    let query = tx
      .selectFrom('matches as m')
      .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
      .innerJoin('statement_lines as l', 'l.id', 'm.line_id')
      .select([
        'm.id as matchId',
        'm.line_id as lineId',
        'l.date as lineDate',
        'l.amount_cents as amountCents',
        'l.description',
        'l.payer_text as payerText',
        'l.payer_document as payerDocument',
        'm.state',
        sql<'green' | 'yellow' | 'red'>`m.zone`.as('zone'),
        'm.reasons_json as reasonsJson',
        'm.aside_rule_id as asideRuleId',
      ])
      .where(sql.raw<boolean>(currentPlanOf('p')))
      .where('l.kind', '=', 'credit')
      .where('m.state', 'in', [...q.states]);
    if (q.from) query = query.where('l.date', '>=', q.from);
    if (q.to) query = query.where('l.date', '<=', q.to);
    const rows = await query.orderBy('l.date').orderBy('l.id').execute();
    if (rows.length === 0) return [];
    const items = (
      await tx
        .selectFrom('match_items as i')
        .leftJoin('receivables as r', 'r.id', 'i.receivable_id')
        .select([
          'i.match_id as matchId',
          'i.receivable_id as receivableId',
          'r.due_date as dueDate',
          'r.member_id as memberId',
          'r.status_id as statusId',
          'r.payer_name as payerName',
          sql<number | boolean>`EXISTS (SELECT 1 FROM match_items j WHERE j.receivable_id = i.receivable_id
            AND j.active = 1 AND j.match_id <> i.match_id)`.as('elsewhere'),
          sql<number | boolean>`EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = i.receivable_id
            AND (o.match_id IS NULL OR o.match_id <> i.match_id))`.as('queuedElsewhere'),
          sql<
            number | boolean
          >`EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = i.receivable_id)`.as('queued'),
        ])
        .where(
          inIds(
            tx,
            'i.match_id',
            rows.map((r) => r.matchId),
          ),
        )
        .orderBy('i.match_id')
        .orderBy('i.id')
        .execute()
    ).map((i) => ({
      ...i,
      elsewhere: Boolean(i.elsewhere),
      queuedElsewhere: Boolean(i.queuedElsewhere),
      queued: Boolean(i.queued),
    }));
    const byMatch = new Map<number, typeof items>();
    for (const i of items) byMatch.set(i.matchId, [...(byMatch.get(i.matchId) ?? []), i]);
    const docs = await documentMembers(tx);
    return rows.map((r): ProposalRow => {
      const its = byMatch.get(r.matchId) ?? [];
      const taken = its.some(
        (i) =>
          i.elsewhere ||
          (q.asOfDecision ? i.queuedElsewhere : i.queued) ||
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
  policyApprovals: (
    tx: Tx,
    fromUtc: string,
    toUtc: string,
  ): Promise<{ at: string; subject: string | null; afterJson: string | null }[]> =>
    tx
      .selectFrom('audit_log')
      .select(['at', 'subject', 'after_json as afterJson'])
      .where('action', '=', 'match.approved')
      .where('at', '>=', fromUtc)
      .where('at', '<', toUtc)
      .where(jsonField(tx, 'after_json', 'policyVersion'), 'is not', null)
      .orderBy('seq')
      .execute(),
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
async function documentMembers(tx: Tx): Promise<Map<string, Set<number>>> {
  const rows = await tx
    .selectFrom('matches as m')
    .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
    .innerJoin('statement_lines as l', 'l.id', 'm.line_id')
    .innerJoin('match_items as i', 'i.match_id', 'm.id')
    .innerJoin('receivables as r', 'r.id', 'i.receivable_id')
    .select(['l.payer_document as doc', 'r.member_id as memberId'])
    .where(sql.raw<boolean>(currentPlanOf('p')))
    .where('m.state', '=', 'approved')
    .where('l.payer_document', 'is not', null)
    .where('r.member_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('audit_log as a')
            .select('a.seq')
            .where('a.action', '=', 'match.approved')
            .where('a.subject', '=', sql<string>`'line:' || l.id`)
            .where(jsonField(tx, 'a.after_json', 'policyVersion'), 'is not', null),
        ),
      ),
    )
    .execute();
  const out = new Map<string, Set<number>>();
  for (const r of rows) {
    const d = normalizeDocument(r.doc);
    if (!d) continue;
    out.set(d, (out.get(d) ?? new Set()).add(r.memberId!));
  }
  return out;
}

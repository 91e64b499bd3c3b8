import type { DryRunDto, PolicyView, SendPolicy } from '../../shared/contract/policy';
import { appendAudit } from '../audit/audit.store';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import { applyReviewIn } from '../review/review.service';
import type { Store, Tx } from '../store/store';
import { addDays, todayInBrasilia } from '../sync/dates';
import { DEFAULT_POLICY, REFUSAL_PT, approvalNote, describePolicy, judge } from './policy-rules';
import { policyRepo, type ProposalRow } from './policy.repo';

/** What the branch's send policy approved (or, in a dry run, would have approved) in one run. */
export interface PolicyRunResult {
  /** The policy's version number as audited ("aprovado pela regra de envio automático <n>"); null when off. */
  policyVersion: number | null;
  /** Proposals looked at, and those the policy approved. */
  considered: number;
  approved: { lineId: number; receivableIds: number[]; amountCents: number }[];
  /** Why the others were left for a person, counted by reason code. */
  leftForPerson: { reason: string; count: number }[];
}

/** Who the audit log names for an automatic approval. */
export const policyActor = (version: number) => `regra de envio automático ${version}`;

/** How far back a dry run looks. */
export const DRY_RUN_DAYS = 30;

/** The stored policy as Configurações shows it (the defaults, off, when never saved). */
export async function policyView(tx: Tx): Promise<PolicyView> {
  const cur = await policyRepo.current(tx);
  const policy = cur?.policy ?? DEFAULT_POLICY;
  return {
    version: cur?.version ?? null,
    policy,
    savedAt: cur?.savedAt ?? null,
    savedBy: cur?.savedBy ?? null,
    sentences: describePolicy(policy),
    dryRunAt: await policyRepo.lastDryRun(tx, policy),
  };
}

/**
 * Save the policy as a new version, audited with before and after. Switching it on needs a dry run of these very
 * conditions first: a person must have seen what it would have done before it does anything.
 */
export function savePolicy(
  store: Store,
  policy: SendPolicy,
  who: { actor: string; profileId: string },
  now = new Date(),
): Promise<PolicyView> {
  return store.write(async (tx): Promise<PolicyView> => {
    const before = await policyRepo.current(tx);
    if (policy.enabled && (await policyRepo.lastDryRun(tx, policy)) === null)
      throw new AppError(
        'conflict',
        'Run the simulation of these conditions before switching the send policy on.',
        { code: 'policy.dry_run_first' },
      );
    const at = now.toISOString();
    const version = await policyRepo.insertVersion(tx, policy, at, who.actor);
    await appendAudit(tx, {
      ...who,
      at,
      action: 'policy.saved',
      subject: `send_policy:${version}`,
      before: before ? { version: before.version, policy: before.policy } : null,
      after: { version, policy, text: describePolicy(policy) },
    });
    return policyView(tx);
  });
}

const countReasons = (reasons: string[]) => {
  const m = new Map<string, number>();
  for (const r of reasons) m.set(r, (m.get(r) ?? 0) + 1);
  return [...m].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
};

/**
 * Judge the current plans' proposals by the profile's policy and, unless a dry run or the policy is off, approve
 * those that qualify — the same approval as a clerk's click (review.service `applyReview`), so they go to the
 * outbox as any approved pair does — each audited as "aprovado pela regra de envio automático <n>", all in one
 * transaction. Lines a person already decided are never touched (only `suggested` proposals are looked at).
 */
export function runSendPolicy(
  store: Store,
  profileId: string,
  opts: { dryRun: boolean; from?: string | undefined; to?: string | undefined; now?: Date },
): Promise<PolicyRunResult> {
  const now = opts.now ?? new Date();
  // The proposals are read and approved in one transaction: what is judged is what is approved.
  return store.write(async (tx): Promise<PolicyRunResult> => {
    const cur = await policyRepo.current(tx);
    const rows = await policyRepo.proposals(tx, {
      from: opts.from,
      to: opts.to,
      states: ['suggested'],
      asOfDecision: false,
    });
    if (!cur?.policy.enabled)
      return {
        policyVersion: null,
        considered: rows.length,
        approved: [],
        leftForPerson: rows.length ? [{ reason: 'off', count: rows.length }] : [],
      };
    const ok: ProposalRow[] = [];
    const refused: string[] = [];
    for (const r of rows) {
      const v = judge(cur.policy, r);
      if (v.ok) ok.push(r);
      else refused.push(v.reason);
    }
    if (!opts.dryRun && ok.length > 0) {
      const res = await applyReviewIn(
        tx,
        'approve',
        ok.map((r) => r.matchId),
        { actor: policyActor(cur.version), profileId },
        now,
        { policyVersion: cur.version, note: approvalNote(cur.version) },
      );
      // Only `suggested` rows were read inside this transaction, so none can be skipped; if one were, it is a bug
      // worth failing loudly over rather than a line silently reported as approved.
      if (res.skipped.length > 0)
        throw new AppError(
          'internal',
          `The send policy could not approve ${res.skipped.length} proposal(s).`,
          {
            code: 'policy.skipped',
          },
        );
    }
    return {
      policyVersion: cur.version,
      considered: rows.length,
      approved: ok.map((r) => ({
        lineId: r.lineId,
        receivableIds: r.items.map((i) => i.receivableId),
        amountCents: r.amountCents,
      })),
      leftForPerson: countReasons(refused),
    };
  });
}

/**
 * Apply the profile's send policy to the current proposals (the cycle calls this after matching; it then sends
 * with read-back through the outbox). In a dry run nothing changes.
 */
export async function applySendPolicy(
  ctx: Pick<CoreContext, 'storeFor'>,
  profileId: string,
  opts: { dryRun: boolean; from?: string; to?: string },
): Promise<PolicyRunResult> {
  return runSendPolicy(ctx.storeFor(profileId), profileId, opts);
}

const DECIDED_BY_PERSON = ['approved', 'rejected', 'set_aside', 'overridden', 'to_review'];
const MAX_ROWS = 200;

/**
 * What a policy (the stored one, or one being edited) would have approved over the last 30 days, against what
 * people decided. Each line is judged as it stood when it was decided. Changes nothing but the record that this
 * dry run was made (which switching on requires).
 * - agreed: it would approve, and the person approved the same receivables;
 * - disagreed: it would approve, and the person did something else (rejected, chose by hand, set aside);
 * - left_to_person: the person approved, the policy would have left it for a person;
 * - would_approve: nobody decided yet, and it would approve.
 */
export function dryRunPolicy(
  store: Store,
  q: { policy?: SendPolicy | undefined; from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<DryRunDto> {
  return store.write((tx) => dryRunIn(tx, q, now));
}

async function dryRunIn(
  tx: Tx,
  q: { policy?: SendPolicy | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<DryRunDto> {
  const stored = await policyRepo.current(tx);
  const policy = q.policy ?? stored?.policy ?? DEFAULT_POLICY;
  // Judged as if switched on: the point is to see what it would do.
  const on = { ...policy, enabled: true };
  const to = q.to ?? todayInBrasilia(now);
  const from = q.from ?? addDays(to, -DRY_RUN_DAYS);
  const states = ['suggested', 'unmatched', 'recorded', ...DECIDED_BY_PERSON];
  const lines = await policyRepo.proposals(tx, { from, to, states, asOfDecision: true });
  const out: DryRunDto = {
    from,
    to,
    policyVersion: q.policy ? null : (stored?.version ?? null),
    considered: 0,
    wouldApprove: 0,
    wouldApproveCents: 0,
    agreed: 0,
    disagreed: 0,
    leftToPerson: 0,
    refusals: [],
    rows: [],
  };
  const refusals = new Map<string, number>();
  for (const l of lines) {
    if (l.state === 'set_aside' && l.asideByRule) continue;
    out.considered++;
    const byPerson = DECIDED_BY_PERSON.includes(l.state);
    // A choice made by hand carries "manual" first: the engine's own proposal is no longer known, so the policy's
    // view of it is not either — counted as left for a person, never as agreement.
    const manual = l.reasons.some((r) => r.code === 'manual');
    const v = manual
      ? ({ ok: false, reason: 'not_proposed' } as const)
      : judge(on, { ...l, state: 'suggested' });
    if (!v.ok) refusals.set(v.reason, (refusals.get(v.reason) ?? 0) + 1);
    if (v.ok) {
      out.wouldApprove++;
      out.wouldApproveCents += l.amountCents;
    }
    const verdict = v.ok
      ? !byPerson
        ? 'would_approve'
        : l.state === 'approved'
          ? 'agreed'
          : 'disagreed'
      : l.state === 'approved'
        ? 'left_to_person'
        : null;
    if (verdict === 'agreed') out.agreed++;
    if (verdict === 'disagreed') out.disagreed++;
    if (verdict === 'left_to_person') out.leftToPerson++;
    if (verdict)
      out.rows.push({
        lineId: l.lineId,
        date: l.lineDate,
        amountCents: l.amountCents,
        description: l.description,
        payerName: l.payerName,
        receivableIds: l.items.map((i) => i.receivableId),
        verdict,
        personState: byPerson ? l.state : null,
        why: v.ok ? null : manual ? 'escolhido à mão por uma pessoa' : REFUSAL_PT[v.reason],
      });
  }
  // Disagreements first: they are what a person must look at before switching the policy on.
  const order = { disagreed: 0, would_approve: 1, agreed: 2, left_to_person: 3 } as const;
  out.rows.sort(
    (a, b) => order[a.verdict] - order[b.verdict] || b.date.localeCompare(a.date) || b.lineId - a.lineId,
  );
  out.rows = out.rows.slice(0, MAX_ROWS);
  out.refusals = [...refusals]
    .map(([reason, count]) => ({
      reason: reason as DryRunDto['refusals'][number]['reason'],
      count,
      text: REFUSAL_PT[reason as keyof typeof REFUSAL_PT],
    }))
    .sort((a, b) => b.count - a.count);
  await policyRepo.insertDryRun(tx, policy, now.toISOString(), {
    from,
    to,
    considered: out.considered,
    wouldApprove: out.wouldApprove,
    agreed: out.agreed,
    disagreed: out.disagreed,
    leftToPerson: out.leftToPerson,
  });
  return out;
}

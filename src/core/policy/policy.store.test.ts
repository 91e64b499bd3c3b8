import { describe, expect, it } from 'vitest';
import { appendAudit } from '../audit/audit.store';
import { seedApprovedLines } from '../store/testing-seed';
import { DEFAULT_POLICY } from './policy-rules';
import { policyRepo } from './policy.repo';
import { dryRunPolicy, runSendPolicy, savePolicy } from './send-policy';
import { enqueuePairs } from '../outbox/outbox.repo';
import { dailySummary } from '../reports/daily-summary.report';
import { storesForTests } from '../../../tests/helpers/stores';

/**
 * [W] must-show 1: the send policy's repository on both databases — its versions, its dry runs, the proposals it
 * judges (with the documents a person confirmed, read from the audit log's JSON), and the approvals it made that day.
 */
const { open } = storesForTests();

const NOW = new Date('2026-11-20T15:00:00.000Z');
const clerk = { actor: 'ana (server)', profileId: 'p1' };

describe.each(['sqlite', 'postgres'] as const)('the send policy on %s', (dialect) => {
  it('versions, dry runs, proposals and the day’s approvals', async () => {
    const store = await open[dialect]();
    const pairs = await seedApprovedLines(store, 3, { state: 'suggested', at: '2026-11-19T12:00:00.000Z' });
    // Off and never saved: nothing approved, every proposal left for a person.
    const off = await runSendPolicy(store, 'p1', { dryRun: false, now: NOW });
    expect(off).toMatchObject({ policyVersion: null, considered: 3, approved: [] });
    // Switching on needs a dry run of these very conditions first.
    await expect(savePolicy(store, { ...DEFAULT_POLICY, enabled: true }, clerk, NOW)).rejects.toThrow(
      /simulation/,
    );
    const dry = await dryRunPolicy(
      store,
      { policy: DEFAULT_POLICY, from: '2026-11-01', to: '2026-11-20' },
      NOW,
    );
    expect(dry).toMatchObject({ considered: 3, from: '2026-11-01', to: '2026-11-20' });
    const view = await savePolicy(store, { ...DEFAULT_POLICY, enabled: true }, clerk, NOW);
    expect(view).toMatchObject({ version: 1, policy: { enabled: true }, dryRunAt: NOW.toISOString() });
    expect(await store.read((tx) => policyRepo.current(tx))).toMatchObject({
      version: 1,
      savedBy: 'ana (server)',
    });
    // The proposals as the policy reads them: lines, their receivables, nothing taken elsewhere.
    const rows = await store.read((tx) =>
      policyRepo.proposals(tx, { states: ['suggested'], asOfDecision: false, from: '2026-11-01' }),
    );
    expect(rows.map((r) => [r.lineId, r.items.map((i) => i.receivableId), r.taken])).toEqual(
      pairs.map((p) => [p.lineId, [p.receivableId], true]),
    );
    // The day's approvals by the policy: audit entries whose JSON names a policy version, and only those.
    await store.write(async (tx) => {
      await appendAudit(tx, {
        ...clerk,
        at: '2026-11-20T13:00:00.000Z',
        action: 'match.approved',
        subject: `line:${pairs[0]!.lineId}`,
        after: { matchId: pairs[0]!.matchId, policyVersion: 1 },
      });
      await appendAudit(tx, {
        ...clerk,
        at: '2026-11-20T13:05:00.000Z',
        action: 'match.approved',
        subject: `line:${pairs[1]!.lineId}`,
        after: { matchId: pairs[1]!.matchId },
      });
    });
    const approvals = await store.read((tx) =>
      policyRepo.policyApprovals(tx, '2026-11-20T03:00:00.000Z', '2026-11-21T03:00:00.000Z'),
    );
    expect(approvals.map((a) => a.subject)).toEqual([`line:${pairs[0]!.lineId}`]);
    // The day's summary: that approval with its line and receivables; once queued, its batch is the policy's.
    await store.write((tx) =>
      enqueuePairs(tx, [{ ...pairs[0]!, matchId: null }], clerk, { now: '2026-11-20T13:10:00.000Z' }),
    );
    const summary = await dailySummary(store, '2026-11-20');
    expect(summary.approved).toEqual([
      expect.objectContaining({
        lineId: pairs[0]!.lineId,
        receivableIds: [pairs[0]!.receivableId],
        policyVersion: 1,
      }),
    ]);
    expect(summary.sent).toEqual([
      expect.objectContaining({ state: 'queued', receivables: 1, amountCents: pairs[0]!.amountCents }),
    ]);
    expect(summary.totals).toMatchObject({ approved: 1, sentBatches: 1, held: 0 });
  });
});

/**
 * A stand-in for the branch's send policy in the cycle's tests (the real one, core/policy, is tested by itself):
 * it approves every green of every statement through `review.approveGreen`, as a policy that trusts greens would,
 * and returns the pairs it approved. The cycle's own job — sending those pairs, and only those — is what is tested.
 */
import type { CoreContext } from '../../src/core/context';
import { storeOfDb } from '../../src/core/store/sqlite-store';
import type { Dispatch } from '../../src/core/dispatch';
import { approvedNotQueued } from '../../src/core/outbox/approved.repo';
import type { PolicyRunResult } from '../../src/core/policy/send-policy';

export function greensPolicy(dispatch: Dispatch) {
  return async (ctx: CoreContext, profileId: string): Promise<PolicyRunResult> => {
    const db = ctx.dbFor(profileId);
    const before = new Set((await storeOfDb(db).read(approvedNotQueued)).map((p) => p.receivableId));
    const list = await dispatch('import.statements', {});
    if (!list.ok) throw new Error(list.error.message);
    for (const s of (list.value as { statements: { id: number }[] }).statements) {
      const r = await dispatch('review.approveGreen', { statementId: s.id });
      if (!r.ok) throw new Error(r.error.message);
    }
    const approved = (await storeOfDb(db).read(approvedNotQueued)).filter((p) => !before.has(p.receivableId));
    return {
      policyVersion: 1,
      considered: approved.length,
      approved: approved.map((p) => ({
        lineId: p.lineId!,
        receivableIds: [p.receivableId],
        amountCents: p.amountCents,
      })),
      leftForPerson: [],
    };
  };
}

import type { CoreContext } from '../context';

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

/**
 * Apply the profile's send policy to the current proposals. Placeholder until the send policy lands: the policy is
 * off, nothing is approved.
 */
export async function applySendPolicy(
  _ctx: CoreContext,
  _profileId: string,
  _opts: { dryRun: boolean; from?: string; to?: string },
): Promise<PolicyRunResult> {
  return { policyVersion: null, considered: 0, approved: [], leftForPerson: [] };
}

import { z } from 'zod';
import { fileDownloadSchema } from './debtors';
import { defineCommand } from './define';

/**
 * [U] items 5–7: the branch's send policy (which green proposals may be approved without a click), its dry run,
 * and the daily summary of what was done automatically. The policy is stored per branch, versioned (every save
 * is a new version, audited); `enabled` is part of the policy, so switching it on or off is a new version too.
 */

/** The channels a credit line's words can name (matching/text.ts `channelOf`), card deposits apart. */
export const POLICY_CHANNELS = ['pix', 'ted', 'boleto', 'deposit'] as const;
export type PolicyChannel = (typeof POLICY_CHANNELS)[number];

export const sendPolicySchema = z.object({
  /** Off by default: nothing is approved without a click until the branch switches the policy on. */
  enabled: z.boolean().default(false),
  /** Which credit lines may qualify, by the channel their words name. Pix only by default. */
  channels: z.array(z.enum(POLICY_CHANNELS)).min(1).default(['pix']),
  /**
   * How the payer must be identified: `document` — the receivable's code on the line, or a payer document
   * (CPF/CNPJ) already confirmed by a person for this member; `document_or_name` — that, or the payer's full
   * name (at least `minNamePercent` alike) or a name a person confirmed before (a learned alias).
   */
  identity: z.enum(['document', 'document_or_name']).default('document_or_name'),
  /** Name similarity needed for the name to count as the full name (100: the same words; banks drop middle names). */
  minNamePercent: z.number().int().min(90).max(100).default(100),
  /** The receivable must be due at most this many days before or after the credit. */
  dueWithinDays: z.number().int().min(0).max(60).default(5),
  /** A credit above this amount is always left for a person. */
  maxAmountCents: z.number().int().min(100).max(100_000_000).default(100_000),
  /** One credit paying several receivables of one payer (a parent paying two plans). Off by default. */
  allowManyToOne: z.boolean().default(false),
  /** Card deposits, only when an acquirer settlement file explains them sale by sale. Off by default. */
  cardWithAcquirerFile: z.boolean().default(false),
});
export type SendPolicy = z.infer<typeof sendPolicySchema>;

/** What the policy tells a person about itself: one sentence per condition, generated from the stored policy. */
const policyViewSchema = z.object({
  /** null: never saved (the defaults, off). */
  version: z.number().int().nullable(),
  policy: sendPolicySchema,
  savedAt: z.string().nullable(),
  savedBy: z.string().nullable(),
  /** Portuguese, one per condition, in the order they are checked. */
  sentences: z.array(z.string()),
  /** When the last dry run was made with this very policy (switching on needs one). */
  dryRunAt: z.string().nullable(),
});
export type PolicyView = z.infer<typeof policyViewSchema>;

/** Why a proposal was left for a person: one code per condition (core/policy/policy-rules.ts). */
export const POLICY_REFUSALS = [
  'off',
  'not_green',
  'not_proposed',
  'channel',
  'identity',
  'amount_not_exact',
  'many_to_one',
  'rival',
  'due_window',
  'amount_cap',
  'card',
  'taken',
] as const;
export type PolicyRefusal = (typeof POLICY_REFUSALS)[number];

/** How a line already decided by a person compares with what the policy would have done. */
export const DRY_RUN_VERDICTS = [
  /** The policy would have approved exactly what the person approved. */
  'agreed',
  /** The policy would have approved, the person did something else (rejected, chose others, set aside). */
  'disagreed',
  /** The person approved, the policy would have left it for a person (conservative: not a disagreement). */
  'left_to_person',
  /** Nobody decided yet; the policy would approve it. */
  'would_approve',
] as const;
export type DryRunVerdict = (typeof DRY_RUN_VERDICTS)[number];

const dryRunRowSchema = z.object({
  lineId: z.number().int(),
  date: z.string(),
  amountCents: z.number().int(),
  description: z.string(),
  payerName: z.string().nullable(),
  receivableIds: z.array(z.number().int()),
  verdict: z.enum(DRY_RUN_VERDICTS),
  /** What the person did (approved, rejected, …), null when undecided. */
  personState: z.string().nullable(),
  /** Why the policy would leave it (for left_to_person rows), in Portuguese. */
  why: z.string().nullable(),
});

export const dryRunSchema = z.object({
  from: z.string(),
  to: z.string(),
  policyVersion: z.number().int().nullable(),
  /** Credit lines with a current match in the period, and how many the policy would approve. */
  considered: z.number().int(),
  wouldApprove: z.number().int(),
  wouldApproveCents: z.number().int(),
  agreed: z.number().int(),
  disagreed: z.number().int(),
  leftToPerson: z.number().int(),
  /** Lines left for a person, counted by the first condition that refused them. */
  refusals: z.array(z.object({ reason: z.enum(POLICY_REFUSALS), count: z.number().int(), text: z.string() })),
  /** The lines the policy would approve and the lines people decided otherwise, newest first (at most 200). */
  rows: z.array(dryRunRowSchema),
});
export type DryRunDto = z.infer<typeof dryRunSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

export const dailySummarySchema = z.object({
  day: z.string(),
  approved: z.array(
    z.object({
      at: z.string(),
      lineId: z.number().int(),
      lineDate: z.string().nullable(),
      amountCents: z.number().int().nullable(),
      description: z.string().nullable(),
      receivableIds: z.array(z.number().int()),
      payerName: z.string().nullable(),
      policyVersion: z.number().int(),
    }),
  ),
  sent: z.array(
    z.object({
      batchId: z.number().int(),
      at: z.string(),
      state: z.string(),
      receivables: z.number().int(),
      amountCents: z.number().int(),
      confirmedAt: z.string().nullable(),
    }),
  ),
  held: z.array(
    z.object({
      queueId: z.number().int(),
      at: z.string(),
      memberId: z.number().int(),
      memberName: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  totals: z.object({
    approved: z.number().int(),
    approvedCents: z.number().int(),
    sentBatches: z.number().int(),
    confirmed: z.number().int(),
    held: z.number().int(),
  }),
});
export type DailySummaryDto = z.infer<typeof dailySummarySchema>;

export const policyCommands = {
  'policy.get': defineCommand({
    summary: "The branch's send policy (automatic approval of green proposals), its version and its text",
    input: z.object({}).default({}),
    output: policyViewSchema,
  }),
  'policy.save': defineCommand({
    summary:
      'Save the send policy as a new version (audited). Switching it on needs a dry run of this very policy first',
    input: sendPolicySchema,
    output: policyViewSchema,
  }),
  'policy.dryRun': defineCommand({
    summary:
      'What the send policy would have approved over the last 30 days, compared with what people decided; changes nothing',
    input: z.object({ policy: sendPolicySchema.optional(), from: isoDay.optional(), to: isoDay.optional() }),
    output: dryRunSchema,
  }),
  'policy.dailySummary': defineCommand({
    summary:
      'What was done automatically on a day (approved by the policy, sent, confirmed, notifications held), as data or an XLSX/PDF file',
    input: z.object({ day: isoDay.optional(), format: z.enum(['xlsx', 'pdf']).optional() }),
    output: z.object({ summary: dailySummarySchema, file: fileDownloadSchema.nullable() }),
  }),
};

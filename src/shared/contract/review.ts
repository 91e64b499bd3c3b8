import { z } from 'zod';
import { ACCOUNT_STATUS } from '../constants';
import { defineCommand } from './define';
import { ASIDE_REASONS, reasonSchema } from './matching';

const ids = z.array(z.number().int().positive()).min(1).max(20_000);
const reviewResult = z.object({
  changed: z.number().int(),
  skipped: z.array(z.object({ matchId: z.number().int(), reason: z.string() })),
});

const asideReason = z.enum(ASIDE_REASONS);
const note = z.string().trim().max(200);
/** Words the line's text must all contain (folded: case and accents do not matter). */
const pattern = z.string().trim().min(3, 'the pattern is too short').max(120);

export const asideRuleSchema = z.object({
  id: z.number().int(),
  pattern: z.string(),
  reason: asideReason,
  note: z.string().nullable(),
  bankAccountId: z.number().int().nullable(),
  bankAccountName: z.string().nullable(),
  createdAt: z.string(),
  timesApplied: z.number().int(),
  lastAppliedAt: z.string().nullable(),
});
export type AsideRuleDto = z.infer<typeof asideRuleSchema>;

export const reviewCommands = {
  'review.approve': defineCommand({
    summary: 'Approve matches (they can then be sent)',
    input: z.object({ matchIds: ids }),
    output: reviewResult,
  }),
  'review.approveGreen': defineCommand({
    summary: 'Approve every green suggestion of a statement',
    input: z.object({ statementId: z.number().int().positive().optional() }),
    output: reviewResult,
  }),
  'review.reject': defineCommand({
    summary: 'Reject matches (their receivables are freed)',
    input: z.object({ matchIds: ids }),
    output: reviewResult,
  }),
  'review.toReview': defineCommand({
    summary: 'Mark matches "a revisar"',
    input: z.object({ matchIds: ids }),
    output: reviewResult,
  }),
  'review.unmatch': defineCommand({
    summary: 'Remove the receivables proposed for lines',
    input: z.object({ matchIds: ids }),
    output: reviewResult,
  }),
  'review.override': defineCommand({
    summary:
      'Choose the receivables of a line by hand; a choice scoring below yellow needs confirmed: true (until then nothing changes)',
    input: z.object({
      lineId: z.number().int().positive(),
      receivableIds: z.array(z.number().int().positive()).min(1, 'choose at least one receivable').max(50),
      /** The clerk confirmed a low-score choice. */
      confirmed: z.boolean().default(false),
      /** Remember the bank's payer text as these members for next time. */
      learn: z.boolean().default(true),
    }),
    output: z.object({
      applied: z.boolean(),
      needsConfirmation: z.boolean(),
      matchId: z.number().int(),
      score: z.number().int(),
      zone: z.enum(['green', 'yellow', 'red']),
      aliasesLearned: z.number().int(),
      reasons: z.array(reasonSchema),
    }),
  }),
  'review.searchReceivables': defineCommand({
    summary: 'Search the cached receivables to pick by hand (name, amount, due date, payment type, status)',
    input: z.object({
      query: z.string().trim().max(100).optional(),
      amountCents: z.number().int().optional(),
      dueFrom: z.string().max(10).optional(),
      dueTo: z.string().max(10).optional(),
      paymentTypeIds: z.array(z.number().int()).max(20).optional(),
      statuses: z.array(z.number().int()).max(4).default([ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue]),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    output: z.object({
      rows: z.array(
        z.object({
          id: z.number().int(),
          payerName: z.string().nullable(),
          description: z.string().nullable(),
          amountCents: z.number().int(),
          dueDate: z.string().nullable(),
          paymentTypeId: z.number().int().nullable(),
          statusId: z.number().int(),
          heldByLineId: z.number().int().nullable(),
        }),
      ),
    }),
  }),
  'review.aliases': defineCommand({
    summary: "The learned names: bank payer text → member, learned from the clerk's choices",
    input: z.object({}),
    output: z.object({
      rows: z.array(
        z.object({
          id: z.number().int(),
          payerKey: z.string(),
          payerText: z.string().nullable(),
          memberId: z.number().int(),
          memberName: z.string().nullable(),
          learnedAt: z.string(),
          timesUsed: z.number().int(),
        }),
      ),
    }),
  }),
  'review.removeAlias': defineCommand({
    summary: 'Forget a learned name (later suggestions no longer use it)',
    input: z.object({ id: z.number().int().positive() }),
    output: z.object({ removed: z.number().int() }),
  }),
  'review.setAside': defineCommand({
    summary:
      'Set lines aside: not a member payment (bank interest, own-account transfer, partner payout, refund, other + note); optionally make a rule for lines like them',
    input: z
      .object({
        matchIds: ids,
        reason: asideReason,
        note: note.optional(),
        /** Also set aside, from now on, every line whose text contains these words. */
        rule: z.object({ pattern, thisAccountOnly: z.boolean().default(true) }).optional(),
      })
      .refine((v) => v.reason !== 'other' || (v.note ?? '').length > 0, {
        message: 'say why in a note',
        path: ['note'],
      }),
    output: reviewResult.extend({
      ruleId: z.number().int().nullable(),
      /** Other undecided lines of the statement the new rule set aside at once. */
      alsoSetAside: z.number().int(),
    }),
  }),
  'review.asideRules': defineCommand({
    summary: 'The set-aside rules: lines whose text contains the pattern are set aside on every import',
    input: z.object({}),
    output: z.object({ rows: z.array(asideRuleSchema) }),
  }),
  'review.updateAsideRule': defineCommand({
    summary: 'Change a set-aside rule (pattern, reason, note); lines not yet decided are looked at again',
    input: z.object({
      id: z.number().int().positive(),
      pattern: pattern.optional(),
      reason: asideReason.optional(),
      note: note.nullable().optional(),
    }),
    output: z.object({ rule: asideRuleSchema }),
  }),
  'review.removeAsideRule': defineCommand({
    summary: 'Remove a set-aside rule; the lines it set aside go back to matching',
    input: z.object({ id: z.number().int().positive() }),
    output: z.object({ removed: z.number().int(), linesReleased: z.number().int() }),
  }),
};

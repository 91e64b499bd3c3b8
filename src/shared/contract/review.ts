import { z } from 'zod';
import { defineCommand } from './define';
import { reasonSchema } from './matching';

const ids = z.array(z.number().int().positive()).min(1).max(20_000);
const reviewResult = z.object({
  changed: z.number().int(),
  skipped: z.array(z.object({ matchId: z.number().int(), reason: z.string() })),
});

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
      statuses: z.array(z.number().int()).max(4).default([1, 4]),
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
};

import { z } from 'zod';
import { ACCOUNT_STATUS } from '../constants';
import { defineCommand } from './define';
import { ASIDE_REASONS, reasonSchema } from './matching';

const ids = z.array(z.number().int().positive()).min(1).max(20_000);

/**
 * [W] What the clerk saw of each match when deciding (docs/concurrency.md): its `version` as `match.lines` gave it.
 * A match whose stored version differs was changed by someone else since: it is left as it is and named in
 * `conflicts`; the others go through. `lineId` names the line when the match itself is gone (a re-run of matching
 * replaced the suggestion). A match not listed here is decided without the check (the CLI, the send policy).
 */
const seen = z
  .array(
    z.object({
      matchId: z.number().int().positive(),
      version: z.number().int().min(0),
      lineId: z.number().int().positive().optional(),
    }),
  )
  .max(20_000)
  .optional();

/** A match left unchanged because someone changed it after the clerk saw it: who, when, and how it stands now. */
export const reviewConflictSchema = z.object({
  matchId: z.number().int(),
  lineId: z.number().int(),
  /** Who last changed the line: the login part of the audit entry's actor (`ana (server)` → `ana`). */
  by: z.string(),
  /** When (ISO instant; shown in Brasília's time). */
  at: z.string(),
  /** The line's state now (its match in the current plan). */
  state: z.string(),
});
export type ReviewConflict = z.infer<typeof reviewConflictSchema>;
const conflicts = z.array(reviewConflictSchema);

const reviewResult = z.object({
  changed: z.number().int(),
  skipped: z.array(z.object({ matchId: z.number().int(), reason: z.string() })),
  conflicts,
});

const asideReason = z.enum(ASIDE_REASONS);
const note = z.string().trim().max(200);
/** Words the line's text must all contain (folded: case and accents do not matter). */
const pattern = z.string().trim().min(3, 'the pattern is too short').max(120);

/** A bound of a rule's amount range, in cents (null: no bound). */
const bound = z.number().int().min(0).max(100_000_000_000).nullable();
/** Narrowing a rule: only lines whose amount is within [minCents, maxCents] (either bound may be absent). */
const range = {
  minCents: bound.optional(),
  maxCents: bound.optional(),
};
const rangeInOrder = (v: { minCents?: number | null; maxCents?: number | null }) =>
  v.minCents === undefined || v.minCents === null || v.maxCents === undefined || v.maxCents === null
    ? true
    : v.minCents <= v.maxCents;
const rangeMessage = { message: 'the smallest amount is above the largest', path: ['maxCents'] };

/**
 * The clerk's answer to a rule's preview: `wide` — yes, save it although it catches more than the set share of a
 * statement's credits (WIDE_RULE, core/matching/aside-rules.ts); `lineIds` — these lines with a proposal, already
 * in EVO, matched by hand or under review may be set aside too (every other such line is left as it is).
 */
const confirmSchema = z.object({
  wide: z.boolean().default(false),
  lineIds: z.array(z.number().int().positive()).max(20_000).default([]),
});

/**
 * Where a line a rule catches stands (core/matching/aside-rules.ts `asideStanding`): `free` lines are taken;
 * `suggested`, `recorded`, `matched`, `review` only when the clerk ticks them; `approved` never; `aside` already is.
 */
export const ASIDE_STANDINGS = [
  'free',
  'suggested',
  'recorded',
  'matched',
  'review',
  'approved',
  'aside',
] as const;
export type AsideStanding = (typeof ASIDE_STANDINGS)[number];

/** What a rule would catch now, across the statements' current plans. */
export const asidePreviewSchema = z.object({
  /** The pattern as it would be stored (folded words). */
  pattern: z.string(),
  /** Lines its words (and range, account) catch. */
  caught: z.number().int(),
  counts: z.object({
    free: z.number().int(),
    suggested: z.number().int(),
    recorded: z.number().int(),
    matched: z.number().int(),
    review: z.number().int(),
    approved: z.number().int(),
    aside: z.number().int(),
  }) satisfies z.ZodType<Record<AsideStanding, number>>,
  /** In some statement it catches more than the set share of the credit lines. */
  wide: z.boolean(),
  /** The share, in percent, above which a rule is wide. */
  widePercent: z.number(),
  /** Saving it needs the clerk's confirmation: it is wide, or it catches a line that is not free. */
  needsConfirmation: z.boolean(),
  statements: z.array(
    z.object({
      statementId: z.number().int(),
      fileName: z.string(),
      /** Its account's name and days: the preview names the statement by them ([T] item 5). */
      accountName: z.string().nullable(),
      periodFrom: z.string().nullable(),
      periodTo: z.string().nullable(),
      caught: z.number().int(),
      credits: z.number().int(),
      wide: z.boolean(),
    }),
  ),
  /** Every line that is not free (up to 500), then the first free ones. */
  lines: z.array(
    z.object({
      matchId: z.number().int(),
      lineId: z.number().int(),
      statementId: z.number().int(),
      date: z.string(),
      amountCents: z.number().int(),
      description: z.string(),
      payerText: z.string().nullable(),
      standing: z.enum(ASIDE_STANDINGS),
    }),
  ),
  /** Caught lines not listed. */
  more: z.number().int(),
});
export type AsidePreview = z.infer<typeof asidePreviewSchema>;

export const asideRuleSchema = z.object({
  id: z.number().int(),
  pattern: z.string(),
  reason: asideReason,
  note: z.string().nullable(),
  bankAccountId: z.number().int().nullable(),
  bankAccountName: z.string().nullable(),
  minCents: z.number().int().nullable(),
  maxCents: z.number().int().nullable(),
  createdAt: z.string(),
  timesApplied: z.number().int(),
  lastAppliedAt: z.string().nullable(),
});
export type AsideRuleDto = z.infer<typeof asideRuleSchema>;

export const reviewCommands = {
  'review.approve': defineCommand({
    summary: 'Approve matches (they can then be sent)',
    input: z.object({ matchIds: ids, seen }),
    output: reviewResult,
  }),
  'review.approveGreen': defineCommand({
    summary: 'Approve every green suggestion of a statement',
    input: z.object({ statementId: z.number().int().positive().optional() }),
    output: reviewResult,
  }),
  'review.reject': defineCommand({
    summary: 'Reject matches (their receivables are freed)',
    input: z.object({ matchIds: ids, seen }),
    output: reviewResult,
  }),
  'review.toReview': defineCommand({
    summary: 'Mark matches "a revisar"',
    input: z.object({ matchIds: ids, seen }),
    output: reviewResult,
  }),
  'review.unmatch': defineCommand({
    summary: 'Remove the receivables proposed for lines',
    input: z.object({ matchIds: ids, seen }),
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
      /**
       * [W] The version of the line's match the clerk saw (and its id, so a match a re-run replaced is told apart
       * from the new one, which starts at version 0 again). Changed since: nothing is applied, `conflicts` says who.
       */
      seenVersion: z.number().int().min(0).optional(),
      seenMatchId: z.number().int().positive().optional(),
    }),
    output: z.object({
      applied: z.boolean(),
      needsConfirmation: z.boolean(),
      matchId: z.number().int(),
      score: z.number().int(),
      zone: z.enum(['green', 'yellow', 'red']),
      aliasesLearned: z.number().int(),
      reasons: z.array(reasonSchema),
      /** The line changed since the clerk saw it (`seenVersion`): nothing was applied. */
      conflicts,
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
        seen,
        reason: asideReason,
        note: note.optional(),
        /**
         * Also set aside, from now on, every free line whose text contains these words (and whose amount is in
         * the range). When its preview needs confirmation, nothing changes until `confirm` is given.
         */
        rule: z
          .object({ pattern, thisAccountOnly: z.boolean().default(true), ...range })
          .refine(rangeInOrder, rangeMessage)
          .optional(),
        confirm: confirmSchema.optional(),
      })
      .refine((v) => v.reason !== 'other' || (v.note ?? '').length > 0, {
        message: 'say why in a note',
        path: ['note'],
      }),
    output: reviewResult.extend({
      ruleId: z.number().int().nullable(),
      /** Other lines the new rule set aside at once (free ones, and the ones the clerk ticked). */
      alsoSetAside: z.number().int(),
      /** The rule needs the clerk's confirmation (see `preview`): nothing was changed. */
      needsConfirmation: z.boolean(),
      preview: asidePreviewSchema.nullable(),
    }),
  }),
  'review.previewAsideRule': defineCommand({
    summary:
      'The lines a set-aside rule would catch now, where each stands, and whether saving it needs confirmation (wide, or catching lines with a proposal, already in EVO or decided)',
    input: z
      .object({
        pattern,
        /** Only lines of this bank account; null: every account. */
        bankAccountId: z.number().int().positive().nullable(),
        ...range,
        /** The rule being edited (its own lines count as free). */
        ruleId: z.number().int().positive().optional(),
        /** Lines being set aside by hand with the rule (not counted). */
        exceptMatchIds: z.array(z.number().int().positive()).max(20_000).optional(),
      })
      .refine(rangeInOrder, rangeMessage),
    output: asidePreviewSchema,
  }),
  'review.asideRules': defineCommand({
    summary: 'The set-aside rules: lines whose text contains the pattern are set aside on every import',
    input: z.object({}),
    output: z.object({ rows: z.array(asideRuleSchema) }),
  }),
  'review.updateAsideRule': defineCommand({
    summary:
      'Change a set-aside rule (pattern, reason, note, account, amount range); free lines are looked at again; a preview needing confirmation changes nothing until `confirm` is given',
    input: z
      .object({
        id: z.number().int().positive(),
        pattern: pattern.optional(),
        reason: asideReason.optional(),
        note: note.nullable().optional(),
        /** Narrowing: one bank account (null: every account) and the amount range. */
        bankAccountId: z.number().int().positive().nullable().optional(),
        ...range,
        confirm: confirmSchema.optional(),
      })
      .refine(rangeInOrder, rangeMessage),
    output: z.object({
      rule: asideRuleSchema,
      /** The change needs the clerk's confirmation (see `preview`): nothing was changed. */
      needsConfirmation: z.boolean(),
      preview: asidePreviewSchema,
      /** Lines the clerk ticked, set aside by hand. */
      confirmed: z.number().int(),
    }),
  }),
  'review.removeAsideRule': defineCommand({
    summary: 'Remove a set-aside rule; the lines it set aside go back to matching',
    input: z.object({ id: z.number().int().positive() }),
    output: z.object({ removed: z.number().int(), linesReleased: z.number().int() }),
  }),
};

import { z } from 'zod';
import { centsSchema, isoDateSchema } from '../domain';
import { LINE_BUCKETS } from './dashboard';
import { defineCommand } from './define';

/** Confidence zones of a proposal. A line with nothing proposed is `red` with state `unmatched`. */
export const MATCH_ZONES = ['green', 'yellow', 'red'] as const;
export type MatchZone = (typeof MATCH_ZONES)[number];

/**
 * States of a match row. The engine writes `suggested` and `unmatched`; `overridden` is a clerk's own
 * choice (kept on re-runs, still to be approved); the review workflow adds approved / rejected / to_review.
 */
export const MATCH_STATES = [
  'suggested',
  'unmatched',
  'overridden',
  'approved',
  'rejected',
  'to_review',
  // [M] item 3: every line ends decided. `recorded`: already recorded in the gym system (engine, counted as
  // reconciled). `set_aside`: not a member's payment, with a reason (by the clerk or by a rule).
  'recorded',
  'set_aside',
] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/**
 * Stable reason codes. The renderer translates codes (with their params); the core renders Portuguese for
 * the CLI. Never rename a code: plans stored in the database refer to them.
 */
/** Why a line is set aside: it is not a member's payment. `other` needs a note. */
export const ASIDE_REASONS = ['interest', 'own_transfer', 'partner_payout', 'refund', 'other'] as const;
export type AsideReason = (typeof ASIDE_REASONS)[number];

/**
 * Decided states: the line needs nothing more from the clerk (approved ones then go to Enviar). A rejected
 * proposal is not a decision about the line: it is still to be matched or set aside. Every rule that counts
 * "decided" or "to decide" (Conciliar's totals, Início) reads this list.
 */
export const DECIDED_STATES = ['approved', 'recorded', 'set_aside'] as const satisfies readonly MatchState[];

export const REASON_CODES = [
  // evidence for a proposal
  'key',
  'alias',
  'amount_equal',
  'amount_with_charges',
  'amount_rounded',
  'amount_different',
  'amount_sum',
  'amount_net_fees',
  'amount_fee_tolerance',
  'lag',
  'name_similarity',
  'surname',
  'no_payer_name',
  'type_consistent',
  'type_mismatch',
  'card_lump',
  'lump_received',
  'lump_excluded',
  'boleto_lump',
  'many_to_one',
  'others_same_amount',
  'runner_up',
  'paired_by_date',
  'duplicate_line',
  'manual',
  // why nothing was proposed
  'tie',
  'no_candidates',
  'name_mismatch',
  'weak',
  'claimed',
  'held',
  'possible_duplicate',
  'duplicate_import',
  'already_received',
  'lump_no_fit',
  'lump_ambiguous',
  'combination_ambiguous',
  // CNAB return files ([K]), appended: evidence, then why a title was left out
  'return_file',
  'return_title_difference',
  'return_title_unresolved',
  // [M] the candidate list: why a receivable does not fit a line
  'date_outside',
  'name_different',
  // Card deposits ([J]), appended: how the deposit settles, a learned fee used, a line decided by elimination
  'card_settlement',
  'card_fee_learned',
  'by_elimination',
  // Acquirer settlement files ([J] item 3), appended: evidence, a sale's amount differs, rows that are not
  // sales, a sale without its receivable, two batches fitting one credit
  'acquirer_file',
  'acquirer_sale_difference',
  'acquirer_adjustments',
  'acquirer_sale_unresolved',
  'acquirer_batch_tie',
  // [T] the candidate list: a receivable the line's proposal holds (with `count` receivables in all)
  'in_proposal',
  // [V] a credit in one branch's account that pays another branch's receivable: never green, named
  'other_branch',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export const reasonParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ReasonParams = z.infer<typeof reasonParamsSchema>;

export const reasonSchema = z.object({
  code: z.enum(REASON_CODES),
  params: reasonParamsSchema.optional(),
  /**
   * The sentence in Portuguese, as the CLI prints it (shared/i18n/reasons.pt.ts words it from code and params).
   * '' in `match.lines` asked with `details: false`: the renderer words it itself, the same sentence.
   */
  text: z.string(),
});
export type ReasonDto = z.infer<typeof reasonSchema>;

const days = z.number().int().min(0).max(120);

/**
 * Expected settlement lag of one payment type, counted from the receivable's due date to the bank credit:
 * `min`–`max` days (business days when `business`), plus how many days earlier or later than that a member
 * may plausibly pay. Outside `[min − early, max + late]` a receivable is not a candidate at all.
 */
export const lagWindowSchema = z
  .object({ min: days, max: days, business: z.boolean(), early: days, late: days })
  .refine((w) => w.min <= w.max, { message: 'min must not be greater than max', path: ['min'] });
export type LagWindow = z.infer<typeof lagWindowSchema>;

const percent = z.number().min(0).max(100);
const feeBand = z
  .object({ minPercent: percent, maxPercent: percent })
  .refine((f) => f.minPercent <= f.maxPercent, { message: 'min above max', path: ['minPercent'] });

export const matchSettingsSchema = z
  .object({
    /** Score ≥ green → green; ≥ yellow → yellow; ≥ propose → red; below → nothing proposed. */
    thresholds: z.object({ green: percent, yellow: percent, propose: percent }),
    /** Best minus second-best below this: a tie, nothing proposed. */
    tieMargin: z.number().int().min(0).max(50),
    /** Best minus second-best below this: at most yellow. */
    greenMargin: z.number().int().min(0).max(50),
    /** A line naming a payer needs a candidate at least this similar (or a learned alias or a key). */
    minNamePercent: percent,
    /** Per payment type id ("18" Pix, "5" boleto, ...) and "default" for the others. */
    lag: z.record(z.string().regex(/^(\d{1,3}|default)$/), lagWindowSchema),
    /** Card deposits are net of the acquirer's fee (MDR): accepted between these percentages of the gross. */
    cardFee: z
      .object({
        minPercent: percent,
        maxPercent: percent,
        /** [J] Optional bands per product (debit, credit, credit paid early); absent: min/max above. */
        products: z
          .object({ debit: feeBand.optional(), credit: feeBand.optional(), anticipated: feeBand.optional() })
          .optional(),
      })
      .refine((f) => f.minPercent <= f.maxPercent, { message: 'min above max', path: ['minPercent'] }),
    /** A late boleto is paid with a fine plus interest a month, pro rata: the most it may exceed its face. */
    lateCharges: z.object({ finePercent: percent, monthlyInterestPercent: percent }),
  })
  .refine((s) => s.thresholds.propose <= s.thresholds.yellow && s.thresholds.yellow <= s.thresholds.green, {
    message: 'thresholds must satisfy propose ≤ yellow ≤ green',
    path: ['thresholds'],
  })
  .refine((s) => 'default' in s.lag, { message: 'a "default" lag window is required', path: ['lag'] });
export type MatchSettings = z.infer<typeof matchSettingsSchema>;

export const matchSummarySchema = z.object({
  planId: z.number().int(),
  statementId: z.number().int(),
  engineVersion: z.string(),
  createdAt: z.string(),
  /** Credit lines of the statement. */
  lines: z.number().int(),
  green: z.number().int(),
  yellow: z.number().int(),
  red: z.number().int(),
  unmatched: z.number().int(),
  /** Lines already recorded in the gym system (a received receivable explains them). */
  recorded: z.number().int(),
  /** Lines a set-aside rule caught. */
  setAside: z.number().int(),
  /** Matches already reviewed (state other than suggested/unmatched), carried over untouched. */
  kept: z.number().int(),
  durationMs: z.number(),
});
export type MatchSummaryDto = z.infer<typeof matchSummarySchema>;

export const matchReceivableSchema = z.object({
  id: z.number().int(),
  /** The part of the line's amount given to this receivable. */
  amountCents: centsSchema,
  /** Face value in the gym system (null when the receivable is no longer in the cache). */
  faceCents: centsSchema.nullable(),
  dueDate: z.string().nullable(),
  payerName: z.string().nullable(),
  description: z.string().nullable(),
  paymentTypeId: z.number().int().nullable(),
  statusId: z.number().int().nullable(),
});

/**
 * One boleto of a CNAB return file explaining a credit ([K]): what the bank says was paid, and the receivable
 * it was tied to. `differenceCents`: amount paid minus the receivable's face value (late charges included);
 * null when no receivable was found.
 */
export const returnTitleSchema = z.object({
  titleId: z.number().int(),
  receivableId: z.number().int().nullable(),
  occurrence: z.string(),
  nossoNumero: z.string(),
  seuNumero: z.string().nullable(),
  payerName: z.string().nullable(),
  payerDocument: z.string().nullable(),
  dueDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  creditDate: z.string().nullable(),
  faceCents: z.number().int(),
  paidCents: z.number().int().nullable(),
  interestFineCents: z.number().int().nullable(),
  discountCents: z.number().int().nullable(),
  feeCents: z.number().int(),
  creditedCents: z.number().int().nullable(),
  differenceCents: z.number().int().nullable(),
});
export type ReturnTitleDto = z.infer<typeof returnTitleSchema>;

/**
 * [J] One card sale a deposit pays: who, when, gross, the acquirer's fee and the net credited. `feeCents` =
 * gross − net; `feePercent` = fee ÷ gross. Net is the sale's share of the deposit (its recorded fee, else the
 * deposit's fee spread in proportion to the gross).
 */
export const cardSaleSchema = z.object({
  receivableId: z.number().int(),
  payerName: z.string().nullable(),
  saleDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  acquirer: z.string().nullable(),
  flag: z.string().nullable(),
  paymentTypeId: z.number().int().nullable(),
  installment: z.string().nullable(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  feePercent: z.number(),
});
export type CardSaleDto = z.infer<typeof cardSaleSchema>;

/** [J] A fee learned from confirmed card deposits (match.cardFees). `flag` '' = deposits of all brands. */
export const cardFeeSchema = z.object({
  acquirer: z.string(),
  flag: z.string(),
  product: z.enum(['debit', 'credit', 'anticipated']),
  percent: z.number(),
  samples: z.number().int(),
  updatedAt: z.string(),
});
export type CardFeeDto = z.infer<typeof cardFeeSchema>;

export const matchLineSchema = z.object({
  matchId: z.number().int(),
  /** [W] Moves whenever the match changes (migration 019): sent back with a decision, so one made meanwhile is seen. */
  version: z.number().int(),
  lineId: z.number().int(),
  position: z.number().int(),
  date: isoDateSchema,
  amountCents: centsSchema,
  description: z.string(),
  payerText: z.string().nullable(),
  state: z.enum(MATCH_STATES),
  score: z.number().int().min(0).max(100),
  zone: z.enum(MATCH_ZONES),
  reasons: z.array(reasonSchema),
  receivables: z.array(matchReceivableSchema),
  /** A boleto credit explained by a CNAB return file: its titles (absent otherwise). */
  returnTitles: z.array(returnTitleSchema).optional(),
  /** [J] A card deposit: the sales it pays, with the fee taken from each (absent otherwise). */
  cardSales: z.array(cardSaleSchema).optional(),
  /**
   * Where the line stands (the bucket Início counts it in, core/dashboard/line-buckets.ts): Conciliar's lists
   * filter by it, so an approved line the EVO already has received is "já no EVO" on both screens.
   */
  bucket: z.enum(LINE_BUCKETS),
  /** An approved line already handed to Enviar: its batch's state (absent: not sent yet). */
  sendState: z.enum(['queued', 'sending', 'sent', 'unknown', 'confirmed', 'needs_review']).optional(),
  /** A set-aside line: why, and the rule that did it (null: the clerk did). */
  aside: z
    .object({
      reason: z.enum(ASIDE_REASONS),
      note: z.string().nullable(),
      ruleId: z.number().int().nullable(),
    })
    .optional(),
});
export type MatchLineDto = z.infer<typeof matchLineSchema>;

/** One candidate for a line, as the engine judges it alone against the line. */
export const candidateSchema = z.object({
  receivable: matchReceivableSchema
    .omit({ amountCents: true })
    .extend({ memberId: z.number().int().nullable() }),
  score: z.number().int().min(0).max(100),
  zone: z.enum(MATCH_ZONES),
  /** The engine would propose it on its own for this line. */
  fits: z.boolean(),
  /** Evidence for (when it fits) or the sentences saying why not. */
  reasons: z.array(reasonSchema),
  /**
   * [V] In a network, a receivable of another branch than the line's account's: that branch (its id, and the name the
   * office gave it). Absent or null otherwise.
   */
  otherBranch: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable().optional(),
  /** Facts the clerk compares at a glance (cents and days; null when not applicable). */
  amountDiffCents: z.number().int(),
  daysFromDue: z.number().int().nullable(),
  namePercent: z.number().int().nullable(),
  /** Held by another line (its id and statement; its date, amount and account, to name it in words), or null. */
  heldBy: z
    .object({
      lineId: z.number().int(),
      statementId: z.number().int(),
      date: z.string().optional(),
      amountCents: z.number().int().optional(),
      account: z.string().nullable().optional(),
    })
    .nullable(),
  /** Already part of this line's current proposal or choice. */
  chosen: z.boolean(),
});
export type CandidateDto = z.infer<typeof candidateSchema>;

export const matchingCommands = {
  'match.run': defineCommand({
    summary: 'Propose receivables for the credit lines of a statement (default: the latest imported)',
    input: z.object({ statementId: z.number().int().positive().optional() }),
    output: matchSummarySchema,
  }),
  'match.lines': defineCommand({
    summary: 'The current plan of a statement: each credit line with its proposal, score, zone and reasons',
    input: z.object({
      statementId: z.number().int().positive().optional(),
      zone: z.enum(MATCH_ZONES).optional(),
      state: z.enum(MATCH_STATES).optional(),
      limit: z.number().int().min(1).max(5000).default(500),
      offset: z.number().int().min(0).default(0),
      /**
       * false: a lighter list (Conciliar's): each line without what only the focused line's panel shows, a card
       * credit's `cardSales` (`match.lineDetails` gives one line's), and its reasons without their sentence
       * (`text` '', the renderer words code and params with shared/i18n/reasons.pt.ts). Default true.
       */
      details: z.boolean().default(true),
    }),
    output: z.object({
      statementId: z.number().int(),
      planId: z.number().int().nullable(),
      createdAt: z.string().nullable(),
      total: z.number().int(),
      rows: z.array(matchLineSchema),
    }),
  }),
  'match.lineDetails': defineCommand({
    summary:
      "One line's details for its panel: a boleto credit's return-file titles, a card credit's sales (absent: none)",
    input: z.object({ lineId: z.number().int().positive() }),
    output: z.object({
      lineId: z.number().int(),
      matchId: z.number().int(),
      returnTitles: z.array(returnTitleSchema).optional(),
      cardSales: z.array(cardSaleSchema).optional(),
    }),
  }),
  'match.settings.get': defineCommand({
    summary: 'Matching settings: zone thresholds, settlement lag per payment type, card fee tolerance',
    input: z.object({}),
    output: z.object({ settings: matchSettingsSchema, isDefault: z.boolean() }),
  }),
  'match.settings.update': defineCommand({
    summary: 'Change matching settings (given keys replace the current ones; lag windows per payment type)',
    input: z.object({
      thresholds: matchSettingsSchema.shape.thresholds.optional(),
      tieMargin: matchSettingsSchema.shape.tieMargin.optional(),
      greenMargin: matchSettingsSchema.shape.greenMargin.optional(),
      minNamePercent: matchSettingsSchema.shape.minNamePercent.optional(),
      lag: matchSettingsSchema.shape.lag.optional(),
      cardFee: matchSettingsSchema.shape.cardFee.optional(),
      lateCharges: matchSettingsSchema.shape.lateCharges.optional(),
      /** true: back to the defaults (other keys are then ignored). */
      reset: z.boolean().optional(),
    }),
    output: z.object({ settings: matchSettingsSchema, isDefault: z.boolean() }),
  }),
  'match.candidates': defineCommand({
    summary:
      "A line's candidate receivables ranked: the engine's score and why each fits, and why the others do not (amount, date, name, taken)",
    input: z.object({
      lineId: z.number().int().positive(),
      limit: z.number().int().min(1).max(50).default(12),
    }),
    output: z.object({
      lineId: z.number().int(),
      /** The best two are closer than the tie margin: the engine would not choose, the clerk does. */
      tie: z.boolean(),
      /** How many candidates are within the tie margin of the best (all listed, first). */
      tied: z.number().int(),
      rows: z.array(candidateSchema),
    }),
  }),
  'match.cardFees': defineCommand({
    summary:
      'Card fees learned from confirmed card matches, per acquirer, brand and product (they narrow later matches)',
    input: z.object({}),
    output: z.object({ rows: z.array(cardFeeSchema) }),
  }),
};

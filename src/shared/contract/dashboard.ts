import { z } from 'zod';
import { defineCommand } from './define';

const amount = z.object({ count: z.number().int().min(0), cents: z.number().int() });
export type AmountDto = z.infer<typeof amount>;

/**
 * Where each credit line of a statement stands, one bucket per line (they never overlap, and together they are
 * every credit line):
 * - `toDecide`: the clerk still has to decide it — a suggestion of any zone (a yellow one nobody approved is not
 *   reconciled), a choice of their own not yet approved, to review, without a suggestion, or a rejected one
 *   (not in `DECIDED_STATES`), or a line of a statement never matched;
 * - `toSend`: approved, with receivables Enviar would mark now (exactly what `send.preview` lists);
 * - `sentWaiting`: approved and sent, the EVO's confirmation not read back yet (queued, sending, sent, unknown);
 * - `sentFailed`: approved and sent, a batch needs review (the API refused it or the read-back disagreed);
 * - `sentConfirmed`: approved, sent and confirmed in the EVO;
 * - `recorded`: already recorded in the EVO (the engine's `recorded`, or an approved line whose receivables the
 *   EVO has as received without Quita sending them: nothing left to send);
 * - `setAside`: not a member's payment, set aside with a reason.
 */
export const LINE_BUCKETS = [
  'toDecide',
  'toSend',
  'sentWaiting',
  'sentFailed',
  'sentConfirmed',
  'recorded',
  'setAside',
] as const;
export type LineBucket = (typeof LINE_BUCKETS)[number];

const bucketsSchema = z.object({
  toDecide: amount,
  toSend: amount,
  sentWaiting: amount,
  sentFailed: amount,
  sentConfirmed: amount,
  recorded: amount,
  setAside: amount,
}) satisfies z.ZodType<Record<LineBucket, AmountDto>>;
export type LineBuckets = z.infer<typeof bucketsSchema>;

/** Credit lines in total, and per bucket (the buckets add up to the total, count and cents). */
const linesSchema = z.object({ lines: amount, buckets: bucketsSchema });

/** A statement as Início names it: by its account and period, the file name as secondary text ([T] item 5). */
const statementHead = {
  id: z.number().int(),
  fileName: z.string(),
  importedAt: z.string(),
  accountName: z.string().nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
};

export const dashboardCommands = {
  'dashboard.summary': defineCommand({
    summary:
      "Início: every credit line in exactly one bucket (to decide, to send, sent, recorded, set aside), for the latest statement and for all; open and overdue receivables; the latest statement's decided and undecided money per day",
    input: z.object({}),
    output: z.object({
      /** Receivables in the cache: open (status 1) and overdue (status 4). */
      open: amount,
      overdue: amount,
      lastSyncAt: z.string().nullable(),
      /** Statements imported. */
      statements: z.number().int().min(0),
      /** Every statement's current plan. */
      all: linesSchema,
      /**
       * Credit lines sent to the EVO today (Brasília; their newest outbox batch made today), of any statement:
       * Início's "Enviados ao EVO" speaks for the branch, not only for the statement shown.
       */
      sentToday: amount,
      /**
       * The same buckets per statement, newest first (Conciliar's order), for the statements with credit lines:
       * a card of "Todos os extratos" opens Conciliar on a statement that holds lines of its bucket.
       */
      byStatement: z.array(linesSchema.extend(statementHead)),
      /**
       * [V] A network's Início: per branch the office reconciles, the same buckets (by the statement's account's
       * branch) and its open and overdue receivables; `branchId` null = the network's own accounts (a central
       * account, or one not placed yet). Empty for a single branch.
       */
      byBranch: z.array(
        linesSchema.extend({
          branchId: z.number().int().nullable(),
          name: z.string().nullable(),
          open: amount,
          overdue: amount,
        }),
      ),
      /** The latest statement imported (the one Conciliar opens), or null when none was. */
      statement: linesSchema
        .extend({
          ...statementHead,
          /** Per bank date: decided money (every bucket but `toDecide`) and money still to decide. */
          days: z.array(
            z.object({
              date: z.string(),
              decidedCents: z.number().int(),
              toDecideCents: z.number().int(),
            }),
          ),
        })
        .nullable(),
    }),
  }),
};

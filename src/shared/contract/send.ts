import { z } from 'zod';
import { branchScopeSchema } from './branches';
import { defineCommand } from './define';

/** One receivable marked (or to be marked) paid, with the bank line it pays, as the clerk checks it. */
const sendItemSchema = z.object({
  receivableId: z.number().int(),
  payerName: z.string().nullable(),
  description: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** What is marked paid: the receivable's share of the bank line (a card credit's net of the fee). */
  amountCents: z.number().int(),
  /** The receivable's own value in the EVO; above `amountCents` by the card fee on a card credit ([T] item 6). */
  faceCents: z.number().int().nullable(),
  /** [V] The account marked into (Enviar filters a network's items by its branch). */
  bankAccountId: z.number().int(),
  accountName: z.string().nullable(),
  lineDate: z.string().nullable(),
  lineAmountCents: z.number().int().nullable(),
  lineDescription: z.string().nullable(),
});

const batchSchema = z.object({
  id: z.number().int(),
  bankAccountId: z.number().int(),
  /** The account's name as the cache knows it (null when it is no longer listed by the API). */
  accountName: z.string().nullable(),
  state: z.enum(['queued', 'sending', 'sent', 'unknown', 'confirmed', 'needs_review']),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  putAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  reviewReason: z.string().nullable(),
  receivableIds: z.array(z.number().int()),
  totalCents: z.number().int(),
});
const summarySchema = z.object({
  sent: z.number().int(),
  confirmed: z.number().int(),
  needsReview: z.number().int(),
  waiting: z.number().int(),
  retryAt: z.string().nullable(),
  /** Another Quita process (the desktop app, a scheduled quita send) is sending for this branch right now. */
  busy: z.boolean(),
  /** Requests spent reading back what was sent (one read serves every batch of a run). */
  readBackRequests: z.number().int(),
});
const countsSchema = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  unknown: z.number().int(),
  confirmed: z.number().int(),
  needs_review: z.number().int(),
});

export const sendCommands = {
  'send.preview': defineCommand({
    summary:
      'What "Marcar como pagos" would send: count and total per bank account, and the bank dates the EVO will not keep',
    /** [V] `branch`: in a network, only what came into that branch's accounts (or the network's own). */
    input: z.object({ branch: branchScopeSchema.optional() }),
    output: z.object({
      /** Exactly what will be marked (the first 1,000): who, which receivable, and the bank line it pays. */
      items: z.array(sendItemSchema),
      groups: z.array(
        z.object({
          bankAccountId: z.number().int(),
          accountName: z.string().nullable(),
          count: z.number().int(),
          totalCents: z.number().int(),
        }),
      ),
      count: z.number().int(),
      totalCents: z.number().int(),
      /**
       * Today in Brasília (YYYY-MM-DD). mark-received carries no date: the EVO records the day of the request
       * as the receiving date, whatever the bank date of the credit.
       */
      today: z.string(),
      /** The oldest bank date among the lines to send (YYYY-MM-DD), null when there is nothing to send. */
      earliestBankDate: z.string().nullable(),
      /** Lines to send whose bank date is in a month before today's: in the EVO they will be received this month. */
      previousMonths: z.object({
        /** Bank lines ("lançamentos"). */
        lineCount: z.number().int(),
        /** Receivables they pay (a line may pay several). */
        receivableCount: z.number().int(),
        totalCents: z.number().int(),
        /** YYYY-MM, oldest first. */
        months: z.array(z.string()),
      }),
    }),
  }),
  'send.confirm': defineCommand({
    summary: 'Queue every approved pair for sending (after the one confirmation) and start sending',
    input: z.object({
      chunkSize: z.number().int().min(1).max(500).default(50),
      wait: z.boolean().default(false),
      /** [V] In a network: queue only what came into that branch's accounts (what Enviar shows filtered). */
      branch: branchScopeSchema.optional(),
    }),
    output: z.object({
      batchIds: z.array(z.number().int()),
      skipped: z.array(z.number().int()),
      summary: summarySchema.nullable(),
    }),
  }),
  'send.run': defineCommand({
    summary: 'Send what is queued and settle what is uncertain (reading back before any resend)',
    input: z.object({}),
    output: summarySchema,
  }),
  'send.batches': defineCommand({
    summary: 'The outbox: batches and their state',
    input: z.object({ limit: z.number().int().min(1).max(2000).default(200) }),
    output: z.object({ batches: z.array(batchSchema), counts: countsSchema }),
  }),
  'send.batchItems': defineCommand({
    summary: 'One outbox batch opened: each receivable with the bank line it pays, and the batch outcome',
    input: z.object({ batchId: z.number().int().positive() }),
    output: z.object({ batch: batchSchema, items: z.array(sendItemSchema) }),
  }),
};

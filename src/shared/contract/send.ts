import { z } from 'zod';
import { defineCommand } from './define';

const batchSchema = z.object({
  id: z.number().int(),
  bankAccountId: z.number().int(),
  state: z.enum(['queued', 'sending', 'sent', 'unknown', 'confirmed', 'needs_review']),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
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
    summary: 'What "Marcar como pagos" would send: count and total per bank account',
    input: z.object({}),
    output: z.object({
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
    }),
  }),
  'send.confirm': defineCommand({
    summary: 'Queue every approved pair for sending (after the one confirmation) and start sending',
    input: z.object({
      chunkSize: z.number().int().min(1).max(500).default(50),
      wait: z.boolean().default(false),
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
};

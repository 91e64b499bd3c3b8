import { z } from 'zod';
import { defineCommand } from './define';

/** Kept in step with core/notify/template.ts (MAX_MESSAGE_LENGTH). */
const MAX = 1000;

export const templateSchema = z
  .string()
  .refine((s) => s.trim().length > 0, 'the message is empty')
  .refine((s) => s.trim().length <= MAX, `the message is longer than ${MAX} characters`);

const memberIds = z.array(z.number().int().positive()).min(1, 'choose at least one member').max(500);

const queueItem = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string().nullable(),
  message: z.string(),
  state: z.enum(['queued', 'sending', 'sent', 'failed', 'unknown', 'held']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  notificationId: z.number().int().nullable(),
  createdAt: z.string(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** [U] A debtor reminder is held while money from the member is in flight; a receipt never is. */
  purpose: z.enum(['debtor', 'receipt']),
  /** Why it is held (core/notify/in-flight.ts HOLD_REASONS), with what the sentence names; null when not held. */
  holdReason: z.enum(['pair_approved', 'return_title', 'card_settling', 'credit_undecided']).nullable(),
  holdParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  heldAt: z.string().nullable(),
  skipHold: z.boolean(),
});

const drainResult = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  held: z.number().int(),
  waiting: z.number().int(),
  retryAt: z.string().nullable(),
});

export const notifyCommands = {
  'notify.preview': defineCommand({
    summary: 'Fill a message template for each chosen member, without sending anything',
    input: z.object({ template: templateSchema, memberIds }),
    output: z.object({
      items: z.array(
        z.object({
          memberId: z.number().int(),
          name: z.string().nullable(),
          message: z.string().nullable(),
          problem: z.string().nullable(),
        }),
      ),
    }),
  }),
  'notify.send': defineCommand({
    summary: 'Queue a notification for each chosen member and send them (POST /api/v1/notifications)',
    input: z.object({
      template: templateSchema,
      memberIds,
      wait: z.boolean().default(false),
      /**
       * Members notified within the branch's notify-again period (notify.recent) are refused
       * (`notify.recently_notified`) unless the clerk said to notify them again: true.
       */
      again: z.boolean().default(false),
    }),
    output: z.object({
      queued: z.array(z.number().int()),
      skipped: z.array(z.object({ memberId: z.number().int(), problem: z.string() })),
      result: drainResult.nullable(),
      items: z.array(queueItem),
    }),
  }),
  'notify.recent': defineCommand({
    summary:
      'Which of these members were notified within the branch’s notify-again period (Inadimplentes asks before notifying them again)',
    input: z.object({ memberIds }),
    output: z.object({
      /** The period, in days (profiles.prefs renotifyDays); 0: never asks, and `items` is empty. */
      days: z.number().int(),
      items: z.array(
        z.object({
          memberId: z.number().int(),
          name: z.string().nullable(),
          /** When the latest notification was sent (or queued, when not sent yet). */
          at: z.string(),
          state: z.enum(['queued', 'sending', 'sent', 'unknown']),
        }),
      ),
    }),
  }),
  'notify.queue': defineCommand({
    summary: 'The notifications queued, sent, failed or of unknown outcome',
    input: z.object({ limit: z.number().int().min(1).max(2000).default(200) }),
    output: z.object({
      items: z.array(queueItem),
      counts: z.object({
        queued: z.number().int(),
        sending: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
        unknown: z.number().int(),
        held: z.number().int(),
      }),
    }),
  }),
  'notify.retry': defineCommand({
    summary:
      'Queue failed, unknown or held notifications again (the clerk decided to resend; a held one is sent despite the money in flight)',
    input: z.object({ ids: z.array(z.number().int()).min(1).max(500) }),
    output: z.object({ requeued: z.number().int() }),
  }),
};

import { z } from 'zod';
import { defineCommand } from './define';

const amount = z.object({ count: z.number().int(), cents: z.number().int() });

export const dashboardCommands = {
  'dashboard.summary': defineCommand({
    summary: 'Counts and amounts for the home screen, and the current statement day by day',
    input: z.object({}),
    output: z.object({
      open: amount,
      overdue: amount,
      matched: amount,
      approved: amount,
      queued: amount,
      sent: amount,
      lastSyncAt: z.string().nullable(),
      statement: z
        .object({
          id: z.number().int(),
          fileName: z.string(),
          days: z.array(
            z.object({ date: z.string(), matchedCents: z.number().int(), unmatchedCents: z.number().int() }),
          ),
        })
        .nullable(),
    }),
  }),
};

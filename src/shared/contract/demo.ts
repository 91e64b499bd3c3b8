import { z } from 'zod';
import { defineCommand } from './define';
import { profileSchema } from './connection';

export const demoCommands = {
  'demo.start': defineCommand({
    summary: 'Start the demonstration branch (a local sandbox API) and switch to it',
    input: z.object({}),
    output: profileSchema,
  }),
  'demo.sampleStatement': defineCommand({
    summary: 'Write a sample bank statement of the demonstration branch, ready to import',
    input: z.object({
      format: z.enum(['ofx', 'csv', 'xlsx']).default('ofx'),
      bankAccountId: z.number().int().positive().optional(),
    }),
    output: z.object({
      path: z.string(),
      fileName: z.string(),
      bankAccountId: z.number().int(),
      from: z.string(),
      to: z.string(),
      lines: z.number().int(),
      /** Already staged for the import screen. */
      uploadId: z.string(),
    }),
  }),
};

import { z } from 'zod';
import { defineCommand } from './define';
import { errorInfoSchema } from './envelope';

/**
 * [U] The automatic cycle (sync → bank feeds → intake folder → match → send policy → send with read-back), its
 * schedule, and the intake folder. Core: src/core/cycle, src/core/intake; docs/automation.md.
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM');

/** One weekday's office hours, Brasília time; null: no cycle that day. */
export const officeHoursSchema = z
  .object({ from: hhmm, to: hhmm })
  .refine((d) => d.from <= d.to, { message: 'must not be after to', path: ['from'] })
  .nullable();

export const cycleScheduleSchema = z.object({
  enabled: z.boolean(),
  everyMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  /** Index 0 = Sunday … 6 = Saturday. */
  days: z.array(officeHoursSchema).length(7),
});
export type CycleSchedule = z.infer<typeof cycleScheduleSchema>;

export const CYCLE_STEPS = ['sync', 'feeds', 'intake', 'match', 'policy', 'send'] as const;
export type CycleStep = (typeof CYCLE_STEPS)[number];

export const cycleStepSchema = z.object({
  step: z.enum(CYCLE_STEPS),
  state: z.enum(['done', 'failed', 'skipped']),
  /** Failed: the sentence for the clerk (the log keeps the details). Skipped: why (e.g. nothing to send). */
  error: errorInfoSchema.nullable(),
  ms: z.number().int().nonnegative(),
});
export type CycleStepResult = z.infer<typeof cycleStepSchema>;

export const cycleSummarySchema = z.object({
  /** Per bank feed: lines read and new (a line fetched twice is counted once, in `added`). */
  feeds: z.array(
    z.object({
      label: z.string(),
      fetched: z.number().int(),
      added: z.number().int(),
      requests: z.number().int(),
      error: errorInfoSchema.nullable(),
    }),
  ),
  filesImported: z.number().int(),
  filesRefused: z.number().int(),
  filesWaiting: z.number().int(),
  /** Statements matched in this cycle. */
  statementsMatched: z.number().int(),
  /** The send policy's version when on; null when the branch has no policy switched on. */
  policyVersion: z.number().int().nullable(),
  approvedByPolicy: z.number().int(),
  /** Receivables queued and sent in this cycle, and how many the gym system confirmed on read-back. */
  sent: z.number().int(),
  confirmed: z.number().int(),
  /** Credit lines a person still has to decide, after this cycle (Início's "para você decidir"). */
  toDecide: z.number().int().nullable(),
});
export type CycleSummary = z.infer<typeof cycleSummarySchema>;

export const cycleRecordSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual', 'cli']),
  state: z.enum(['running', 'done', 'failed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  steps: z.array(cycleStepSchema),
  summary: cycleSummarySchema.nullable(),
});
export type CycleRecord = z.infer<typeof cycleRecordSchema>;

export const intakeFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  state: z.enum(['imported', 'refused', 'waiting']),
  /** statement, cnab (return file), acquirer; null when the file could not be read. */
  kind: z.string().nullable(),
  bankAccountId: z.number().int().nullable(),
  newItems: z.number().int(),
  knownItems: z.number().int(),
  sameFile: z.boolean(),
  /** Why it was refused or is waiting: the clerk's sentence (translated by its code). */
  reason: errorInfoSchema.nullable(),
  at: z.string(),
});
export type IntakeFile = z.infer<typeof intakeFileSchema>;

const scheduleOutput = z.object({
  schedule: cycleScheduleSchema,
  intakeFolder: z.string().nullable(),
  /** The next scheduled cycle (ISO instant), null when the schedule is off. */
  nextRunAt: z.string().nullable(),
});

export const cycleCommands = {
  'cycle.run': defineCommand({
    summary:
      'Run one automatic cycle now: sync, bank feeds, intake folder, match, send policy, send with read-back',
    input: z.object({ trigger: z.enum(['schedule', 'manual', 'cli']).default('manual') }),
    output: z.object({
      /** Another Quita process is running a cycle for this branch: nothing was done. */
      busy: z.boolean(),
      cycle: cycleRecordSchema.nullable(),
    }),
  }),
  'cycle.history': defineCommand({
    summary: 'The last cycles, newest first, and when the next one runs',
    input: z.object({ limit: z.number().int().min(1).max(200).default(10) }),
    output: z.object({
      cycles: z.array(cycleRecordSchema),
      running: z.boolean(),
      nextRunAt: z.string().nullable(),
    }),
  }),
  'cycle.schedule': defineCommand({
    summary: "The branch's cycle schedule and intake folder",
    input: z.object({}),
    output: scheduleOutput,
  }),
  'cycle.saveSchedule': defineCommand({
    summary: "Change the branch's cycle schedule (audited)",
    input: z.object({ schedule: cycleScheduleSchema }),
    output: scheduleOutput,
  }),
  'intake.status': defineCommand({
    summary: 'The intake folder: files waiting for a person, and the latest imported and refused',
    input: z.object({ limit: z.number().int().min(1).max(500).default(50) }),
    output: z.object({
      folder: z.string().nullable(),
      waiting: z.array(intakeFileSchema),
      recent: z.array(intakeFileSchema),
    }),
  }),
  'intake.setFolder': defineCommand({
    summary:
      "Set (or clear) the branch's intake folder; its importados/ and recusados/ are created (audited)",
    input: z.object({ folder: z.string().min(1).max(1000).nullable() }),
    output: scheduleOutput,
  }),
  'intake.assign': defineCommand({
    summary: 'Import a file waiting in the intake folder into the bank account a person chose',
    input: z.object({
      fileId: z.number().int().positive(),
      bankAccountId: z.number().int().positive(),
    }),
    output: z.object({ file: intakeFileSchema }),
  }),
};

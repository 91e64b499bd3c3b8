import { z } from 'zod';
import { errorInfoSchema } from './envelope';

/** Events pushed from the core to the renderer (IPC `webContents.send` or the host's event stream). */
export const eventSchemas = {
  'job.progress': z.object({
    jobId: z.string(),
    /** What is being done, as an i18n key (e.g. `sync.phase.receivables`). */
    phase: z.string(),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative().nullable(),
    etaMs: z.number().nonnegative().nullable(),
    /** Time spent waiting for the API's rate limit so far; shown honestly as such. */
    waitingMs: z.number().nonnegative().default(0),
  }),
  'job.finished': z.object({
    jobId: z.string(),
    ok: z.boolean(),
    message: z.string().optional(),
    /** A run that failed outright (the API unreachable, a bug): what the screen that started it says. */
    error: errorInfoSchema.optional(),
  }),
};
export type EventName = keyof typeof eventSchemas;
export type EventPayload<E extends EventName> = z.infer<(typeof eventSchemas)[E]>;
export const EVENT_NAMES = Object.keys(eventSchemas) as EventName[];

import { z } from 'zod';
import { defineCommand } from './define';

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor: z.string(),
  profileId: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
});

export const auditCommands = {
  'audit.list': defineCommand({
    summary: 'Entries of the audit log, newest first, filtered by period and action',
    input: z.object({
      from: z.string().max(40).optional(),
      to: z.string().max(40).optional(),
      action: z.string().max(60).optional(),
      limit: z.number().int().min(1).max(5000).default(500),
      offset: z.number().int().min(0).default(0),
    }),
    output: z.object({
      entries: z.array(
        auditEntrySchema.extend({
          /**
           * What `subject` names, in words the clerk reads where the log has only an id: a file's name, a
           * member's, a connection's (core/audit/audit-subject.ts); null when there is none. Shown only: the
           * stored subject stays as written, for the exports and the chain's verification.
           */
          subjectName: z.string().nullable(),
        }),
      ),
      total: z.number().int(),
    }),
  }),
  'audit.verify': defineCommand({
    summary: 'Check the audit log’s hash chain: any entry changed or removed is found',
    input: z.object({}),
    output: z.object({
      ok: z.boolean(),
      entries: z.number().int(),
      brokenAt: z.number().int().nullable(),
      reason: z.string().nullable(),
      /** Entry count and head hash kept outside the database (this front door's secret store), if any. */
      anchor: z.object({ count: z.number().int(), head: z.string(), at: z.string() }).nullable(),
      /** When the newest entry was written (null: an empty log), for "the last one on dd/mm/aaaa hh:mm". */
      lastAt: z.string().nullable(),
    }),
  }),
};

import { z } from 'zod';
import { branchScopeSchema } from './branches';
import { fileDownloadSchema } from './debtors';
import { defineCommand } from './define';

/** A calendar day in Brasília, YYYY-MM-DD; periods are inclusive at both ends. */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'not a real date');

export const reportPeriodSchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: 'the period ends before it starts',
    path: ['to'],
  });
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

/** [V] A network's report of one branch's accounts, or of the network's own (contract/branches.ts). */
export const reportBranchSchema = branchScopeSchema;
export type ReportBranch = z.infer<typeof reportBranchSchema>;

export const outboxStateSchema = z.enum([
  'queued',
  'sending',
  'sent',
  'unknown',
  'confirmed',
  'needs_review',
]);

/**
 * One receivable Quita queued to be marked paid, with where the money came from and who decided.
 * Fields Quita cannot know (a receivable no longer cached, an approval made before the audit log existed)
 * are null rather than guessed.
 */
export const reconciliationRowSchema = z.object({
  receivableId: z.number().int(),
  payerName: z.string().nullable(),
  memberId: z.number().int().nullable(),
  /**
   * The part of the bank credit allotted to this receivable (the outbox item's): for a card sale the acquirer's
   * net, for a boleto paid late the amount with its interest.
   */
  amountCents: z.number().int(),
  /** The receivable's own value, what EVO records as received (null: no longer in the local copy). */
  receivableCents: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  bankAccountId: z.number().int(),
  bankAccountName: z.string().nullable(),
  lineId: z.number().int().nullable(),
  lineDate: z.string().nullable(),
  lineDescription: z.string().nullable(),
  lineAmountCents: z.number().int().nullable(),
  statementId: z.number().int().nullable(),
  statementFile: z.string().nullable(),
  matchId: z.number().int().nullable(),
  score: z.number().int().nullable(),
  zone: z.enum(['green', 'yellow', 'red']).nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  queuedBy: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  batchId: z.number().int(),
  outboxState: outboxStateSchema,
  reviewReason: z.string().nullable(),
  /**
   * [V] In a network: the branch of the account that received the money (null: the network's, or not placed) and
   * the name the office gave it, and the receivable's own branch (they differ for a payment made at another unit).
   * Absent for a single branch.
   */
  branchId: z.number().int().nullable().optional(),
  branchName: z.string().nullable().optional(),
  receivableBranchId: z.number().int().nullable().optional(),
  receivableBranchName: z.string().nullable().optional(),
});
export type ReconciliationRowDto = z.infer<typeof reconciliationRowSchema>;

export const reconciliationReportSchema = z.object({
  /** The period as asked (null = open-ended). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** [V] The branch asked for (null: every account), and the name the office gave it. */
  branch: reportBranchSchema.nullable().optional(),
  branchName: z.string().nullable().optional(),
  rows: z.array(reconciliationRowSchema),
  count: z.number().int(),
  totalCents: z.number().int(),
  confirmedCount: z.number().int(),
  confirmedCents: z.number().int(),
});
export type ReconciliationReportDto = z.infer<typeof reconciliationReportSchema>;

export const auditExportInputSchema = z
  .object({
    kind: z.enum(['log', 'reconciliation']),
    format: z.enum(['csv', 'xlsx', 'pdf']),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** Audit log only: keep actions starting with this (e.g. `outbox.`), as the screen's filter does. */
    action: z.string().trim().max(60).optional(),
    /** Reconciliation only, in a network: one branch's accounts, or the network's own. */
    branch: reportBranchSchema.optional(),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: 'the period ends before it starts',
    path: ['to'],
  });
export type AuditExportInput = z.infer<typeof auditExportInputSchema>;

export const reportsCommands = {
  'audit.export': defineCommand({
    summary: 'Export the audit log or the reconciliation report for a period as CSV, XLSX or PDF',
    input: auditExportInputSchema,
    output: fileDownloadSchema,
  }),
  'reports.reconciliation': defineCommand({
    summary:
      'What Quita marked paid in a period (by bank line date): receivable, account, bank line, who approved, outbox state',
    input: z
      .object({ from: isoDay.optional(), to: isoDay.optional(), branch: reportBranchSchema.optional() })
      .refine((p) => !p.from || !p.to || p.from <= p.to, {
        message: 'the period ends before it starts',
        path: ['to'],
      }),
    output: reconciliationReportSchema,
  }),
};

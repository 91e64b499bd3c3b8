import { z } from 'zod';
import { defineCommand } from './define';

export const debtorFiltersSchema = z.object({
  search: z.string().trim().max(100).optional(),
  minDaysLate: z.number().int().min(0).max(3650).optional(),
  paymentTypeIds: z.array(z.number().int().min(0).max(99)).max(20).optional(),
  memberStatus: z.string().max(40).optional(),
  /** [V] In a network: one branch's debtors (their `branchId`). */
  branchId: z.number().int().min(1).max(2_147_483_647).optional(),
  sort: z.enum(['name', 'amount', 'daysLate', 'dueDate']).default('daysLate'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

export const debtorRowSchema = z.object({
  rowId: z.number().int(),
  memberId: z.number().int().nullable(),
  receivableId: z.number().int().nullable(),
  name: z.string().nullable(),
  dueDate: z.string().nullable(),
  originalDueDate: z.string().nullable(),
  daysLate: z.number().int().nullable(),
  debtAmountCents: z.number().int().nullable(),
  paymentTypeId: z.number().int().nullable(),
  paymentType: z.string().nullable(),
  memberStatus: z.string().nullable(),
});
export type DebtorRowDto = z.infer<typeof debtorRowSchema>;

/** One member with all their debts: the list shows one row per member, the debts when expanded. */
export const debtorMemberSchema = z.object({
  /** `m<memberId>`, or `r<rowId>` for a debt without a member id (kept on its own row). */
  key: z.string(),
  memberId: z.number().int().nullable(),
  name: z.string().nullable(),
  memberStatus: z.string().nullable(),
  debtCount: z.number().int(),
  totalCents: z.number().int(),
  maxDaysLate: z.number().int().nullable(),
  oldestDueDate: z.string().nullable(),
  paymentTypes: z.array(z.string()),
  debts: z.array(debtorRowSchema),
  /** The latest notification queued or sent to this member today (Brasília), if any. */
  notifiedAt: z.string().nullable(),
  notifiedState: z.enum(['queued', 'sending', 'sent', 'failed', 'unknown', 'held']).nullable(),
  /** The latest notification ever queued or sent to this member (a failed one only when nothing else was). */
  lastNotifiedAt: z.string().nullable(),
  lastNotifiedState: z.enum(['queued', 'sending', 'sent', 'failed', 'unknown', 'held']).nullable(),
});
export type DebtorMemberDto = z.infer<typeof debtorMemberSchema>;

/** A file produced by the core for the user to save (sent as base64 so both bridges carry it alike). */
export const fileDownloadSchema = z.object({
  fileName: z.string(),
  mediaType: z.string(),
  base64: z.string(),
});

export const debtorsCommands = {
  'debtors.list': defineCommand({
    summary: 'Debtors from the local cache, filtered and sorted, with totals',
    input: debtorFiltersSchema,
    output: z.object({
      rows: z.array(debtorRowSchema),
      /** Debts (rows) in the filtered set. */
      count: z.number().int(),
      members: z.array(debtorMemberSchema),
      memberCount: z.number().int(),
      totalCents: z.number().int(),
      memberStatuses: z.array(z.string()),
      syncedAt: z.string().nullable(),
    }),
  }),
  'debtors.export': defineCommand({
    summary: 'Export the filtered debtors as XLSX or CSV',
    input: debtorFiltersSchema.extend({ format: z.enum(['xlsx', 'csv']) }),
    output: fileDownloadSchema,
  }),
};

import { z } from 'zod';
import { isoDateSchema } from '../domain';
import { defineCommand } from './define';

const syncKind = z.enum(['bank_accounts', 'receivables', 'debtors', 'geography']);

export const syncSummarySchema = z.object({
  jobId: z.string(),
  requests: z.number().int(),
  durationMs: z.number(),
  waitedMs: z.number(),
  bankAccounts: z.number().int(),
  receivables: z.object({
    fetched: z.number().int(),
    skipped: z.number().int(),
    /** Rows the server sent that contradict the filters asked for (it ignored one): not cached. */
    dropped: z.number().int(),
    mode: z.enum(['first', 'incremental']),
    windowFetches: z.number().int(),
  }),
  debtors: z.number().int().nullable(),
  geography: z
    .object({ states: z.number().int(), cities: z.number().int(), neighborhoods: z.number().int() })
    .nullable(),
  /**
   * [V] A network (multi-location key): read whole (`network`) or branch by branch with idBranch (`branches`), and
   * the branches seen for the first time. Null for a branch key.
   */
  network: z
    .object({
      read: z.enum(['network', 'branches']),
      branchesRead: z.number().int(),
      newBranches: z.array(z.number().int()),
    })
    .nullable(),
  /** Statements whose undecided lines were suggested again because the sync brought receivables. */
  suggestionsRefreshed: z.number().int(),
});
export type SyncSummaryDto = z.infer<typeof syncSummarySchema>;

export const syncStateSchema = z.object({
  kind: syncKind,
  lastSuccessAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  itemCount: z.number().int(),
});

export const bankAccountSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  bankCode: z.number().int().nullable(),
  agency: z.string().nullable(),
  account: z.string().nullable(),
  inactive: z.boolean(),
  bankIntegration: z.boolean().nullable(),
  fetchedAt: z.string(),
});

export const receivableSchema = z.object({
  id: z.number().int(),
  description: z.string().nullable(),
  amountCents: z.number().int(),
  amountPaidCents: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  receivingDate: z.string().nullable(),
  statusId: z.number().int(),
  paymentTypeId: z.number().int().nullable(),
  payerName: z.string().nullable(),
  memberId: z.number().int().nullable(),
  bankAccountId: z.number().int().nullable(),
  authorization: z.string().nullable(),
  nsu: z.string().nullable(),
  updateDate: z.string().nullable(),
});

export const syncCommands = {
  'sync.run': defineCommand({
    summary: 'Bring the local cache up to date with the API (progress as job.progress events)',
    input: z
      .object({
        dueFrom: isoDateSchema.optional(),
        dueTo: isoDateSchema.optional(),
        geography: z.boolean().optional(),
        debtors: z.boolean().optional(),
      })
      .refine((v) => !v.dueFrom || !v.dueTo || v.dueFrom <= v.dueTo, {
        message: 'must not be after dueTo',
        path: ['dueFrom'],
      }),
    output: syncSummarySchema,
  }),
  'sync.cancel': defineCommand({
    summary: 'Stop the running sync; what was already fetched stays cached',
    input: z.object({}),
    output: z.object({ cancelled: z.boolean() }),
  }),
  'sync.status': defineCommand({
    summary: 'When each kind of data was last synced, and what the cache holds',
    input: z.object({}),
    output: z.object({
      running: z.boolean(),
      kinds: z.array(syncStateSchema),
      window: z.object({ from: z.string(), to: z.string() }).nullable(),
      receivablesByStatus: z.record(z.string(), z.number().int()),
      debtors: z.number().int(),
    }),
  }),
  'cache.bankAccounts': defineCommand({
    summary: 'Bank accounts from the local cache',
    input: z.object({}),
    output: z.object({ accounts: z.array(bankAccountSchema), syncedAt: z.string().nullable() }),
  }),
  'cache.receivables': defineCommand({
    summary: 'Receivables from the local cache',
    input: z.object({
      statuses: z.array(z.number().int().min(0).max(9)).max(4).optional(),
      /** [V] In a network: one branch's receivables. */
      branchId: z.number().int().min(1).max(2_147_483_647).optional(),
      limit: z.number().int().min(1).max(5000).default(500),
      offset: z.number().int().min(0).default(0),
    }),
    output: z.object({
      rows: z.array(receivableSchema),
      total: z.number().int(),
      syncedAt: z.string().nullable(),
    }),
  }),
};

import { z } from 'zod';
import { defineCommand } from './define';

/** An EVO branch id (idBranchMember, branchId, IdBranch): a positive int32. */
const branchId = z.number().int().min(1).max(2_147_483_647);
const branchName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  // No control characters (a name is shown on one line, in the screens and the CLI).
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32), 'no control characters');

/**
 * Which branch a command acts on in a network: one branch (the money that came into its accounts), or the network's
 * own accounts (`'network'`: a central account, or one not placed in a branch yet). Absent: every account.
 */
export const branchScopeSchema = z.union([branchId, z.literal('network')]);
export type BranchScope = z.infer<typeof branchScopeSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  /** What the office calls it; null until named (screens then say "Unidade <id>"). */
  name: z.string().nullable(),
  chosen: z.boolean(),
  seenIn: z.enum(['receivables', 'debtors', 'bank_accounts', 'office']),
  firstSeenAt: z.string(),
  /** Open and overdue receivables in the cache. */
  openReceivables: z.number().int(),
  /** Bank accounts placed in this branch. */
  accounts: z.number().int(),
  /** When this branch's receivables were last synced on their own (with idBranch); null: with the network. */
  syncedAt: z.string().nullable(),
});
export type BranchDto = z.infer<typeof branchSchema>;

export const accountPlaceSchema = z.object({
  accountId: z.number().int(),
  description: z.string(),
  inactive: z.boolean(),
  /** The branch it belongs to; null with `placed`: the network's (a central account); null without: not known. */
  branchId: z.number().int().nullable(),
  placed: z.boolean(),
  /** Who placed it: the API's per-branch list, the receivables received into it, or the office. */
  source: z.enum(['api', 'history', 'office']).nullable(),
});
export type AccountPlaceDto = z.infer<typeof accountPlaceSchema>;

const branchesView = z.object({
  /** More than one branch: the screens show branches and check wrong-branch money. */
  network: z.boolean(),
  branches: z.array(branchSchema),
  accounts: z.array(accountPlaceSchema),
});
export type BranchesViewDto = z.infer<typeof branchesView>;

export const branchesCommands = {
  'branches.list': defineCommand({
    summary:
      'The branches of this connection, what each has open, and which branch each bank account belongs to',
    input: z.object({}),
    output: branchesView,
  }),
  'branches.update': defineCommand({
    summary: 'Name a branch, or choose whether it is reconciled here',
    input: z
      .object({ id: branchId, name: branchName.nullable().optional(), chosen: z.boolean().optional() })
      .refine((v) => v.name !== undefined || v.chosen !== undefined, 'nothing to change'),
    output: branchesView,
  }),
  'branches.add': defineCommand({
    summary: 'Add a branch by its id in the gym system (for a server that lists nothing without idBranch)',
    input: z.object({ id: branchId, name: branchName.optional() }),
    output: branchesView,
  }),
  'branches.placeAccount': defineCommand({
    summary: 'Say which branch a bank account belongs to (or the network, for a central account), or undo it',
    input: z.object({
      accountId: z.number().int().min(1),
      /** A branch id; null: the network's (a central account). */
      branchId: branchId.nullable().optional(),
      /** Take back the office's word: the next sync places it from the API or history. */
      clear: z.boolean().optional(),
    }),
    output: branchesView,
  }),
};

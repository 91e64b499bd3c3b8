import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { CARD_STYLE_NAMES, type CardStyleName } from '../data/card-styles';
import { ADMIN_WITHOUT_BRANCH, ID_BRANCH_MODES } from '../data/network';

/** The part of a receivable the API can change (mark-received); everything else is regenerated. */
export const receivableChangeSchema = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  receivingDate: z.string().nullable(),
  ammountPaidCents: z.int().nullable(),
  bankAccountId: z.int().nullable(),
  updateDate: z.string(),
  conciliated: z.boolean(),
});
export type ReceivableChange = z.infer<typeof receivableChangeSchema>;

export const notificationSchema = z.object({
  id: z.int(),
  idMember: z.int(),
  idProspect: z.int().nullable(),
  mensagem: z.string(),
  idFuncionario: z.int(),
  dataCriacao: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const snapshotSchema = z.object({
  version: z.literal(1),
  params: z.object({
    seed: z.int(),
    members: z.int(),
    months: z.int(),
    today: z.string(),
    cardStyle: z.enum(CARD_STYLE_NAMES as [CardStyleName, ...CardStyleName[]]).optional(),
    unreconciledDays: z.int().optional(),
    // Network mode (data/network.ts), resolved: a restarted sandbox is the same network.
    network: z
      .object({
        branches: z.int(),
        membersPerBranch: z.int(),
        crossBranchRate: z.number(),
        centralAccount: z.boolean(),
        idBranch: z.enum(ID_BRANCH_MODES),
        adminWithoutBranch: z.enum(ADMIN_WITHOUT_BRANCH),
        branchKeyBranch: z.int(),
      })
      .optional(),
  }),
  changes: z.record(z.string(), receivableChangeSchema),
  notifications: z.array(notificationSchema),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/**
 * Persistence is a JSON overlay on top of the regenerated data: the seed rebuilds everything, the file
 * keeps only what clients changed. Written to a temp file and renamed, so a crash never leaves half a file.
 */
export function loadSnapshot(file: string): Snapshot | null {
  if (!existsSync(file)) return null;
  const parsed = snapshotSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`sandbox db file ${file} is not a sandbox snapshot: ${parsed.error.message}`);
  return parsed.data;
}

export function saveSnapshot(file: string, snapshot: Snapshot): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(snapshot));
  renameSync(tmp, file);
}

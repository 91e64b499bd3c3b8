/**
 * The SQL of the automatic cycle (migration 016): cycles and their lease, the policy's pairs, the settings. On the
 * Store (both databases): every function takes the caller's transaction.
 */
import type { CycleRecord, CycleSchedule, CycleStepResult, CycleSummary } from '../../shared/contract/cycle';
import { cycleScheduleSchema } from '../../shared/contract/cycle';
import { locksRows, slices, type Tx } from '../store/store';

interface CycleRow {
  id: number;
  trigger: string;
  state: string;
  owner: string;
  started_at: string;
  heartbeat_at: string;
  finished_at: string | null;
  steps_json: string;
  summary_json: string | null;
}

export interface CycleSettings {
  schedule: CycleSchedule | null;
  intakeFolder: string | null;
}

const toRecord = (r: CycleRow): CycleRecord => ({
  id: Number(r.id),
  trigger: r.trigger as CycleRecord['trigger'],
  state: r.state as CycleRecord['state'],
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  steps: JSON.parse(r.steps_json) as CycleStepResult[],
  summary: r.summary_json ? (JSON.parse(r.summary_json) as CycleSummary) : null,
});

const toSettings = (
  r: { schedule_json: string; intake_folder: string | null } | undefined,
): CycleSettings => {
  if (!r) return { schedule: null, intakeFolder: null };
  const parsed = cycleScheduleSchema.safeParse(JSON.parse(r.schedule_json));
  return { schedule: parsed.success ? parsed.data : null, intakeFolder: r.intake_folder };
};

export const cycleRepo = {
  /** The newest running cycle (the lease), locked for the claim's write on PostgreSQL. */
  running: async (tx: Tx): Promise<CycleRow | undefined> => {
    const q = tx
      .selectFrom('cycles')
      .selectAll()
      .where('state', '=', 'running')
      .orderBy('id', 'desc')
      .limit(1);
    return (locksRows(tx) ? q.forUpdate() : q).executeTakeFirst();
  },

  /** Write a running cycle of someone else `interrupted` (its owner died or stopped renewing). */
  interrupt: async (tx: Tx, id: number, at: string): Promise<void> => {
    await tx
      .updateTable('cycles')
      .set({ state: 'interrupted', finished_at: at })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  },

  start: async (tx: Tx, trigger: CycleRecord['trigger'], owner: string, at: string): Promise<number> =>
    Number(
      (
        await tx
          .insertInto('cycles')
          .values({ trigger, state: 'running', owner, started_at: at, heartbeat_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    ),

  /** Renew the lease; false when the row is no longer this owner's running cycle. */
  heartbeat: async (tx: Tx, id: number, owner: string, at: string): Promise<boolean> =>
    Number(
      (
        await tx
          .updateTable('cycles')
          .set({ heartbeat_at: at })
          .where('id', '=', id)
          .where('owner', '=', owner)
          .where('state', '=', 'running')
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,

  saveSteps: async (tx: Tx, id: number, steps: CycleStepResult[]): Promise<void> => {
    await tx
      .updateTable('cycles')
      .set({ steps_json: JSON.stringify(steps) })
      .where('id', '=', id)
      .execute();
  },

  finish: async (
    tx: Tx,
    id: number,
    state: 'done' | 'failed',
    steps: CycleStepResult[],
    summary: CycleSummary,
    at: string,
  ): Promise<void> => {
    await tx
      .updateTable('cycles')
      .set({
        state,
        steps_json: JSON.stringify(steps),
        summary_json: JSON.stringify(summary),
        finished_at: at,
      })
      .where('id', '=', id)
      .execute();
  },

  get: async (tx: Tx, id: number): Promise<CycleRecord | undefined> => {
    const r = await tx.selectFrom('cycles').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },

  list: async (tx: Tx, limit: number): Promise<CycleRecord[]> =>
    (
      (await tx.selectFrom('cycles').selectAll().orderBy('id', 'desc').limit(limit).execute()) as CycleRow[]
    ).map(toRecord),

  /** The policy's pairs of a cycle, kept once each (cycle, receivable), in multi-row slices. */
  addPolicyPairs: async (
    tx: Tx,
    cycleId: number,
    pairs: { receivableId: number; lineId: number }[],
  ): Promise<void> => {
    for (const slice of slices(pairs, 500))
      await tx
        .insertInto('cycle_policy_pairs')
        .values(slice.map((p) => ({ cycle_id: cycleId, receivable_id: p.receivableId, line_id: p.lineId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  },

  /** Every pair the policy approved in any cycle that is not in the outbox yet. */
  policyPairsNotQueued: async (tx: Tx): Promise<{ receivableId: number; lineId: number }[]> =>
    (
      await tx
        .selectFrom('cycle_policy_pairs as c')
        .select(['c.receivable_id as receivableId', 'c.line_id as lineId'])
        .distinct()
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('outbox_items as o')
                .select('o.receivable_id')
                .whereRef('o.receivable_id', '=', 'c.receivable_id'),
            ),
          ),
        )
        .orderBy('c.receivable_id')
        .orderBy('c.line_id')
        .execute()
    ).map((r) => ({ receivableId: Number(r.receivableId), lineId: Number(r.lineId) })),

  /** The branch's schedule and intake folder. */
  settingsOf: async (tx: Tx): Promise<CycleSettings> =>
    toSettings(
      await tx
        .selectFrom('cycle_settings')
        .select(['schedule_json', 'intake_folder'])
        .where('id', '=', 1)
        .executeTakeFirst(),
    ),

  saveSettings: async (
    tx: Tx,
    schedule: CycleSchedule,
    intakeFolder: string | null,
    at: string,
  ): Promise<void> => {
    await tx
      .insertInto('cycle_settings')
      .values({ id: 1, schedule_json: JSON.stringify(schedule), intake_folder: intakeFolder, updated_at: at })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          schedule_json: eb.ref('excluded.schedule_json'),
          intake_folder: eb.ref('excluded.intake_folder'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  },
};

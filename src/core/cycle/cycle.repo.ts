/** The SQL of the automatic cycle (migration 016): cycles and their lease, the policy's pairs, the settings. */
import type { CycleRecord, CycleSchedule, CycleStepResult, CycleSummary } from '../../shared/contract/cycle';
import { cycleScheduleSchema } from '../../shared/contract/cycle';
import type { Db } from '../db/open-db';

interface CycleRow {
  id: number;
  trigger: CycleRecord['trigger'];
  state: CycleRecord['state'];
  owner: string;
  started_at: string;
  heartbeat_at: string;
  finished_at: string | null;
  steps_json: string;
  summary_json: string | null;
}

const toRecord = (r: CycleRow): CycleRecord => ({
  id: r.id,
  trigger: r.trigger,
  state: r.state,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  steps: JSON.parse(r.steps_json) as CycleStepResult[],
  summary: r.summary_json ? (JSON.parse(r.summary_json) as CycleSummary) : null,
});

export const cycleRepo = {
  running: (db: Db): CycleRow | undefined =>
    db.prepare(`SELECT * FROM cycles WHERE state = 'running' ORDER BY id DESC LIMIT 1`).get() as
      CycleRow | undefined,

  /** Write a running cycle of someone else `interrupted` (its owner died or stopped renewing). */
  interrupt: (db: Db, id: number, at: string) =>
    db
      .prepare(`UPDATE cycles SET state = 'interrupted', finished_at = ? WHERE id = ? AND state = 'running'`)
      .run(at, id),

  start: (db: Db, trigger: CycleRecord['trigger'], owner: string, at: string): number =>
    Number(
      db
        .prepare(
          `INSERT INTO cycles (trigger, state, owner, started_at, heartbeat_at) VALUES (?, 'running', ?, ?, ?)`,
        )
        .run(trigger, owner, at, at).lastInsertRowid,
    ),

  /** Renew the lease; false when the row is no longer this owner's running cycle. */
  heartbeat: (db: Db, id: number, owner: string, at: string): boolean =>
    db
      .prepare(`UPDATE cycles SET heartbeat_at = ? WHERE id = ? AND owner = ? AND state = 'running'`)
      .run(at, id, owner).changes === 1,

  saveSteps: (db: Db, id: number, steps: CycleStepResult[]) =>
    db.prepare('UPDATE cycles SET steps_json = ? WHERE id = ?').run(JSON.stringify(steps), id),

  finish: (
    db: Db,
    id: number,
    state: 'done' | 'failed',
    steps: CycleStepResult[],
    summary: CycleSummary,
    at: string,
  ) =>
    db
      .prepare(`UPDATE cycles SET state = ?, steps_json = ?, summary_json = ?, finished_at = ? WHERE id = ?`)
      .run(state, JSON.stringify(steps), JSON.stringify(summary), at, id),

  get: (db: Db, id: number): CycleRecord | undefined => {
    const r = db.prepare('SELECT * FROM cycles WHERE id = ?').get(id) as CycleRow | undefined;
    return r ? toRecord(r) : undefined;
  },

  list: (db: Db, limit: number): CycleRecord[] =>
    (db.prepare('SELECT * FROM cycles ORDER BY id DESC LIMIT ?').all(limit) as CycleRow[]).map(toRecord),

  addPolicyPairs: (db: Db, cycleId: number, pairs: { receivableId: number; lineId: number }[]) => {
    const ins = db.prepare(
      'INSERT OR IGNORE INTO cycle_policy_pairs (cycle_id, receivable_id, line_id) VALUES (?, ?, ?)',
    );
    db.transaction(() => {
      for (const p of pairs) ins.run(cycleId, p.receivableId, p.lineId);
    })();
  },

  /** Every pair the policy approved in any cycle that is not in the outbox yet. */
  policyPairsNotQueued: (db: Db): { receivableId: number; lineId: number }[] =>
    db
      .prepare(
        `SELECT DISTINCT receivable_id AS receivableId, line_id AS lineId FROM cycle_policy_pairs c
         WHERE NOT EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = c.receivable_id)`,
      )
      .all() as { receivableId: number; lineId: number }[],

  settings: (db: Db): { schedule: CycleSchedule | null; intakeFolder: string | null } => {
    const r = db.prepare('SELECT schedule_json, intake_folder FROM cycle_settings WHERE id = 1').get() as
      { schedule_json: string; intake_folder: string | null } | undefined;
    if (!r) return { schedule: null, intakeFolder: null };
    const parsed = cycleScheduleSchema.safeParse(JSON.parse(r.schedule_json));
    return { schedule: parsed.success ? parsed.data : null, intakeFolder: r.intake_folder };
  },

  saveSettings: (db: Db, schedule: CycleSchedule, intakeFolder: string | null, at: string) =>
    db
      .prepare(
        `INSERT INTO cycle_settings (id, schedule_json, intake_folder, updated_at) VALUES (1, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET schedule_json = excluded.schedule_json,
           intake_folder = excluded.intake_folder, updated_at = excluded.updated_at`,
      )
      .run(JSON.stringify(schedule), intakeFolder, at),
};

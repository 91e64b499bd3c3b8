import { describe, expect, it } from 'vitest';
import { listAudit, verifyAudit } from '../audit/audit.store';
import { openPgStore } from '../store/pg-store';
import type { Store } from '../store/store';
import { seedApprovedLines } from '../store/testing-seed';
import { reviewRepo } from './review.repo';
import { applyReview, approveGreen, type ReviewAction } from './review.service';
import { storesForTests } from '../../../tests/helpers/stores';

/**
 * [W] must-shows 1 and 2: a clerk's decision (approve, reject, back to review, undo) on both databases, and on
 * PostgreSQL the rule of docs/concurrency.md across office-server processes: several clerks deciding the same lines at
 * once, each with the version they saw — one decision per line goes through, every other one is refused and names
 * who got there first.
 */
const { open, later } = storesForTests();

const NOW = new Date('2026-11-20T13:00:00.000Z');

/** The versions a clerk's list showed (as match.lines reads them, without locking anything). */
const versionsSeen = (store: Store, ids: number[]) =>
  store.read(async (tx) =>
    (
      await tx.selectFrom('matches').select(['id', 'version']).where('id', 'in', ids).orderBy('id').execute()
    ).map((m) => ({ matchId: m.id, version: m.version })),
  );
const clerk = (login: string) => ({ actor: `${login} (server)`, profileId: 'p1' });

describe.each(['sqlite', 'postgres'] as const)('decisions on %s', (dialect) => {
  it('applies an action from the states it allows, audits each, and refuses what changed since it was seen', async () => {
    const store = await open[dialect]();
    const pairs = await seedApprovedLines(store, 4, { state: 'suggested' });
    const ids = pairs.map((p) => p.matchId!);
    const seen = await store.read(async (tx) =>
      Promise.all(
        ids.map(async (id) => ({ matchId: id, version: (await reviewRepo.match(tx, id))!.version })),
      ),
    );
    expect(await applyReview(store, 'approve', ids.slice(0, 2), clerk('ana'), NOW, {}, seen)).toEqual({
      changed: 2,
      skipped: [],
      conflicts: [],
    });
    // Bia saw the versions before Ana's approvals: those two are refused, naming Ana; the others go through.
    const r = await applyReview(store, 'reject', ids, clerk('bia'), NOW, {}, seen);
    expect(r.changed).toBe(2);
    expect(r.conflicts.map((c) => [c.matchId, c.by, c.state])).toEqual([
      [ids[0], 'ana', 'approved'],
      [ids[1], 'ana', 'approved'],
    ]);
    // Without versions (the CLI, the send policy): only from the states each action allows.
    expect(await applyReview(store, 'approve', [ids[2]!], clerk('carla'), NOW)).toEqual({
      changed: 0,
      skipped: [{ matchId: ids[2], reason: 'not possible from rejected' }],
      conflicts: [],
    });
    expect(await applyReview(store, 'unmatch', [ids[2]!], clerk('carla'), NOW)).toMatchObject({ changed: 1 });
    const m = await store.read((tx) => reviewRepo.match(tx, ids[2]!));
    expect(m).toMatchObject({ state: 'to_review', items: 0, queued: 0 });
    // Approving a line with no receivable left is refused with why; an unknown match is an error.
    expect((await applyReview(store, 'approve', [ids[2]!], clerk('carla'), NOW)).skipped).toEqual([
      { matchId: ids[2], reason: 'no receivable proposed' },
    ]);
    await expect(applyReview(store, 'approve', [999], clerk('carla'), NOW)).rejects.toThrow(/no match 999/);
    const audit = await store.read((tx) => listAudit(tx, { action: 'match.' }));
    expect(audit.entries.map((e) => [e.action, e.actor]).reverse()).toEqual([
      ['match.approved', 'ana (server)'],
      ['match.approved', 'ana (server)'],
      ['match.rejected', 'bia (server)'],
      ['match.rejected', 'bia (server)'],
      ['match.unmatched', 'carla (server)'],
    ]);
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 5 });
  });

  it('approves every green suggestion of the statement’s current plan', async () => {
    const store = await open[dialect]();
    const pairs = await seedApprovedLines(store, 3, { state: 'suggested' });
    expect(await approveGreen(store, 1, clerk('ana'), NOW)).toMatchObject({ changed: 3 });
    expect(await store.read((tx) => reviewRepo.greenSuggestions(tx, 1))).toEqual([]);
    expect(await store.read((tx) => reviewRepo.queuedOfLine(tx, pairs[0]!.lineId!))).toBe(0);
  });
});

describe('clerks deciding the same lines at once (PostgreSQL, READ COMMITTED, one pool per process)', () => {
  it('one decision per line goes through; every refusal names who got there first', async () => {
    const store = await open.postgres();
    const pairs = await seedApprovedLines(store, 40, { state: 'suggested' });
    const ids = pairs.map((p) => p.matchId!);
    const lineOf = new Map(pairs.map((p) => [p.matchId!, p.lineId!]));
    // What every clerk saw when the list loaded: the same versions.
    const seen = (await versionsSeen(store, ids)).map((v) => ({ ...v, lineId: lineOf.get(v.matchId) }));
    const logins = ['ana', 'bia', 'carla', 'davi', 'edu'];
    const actions: ReviewAction[] = ['approve', 'reject', 'to_review', 'approve', 'reject'];
    const processes = logins.map(() => openPgStore(store.url, { max: 2 }));
    later(...processes.map((p) => () => p.close()));
    // Each clerk decides every line, one at a time, in an order of their own, all at once.
    const results = await Promise.all(
      logins.map(async (login, k) => {
        const order =
          k % 2 ? [...ids].reverse() : [...ids].sort((a, b) => ((a * (k + 3)) % 41) - ((b * (k + 3)) % 41));
        const out: { id: number; changed: number; conflict?: { by: string; state: string } }[] = [];
        for (const id of order) {
          const r = await applyReview(processes[k]!, actions[k]!, [id], clerk(login), NOW, {}, seen);
          out.push({ id, changed: r.changed, ...(r.conflicts[0] ? { conflict: r.conflicts[0] } : {}) });
        }
        return out.map((o) => ({ ...o, login }));
      }),
    );
    const all = results.flat();
    const winners = new Map<number, string>();
    for (const o of all)
      if (o.changed) {
        expect(winners.has(o.id), `line ${o.id} decided twice`).toBe(false);
        winners.set(o.id, o.login);
      }
    expect(winners.size).toBe(ids.length);
    // Every other attempt was refused, naming the winner of that line and the state the winner left.
    const refused = all.filter((o) => !o.changed);
    expect(refused).toHaveLength(ids.length * (logins.length - 1));
    const stateOf = { approve: 'approved', reject: 'rejected', to_review: 'to_review' } as Record<
      string,
      string
    >;
    for (const o of refused) {
      const winner = winners.get(o.id)!;
      expect(o.conflict, `line ${o.id}, ${o.login}`).toEqual({
        matchId: o.id,
        lineId: lineOf.get(o.id),
        by: winner,
        at: NOW.toISOString(),
        state: stateOf[actions[logins.indexOf(winner)]!],
      });
    }
    // One audit entry per decision that went through, in one verified chain.
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: ids.length });
    // More than one clerk won lines: they really raced.
    expect(new Set(winners.values()).size).toBeGreaterThan(1);
  });
});

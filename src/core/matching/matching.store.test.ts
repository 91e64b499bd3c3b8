/**
 * Matching on both databases ([W] issue 34): the same statement and receivables, stored the same way in a SQLite file
 * and in a PostgreSQL database, give the same plan (every line's state, zone, score and receivables), keep the clerk's
 * decisions on a re-run, and take a clerk's own choice. On PostgreSQL, runs in separate processes (one pool each) never
 * give one receivable to two lines: the `matching` lock (matching.service.ts).
 */
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { openPgStore } from '../store/pg-store';
import type { Store } from '../store/store';
import { recordOverride, runMatching } from './matching.service';

const { open, later } = storesForTests();
const pgIt = process.env.QUITA_TEST_PG_URL ? it : it.skip;
const AT = '2026-11-20T13:00:00.000Z';
const NOW = () => new Date(AT);

interface Credit {
  amountCents: number;
  payer: string;
}

/** Lines a gym's Pix statement holds: a member's name as the bank prints it, the amount of a monthly fee. */
function credits(n: number): Credit[] {
  const names = ['MARIA SOUZA', 'JOAO PEREIRA', 'ANA LIMA', 'CARLOS ALVES', 'BEATRIZ COSTA', 'PEDRO ROCHA'];
  return Array.from({ length: n }, (_, i) => ({
    amountCents: 9_990 + (i % 7) * 1_000,
    payer: `${names[i % names.length]} ${String.fromCharCode(65 + (i % 26))}`,
  }));
}

/**
 * Account 1 + k with statement k of the lists of credits (period 2026-11-01..2026-11-30), and the receivables: for each
 * credit of the first statement with an index ≡ 0 or 1 (mod 5), an open one of its payer and amount due that week;
 * ≡ 2: two of the same amount and different members (a tie); ≡ 3: one already received in the EVO (recorded); ≡ 4:
 * none. Returns each statement's id.
 */
async function seed(store: Store, statements: Credit[][]): Promise<number[]> {
  return store.write(async (tx) => {
    await tx
      .insertInto('bank_accounts')
      .values(
        statements.map((_, k) => ({
          id: 1 + k,
          description: `Conta ${1 + k}`,
          raw_json: '{}',
          fetched_at: AT,
        })),
      )
      .execute();
    const ids: number[] = [];
    let rid = 1000;
    for (const [k, list] of statements.entries()) {
      const { id: statementId } = await tx
        .insertInto('statements')
        .values({
          bank_account_id: 1 + k,
          file_name: `extrato-${k}.ofx`,
          sha256: `s${k}`,
          byte_size: 1,
          format: 'ofx',
          mapping_json: '{}',
          mapping_source: 'ofx',
          imported_at: `2026-11-2${k}T10:00:00.000Z`,
          period_from: '2026-11-01',
          period_to: '2026-11-30',
          line_count: list.length,
          credit_count: list.length,
          debit_count: 0,
          balance_count: 0,
          inserted_count: list.length,
          known_count: 0,
          rejected_count: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(statementId);
      for (const [i, c] of list.entries()) {
        const day = `2026-11-${String(3 + (i % 20)).padStart(2, '0')}`;
        await tx
          .insertInto('statement_lines')
          .values({
            statement_id: statementId,
            bank_account_id: 1 + k,
            position: i,
            date: day,
            amount_cents: c.amountCents,
            kind: 'credit',
            description: `PIX RECEBIDO ${c.payer}`,
            payer_text: c.payer,
            raw_json: '{}',
            fingerprint: `f${k}-${i}`,
          })
          .execute();
        if (k > 0) continue;
        const receivable = (over: { payer: string; status?: number; receivedOn?: string }) => ({
          id: rid++,
          amount_cents: c.amountCents,
          due_date: day,
          status_id: over.status ?? 1,
          payer_name: over.payer,
          member_id: rid,
          receiving_date: over.receivedOn ?? null,
          bank_account_id: over.receivedOn ? 1 : null,
          raw_json: '{}',
          fetched_at: AT,
        });
        const kind = i % 5;
        if (kind === 0 || kind === 1)
          await tx
            .insertInto('receivables')
            .values(receivable({ payer: c.payer }))
            .execute();
        if (kind === 2)
          await tx
            .insertInto('receivables')
            .values([receivable({ payer: 'OUTRO ALUNO UM' }), receivable({ payer: 'OUTRO ALUNO DOIS' })])
            .execute();
        if (kind === 3)
          await tx
            .insertInto('receivables')
            .values(receivable({ payer: c.payer, status: 2, receivedOn: day }))
            .execute();
      }
    }
    return ids;
  });
}

/** Every line of the statement's current plan: position, state, zone, score and the receivables it holds. */
async function planOf(store: Store, statementId: number) {
  return store.read(async (tx) => {
    const rows = await tx
      .selectFrom('matches as m')
      .innerJoin('statement_lines as l', 'l.id', 'm.line_id')
      .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
      .select(['m.id', 'l.position', 'm.state', 'm.zone', 'm.score', 'm.reasons_json'])
      .where('p.statement_id', '=', statementId)
      .orderBy('l.position')
      .execute();
    const items = await tx
      .selectFrom('match_items')
      .select(['match_id', 'receivable_id', 'amount_cents'])
      .where('active', '=', 1)
      .orderBy('match_id')
      .orderBy('receivable_id')
      .execute();
    return rows.map((r) => ({
      position: r.position,
      state: r.state,
      zone: r.zone,
      score: r.score,
      reasons: (JSON.parse(r.reasons_json) as { code: string }[]).map((x) => x.code),
      items: items.filter((i) => i.match_id === r.id).map((i) => [i.receivable_id, i.amount_cents]),
    }));
  });
}

describe.each(['sqlite', 'postgres'] as const)('matching on %s', (kind) => {
  const maybe = kind === 'postgres' ? pgIt : it;

  maybe('a run, a decision kept by the next run, and a clerk’s own choice', async () => {
    const store = await open[kind]();
    const [statementId] = await seed(store, [credits(40)]);
    const first = await runMatching(store, { statementId }, { now: NOW });
    expect(first).toMatchObject({ statementId, lines: 40, kept: 0 });
    // 8 of each kind: 16 with their own receivable, 8 ties, 8 already in the EVO, 8 with nothing.
    expect(first.recorded).toBe(8);
    expect(first.green + first.yellow + first.red + first.unmatched + first.recorded).toBe(40);
    const plan = await planOf(store, statementId!);
    expect(plan.filter((l) => l.items.length === 1)).toHaveLength(16);
    expect(plan.filter((l) => l.state === 'recorded')).toHaveLength(8);

    // The clerk approves the first line; a re-run keeps it (same receivable, state approved) and replaces the rest.
    await store.write((tx) =>
      tx
        .updateTable('matches')
        .set({ state: 'approved' })
        .where('line_id', '=', (eb) =>
          eb
            .selectFrom('statement_lines')
            .select('id')
            .where('position', '=', 0)
            .where('statement_id', '=', statementId!),
        )
        .execute(),
    );
    const again = await runMatching(store, { statementId }, { now: NOW });
    expect(again.kept).toBe(1);
    const after = await planOf(store, statementId!);
    expect(after[0]).toMatchObject({ state: 'approved', items: plan[0]!.items });
    expect(after.slice(1)).toEqual(plan.slice(1));

    // A line nothing explained (position 4): the clerk gives it the receivable of a tie line's twin amount.
    const free = await store.read((tx) =>
      tx
        .selectFrom('receivables')
        .select('id')
        .where('payer_name', '=', 'OUTRO ALUNO UM')
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    const lineId = await store.read(
      async (tx) =>
        (
          await tx
            .selectFrom('statement_lines')
            .select('id')
            .where('position', '=', 4)
            .where('statement_id', '=', statementId!)
            .executeTakeFirstOrThrow()
        ).id,
    );
    const chosen = await store.write((tx) => recordOverride(tx, lineId, [free.id], new Date(AT)));
    expect(chosen.zone).toBe('red'); // another member, another amount: stands, scored red
    const overridden = (await planOf(store, statementId!))[4]!;
    expect(overridden.state).toBe('overridden');
    expect(overridden.reasons[0]).toBe('manual');
    expect(overridden.items.map(([id]) => id)).toEqual([free.id]);
  });
});

describe('matching answers the same on both databases', () => {
  pgIt('the same statement and receivables give the same plan, line by line', async () => {
    const plans = [];
    for (const kind of ['sqlite', 'postgres'] as const) {
      const store = await open[kind]();
      const [statementId] = await seed(store, [credits(60)]);
      const summary = await runMatching(store, { statementId }, { now: NOW });
      plans.push({ summary: { ...summary, durationMs: 0 }, lines: await planOf(store, statementId!) });
    }
    const [sqlite, postgres] = plans;
    expect(postgres!.lines).toHaveLength(60);
    expect(postgres!.lines).toEqual(sqlite!.lines);
    expect(postgres!.summary).toEqual(sqlite!.summary);
    expect(sqlite!.lines.some((l) => l.zone === 'green')).toBe(true);
  });
});

describe('matching across office-server processes (PostgreSQL, READ COMMITTED)', () => {
  pgIt('runs of four statements at once, from five processes: no receivable given to two lines', async () => {
    const base = await open.postgres();
    // The same credits in statements of two accounts (the same members paying into both, as a branch with two banks
    // sees): each receivable fits a line of each, and only one may have it.
    const list = credits(30);
    const ids = await seed(base, [list, list, list, list]);
    const pools = [0, 1, 2, 3, 4].map(() => {
      const s = openPgStore(base.url, { max: 2 });
      later(() => s.close());
      return s;
    });
    await Promise.all(
      [...ids, ids[0]!].map((statementId, k) => runMatching(pools[k]!, { statementId }, { now: NOW })),
    );
    const held = await base.read((tx) =>
      tx
        .selectFrom('match_items as i')
        .innerJoin('match_plans as p', 'p.id', 'i.plan_id')
        .select(['i.receivable_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('i.active', '=', 1)
        .where((eb) =>
          eb(
            'p.id',
            '=',
            eb
              .selectFrom('match_plans as q')
              .select((q) => q.fn.max('q.id').as('m'))
              .whereRef('q.statement_id', '=', 'p.statement_id'),
          ),
        )
        .groupBy('i.receivable_id')
        .execute(),
    );
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((h) => Number(h.n) > 1)).toEqual([]);
    // Each statement has exactly one plan left, with one match per line.
    for (const id of ids) {
      const plansLeft = await base.read((tx) =>
        tx.selectFrom('match_plans').select('id').where('statement_id', '=', id).execute(),
      );
      expect(plansLeft).toHaveLength(1);
      expect(await planOf(base, id)).toHaveLength(30);
    }
  });
});

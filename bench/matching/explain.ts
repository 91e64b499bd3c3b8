/**
 * bench/matching/explain: lists every line Quita got wrong or missed at one noise level, with the truth
 * and what the engine said, for tuning. Usage: tsx bench/matching/explain.ts [--seeds 1,2,3] [--noise default]
 */
import { parseArgs } from 'node:util';
import { matchStatement } from '../../src/core/matching/engine';
import { renderReason } from '../../src/core/matching/reasons-pt';
import { DEFAULT_MATCH_SETTINGS } from '../../src/core/matching/settings';
import type { HeldReceivable } from '../../src/core/matching/types';
import type { CardStyleName, NoiseLevel } from '../../src/sandbox';
import { undecidableLines } from './ceiling';
import { buildDataset } from './dataset';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2,3' },
    noise: { type: 'string', default: 'default' },
    members: { type: 'string', default: '800' },
    'card-style': { type: 'string' },
  },
});
for (const seed of values.seeds.split(',').map(Number)) {
  const ds = buildDataset({
    seed,
    members: Number(values.members),
    today: '2026-07-15',
    days: 30,
    noise: values.noise as NoiseLevel,
    formats: ['ofx', 'csv', 'xlsx'],
    ...(values['card-style'] ? { cardStyle: values['card-style'] as CardStyleName } : {}),
  });
  const byId = new Map(ds.receivables.map((r) => [r.id, r]));
  const raw = new Map(ds.data.receivables.map((r) => [r.idReceivable, r]));
  const held = new Map<number, HeldReceivable>();
  const open = (id: number) => [1, 4].includes(byId.get(id)?.statusId ?? 0);
  for (const [k, st] of ds.statements.entries()) {
    const plan = matchStatement({
      bankAccountId: st.bankAccountId,
      lines: st.lines.map((t) => t.line),
      receivables: ds.receivables,
      aliases: [],
      settings: DEFAULT_MATCH_SETTINGS,
      held,
    });
    const res = new Map(plan.results.map((r) => [r.lineId, r]));
    const undecidable = undecidableLines(ds, st, DEFAULT_MATCH_SETTINGS);
    for (const r of plan.results)
      for (const i of r.items) held.set(i.receivableId, { statementId: k + 1, lineId: r.lineId });
    for (const t of st.lines) {
      const expected = t.truth.filter(open).sort((a, b) => a - b);
      const r = res.get(t.line.id)!;
      const got = r.items.map((i) => i.receivableId).sort((a, b) => a - b);
      if (JSON.stringify(expected) === JSON.stringify(got)) continue;
      if (expected.length === 0 && got.length === 0) continue;
      console.log(
        `\n${undecidable.has(t.line.id) ? '[undecidable] ' : ''}seed ${seed} acct ${st.bankAccountId} ${t.kind} ${t.line.date} ${t.line.amountCents} "${t.line.description}" payer=${JSON.stringify(t.line.payerText)}`,
      );
      for (const id of expected) {
        const x = byId.get(id)!;
        const h = raw.get(id)!;
        console.log(
          `   truth #${id} ${x.payerName} due ${x.dueDate} ${x.amountCents} type ${x.paymentTypeId} member ${x.memberId} | paid by "${h.payment?.payerText}" ${h.payment?.channel} ${h.payment?.amountCents}`,
        );
      }
      console.log(
        `   got [${got.join(',')}] ${r.zone} ${r.score}: ${r.reasons.map(renderReason).join('; ')}`,
      );
      for (const why of r.reasons) {
        const other =
          why.code === 'claimed' || why.code === 'possible_duplicate' ? Number(why.params?.lineId) : 0;
        const o = other ? st.lines.find((x) => x.line.id === other) : undefined;
        const or = other ? res.get(other) : undefined;
        if (o && or)
          console.log(
            `   line ${other}: ${o.kind} ${o.line.date} ${o.line.amountCents} "${o.line.description}" truth [${o.truth.join(',')}] got [${or.items.map((i) => i.receivableId).join(',')}] ${or.zone} ${or.score}`,
          );
      }
      for (const id of got) {
        const x = byId.get(id)!;
        console.log(`   got #${id} ${x.payerName} due ${x.dueDate} ${x.amountCents} type ${x.paymentTypeId}`);
      }
    }
  }
}

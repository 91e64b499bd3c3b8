/**
 * bench/matching/styles ([J] item 2): the matching bench once per card settlement style of the sandbox
 * (src/sandbox/data/card-styles.ts: brand-separated or consolidated per product / per day, texts naming the
 * acquirer only or nothing, due date as forecast or as the member's date, or the charge day with the plan's sale
 * a month before and the money days after it ([S] item 5: plan-sale-due-lag), anticipation, fees recorded or not),
 * each beside the baselines, with the ceiling of decidable lines, and the card deposits alone.
 * `--before DIR`: also runs the engine of another checkout (e.g. `git archive <commit> src | tar -x -C DIR`
 * with node_modules linked) on the very same data — the "before" column of the closing note.
 * Usage: node_modules/.bin/tsx bench/matching/styles.ts [--seeds 1,2,3] [--styles a,b] [--before DIR]
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { matchStatement } from '../../src/core/matching/engine';
import { DEFAULT_MATCH_SETTINGS } from '../../src/core/matching/settings';
import type { HeldReceivable, MatchInput, MatchPlan } from '../../src/core/matching/types';
import { CARD_STYLE_NAMES, type CardStyleName } from '../../src/sandbox';
import { actualBudget, gnuCash, type SimpleResult } from './baselines';
import { undecidableLines } from './ceiling';
import { buildDataset, type Dataset } from './dataset';
import { add, score, zero, type Counts } from './metrics';

type Engine = (input: MatchInput) => MatchPlan;
type Matcher = { label: string; run: Engine | 'actual' | 'gnucash' };

/** Runs one matcher over every statement of a dataset; the second Counts is the card deposits alone. */
function runMatcher(m: Matcher, ds: Dataset): [Counts, Counts] {
  const open = new Set(ds.receivables.filter((r) => r.statusId === 1 || r.statusId === 4).map((r) => r.id));
  let all = zero();
  let cards = zero();
  const claimed = new Set<number>();
  const held = new Map<number, HeldReceivable>();
  for (const [k, st] of ds.statements.entries()) {
    const lines = st.lines.map((t) => t.line);
    const t0 = performance.now();
    let got: SimpleResult[];
    if (typeof m.run === 'function') {
      const plan = m.run({
        bankAccountId: st.bankAccountId,
        lines,
        receivables: ds.receivables,
        aliases: [],
        settings: DEFAULT_MATCH_SETTINGS,
        held,
      });
      got = plan.results.map((r) => ({
        lineId: r.lineId,
        receivableIds: r.items.map((i) => i.receivableId),
        zone: r.zone,
      }));
      for (const r of plan.results)
        for (const i of r.items) held.set(i.receivableId, { statementId: k + 1, lineId: r.lineId });
    } else got = (m.run === 'actual' ? actualBudget : gnuCash)(lines, ds.receivables, claimed);
    const ms = performance.now() - t0;
    const undecidable = undecidableLines(ds, st, DEFAULT_MATCH_SETTINGS);
    all = add(all, score(st.lines, got, open, ms, undecidable));
    const cardLines = st.lines.filter((t) => t.kind === 'card-lump');
    cards = add(cards, score(cardLines, got, open, 0, undecidable));
  }
  return [all, cards];
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
const HEAD =
  'matcher              | elig. |   green precision |   all recall        | ceiling | cards: elig. | green prec.      | recall';
function line(label: string, c: Counts, k: Counts): string {
  const ceiling = pct(c.eligible - c.undecidable, c.eligible);
  return [
    label.padEnd(20),
    String(c.eligible).padStart(5),
    `${pct(c.greenOk, c.green)} (${c.greenOk}/${c.green})`.padStart(17),
    `${pct(c.allOk, c.eligible)} (${c.allOk}/${c.eligible})`.padStart(19),
    ceiling.padStart(7),
    String(k.eligible).padStart(12),
    `${pct(k.greenOk, k.green)} (${k.greenOk}/${k.green})`.padStart(16),
    `${pct(k.allOk, k.eligible)} (${k.allOk}/${k.eligible})`,
  ].join(' | ');
}

export async function styleTables(opts: {
  seeds: number[];
  styles: CardStyleName[];
  before?: string | undefined;
}): Promise<void> {
  const matchers: Matcher[] = [{ label: 'Quita', run: matchStatement }];
  if (opts.before) {
    const mod = (await import(join(resolve(opts.before), 'src/core/matching/engine.ts'))) as {
      matchStatement: Engine;
    };
    matchers.unshift({ label: 'Quita before', run: mod.matchStatement });
  }
  matchers.push({ label: '(a) Actual ±7 d', run: 'actual' }, { label: '(b) GnuCash', run: 'gnucash' });
  console.log(
    `\ncard settlement styles (800 members, default noise, seeds ${opts.seeds.join(', ')}; 'cards' = the card deposit lines alone)`,
  );
  for (const style of opts.styles) {
    const acc = matchers.map(() => [zero(), zero()] as [Counts, Counts]);
    for (const seed of opts.seeds) {
      const ds = buildDataset({
        seed,
        members: 800,
        today: '2026-07-15',
        days: 30,
        noise: 'default',
        formats: ['ofx', 'csv', 'xlsx'],
        cardStyle: style,
      });
      matchers.forEach((m, k) => {
        const [c, cards] = runMatcher(m, ds);
        acc[k] = [add(acc[k]![0], c), add(acc[k]![1], cards)];
      });
    }
    console.log(`\nstyle ${style}\n${HEAD}\n${'-'.repeat(HEAD.length)}`);
    matchers.forEach((m, k) => console.log(line(m.label, acc[k]![0], acc[k]![1])));
  }
}

if (process.argv[1]?.endsWith('styles.ts')) {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '1,2,3' },
      styles: { type: 'string', default: CARD_STYLE_NAMES.join(',') },
      before: { type: 'string' },
    },
  });
  const styles = values.styles.split(',') as CardStyleName[];
  for (const s of styles)
    if (!CARD_STYLE_NAMES.includes(s)) throw new Error(`unknown style ${s} (${CARD_STYLE_NAMES.join(', ')})`);
  await styleTables({ seeds: values.seeds.split(',').map(Number), styles, before: values.before });
}

/**
 * bench/matching, acquirer settlement files ([J] item 3): the card account's statement of the sandbox branch
 * (last 30 days), per card settlement style (src/sandbox/data/card-styles.ts), matched without and with the
 * acquirers' files of the same account and period — written by the sandbox (src/sandbox/acquirer-files.ts),
 * parsed by src/core/import/acquirer, read as matching reads stored files (core/acquirer/acquirer.match.ts).
 * Before = the engine on the statement alone; after = the same engine given the payment batches (pass 0b,
 * core/matching/acquirer-files.ts): Cielo only, Rede only (EEVC + EEVD forecasts), Rede paid (+ EEFI), Stone
 * only, and all three acquirers' files (the sandbox's fourth acquirer, GetNet, has no layout here).
 * Card credits: lines paying at least one open receivable; correct = exactly its open receivables.
 * Usage: node_modules/.bin/tsx bench/matching/acquirer-files.ts [--seeds 1,2,3] [--members 800] [--styles a,b]
 */
import { parseArgs } from 'node:util';
import { matchPaymentsOf } from '../../src/core/acquirer/acquirer.match';
import type { StoredSale } from '../../src/core/acquirer/acquirer.repo';
import { parseAcquirerFile } from '../../src/core/import/acquirer/parse-acquirer';
import type { AcquirerFile } from '../../src/core/import/acquirer/types';
import type { MatchAcquirerPayment } from '../../src/core/matching/acquirer-files';
import { matchStatement } from '../../src/core/matching/engine';
import { DEFAULT_MATCH_SETTINGS } from '../../src/core/matching/settings';
import { CARD_STYLE_NAMES, generateSandboxData, type CardStyleName } from '../../src/sandbox';
import { writeAcquirerFile, type AcquirerFormat } from '../../src/sandbox/acquirer-files';
import { addDays, cacheReceivables, statementLines } from './dataset';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2,3' },
    members: { type: 'string', default: '800' },
    styles: { type: 'string', default: 'classic,brand,product,day,generic,member-due,anticipation' },
  },
});
const TODAY = '2026-07-15';
const SEEDS = values.seeds.split(',').map(Number);
const STYLES = values.styles
  .split(',')
  .filter((s): s is CardStyleName => (CARD_STYLE_NAMES as readonly string[]).includes(s));

const MODES: Record<string, AcquirerFormat[]> = {
  before: [],
  cielo: ['cielo'],
  'rede (EEVC+EEVD)': ['rede-eevc', 'rede-eevd'],
  'rede paid (+EEFI)': ['rede-eevc', 'rede-eevd', 'rede-eefi'],
  stone: ['stone'],
  'all three': ['cielo', 'rede-eevc', 'rede-eevd', 'rede-eefi', 'stone'],
};

/** The files parsed as one account's stored payments and rows (what acquirerPaymentsFor reads). */
function paymentsOf(files: AcquirerFile[]): MatchAcquirerPayment[] {
  let id = 1;
  const rows: StoredSale[] = [];
  const payments = files.flatMap((f) =>
    f.payments.map((p) => ({ ...p, acquirer: f.acquirer, layout: f.layout, id: id++ })),
  );
  for (const f of files) for (const s of f.sales) rows.push({ ...s, id: id++, acquirer: f.acquirer });
  // Forecast and paid rows of one sale come from different files; the database keeps one per fingerprint,
  // here each file's rows stay with their own batch (batchRef differs per layout).
  return matchPaymentsOf(
    payments,
    rows,
    rows.filter((s) => s.acquirer === 'rede' && s.kind === 'sale'),
  );
}

interface Tally {
  eligible: number;
  proposed: number;
  correct: number;
  green: number;
  greenOk: number;
  explained: number;
  allGreen: number;
  allGreenOk: number;
}
const zero = (): Tally => ({
  eligible: 0,
  proposed: 0,
  correct: 0,
  green: 0,
  greenOk: 0,
  explained: 0,
  allGreen: 0,
  allGreenOk: 0,
});
const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

console.log(
  `bench/matching — acquirer files: sandbox branch of ${values.members} members, today ${TODAY}, the card account's statement of the last 30 days, seeds ${SEEDS.join(', ')}.`,
);
const parsedCount = new Map<string, { rows: number; truth: number }>();
for (const style of STYLES) {
  const tallies = new Map(Object.keys(MODES).map((m) => [m, zero()]));
  for (const seed of SEEDS) {
    const data = generateSandboxData({
      seed,
      members: Number(values.members),
      months: 6,
      today: TODAY,
      cardStyle: style,
    });
    const receivables = cacheReceivables(data);
    const open = new Set(receivables.filter((r) => r.statusId === 1 || r.statusId === 4).map((r) => r.id));
    const account = data.bankAccounts.find((a) => a.role === 'cards')!.id;
    const from = addDays(TODAY, -30);
    const { lines } = statementLines(data, account, from, 'ofx', 'default');
    const files = new Map<AcquirerFormat, AcquirerFile>();
    for (const format of new Set(Object.values(MODES).flat())) {
      const w = writeAcquirerFile(data, {
        bankAccountId: account,
        from: addDays(from, -3),
        to: TODAY,
        format,
      });
      const f = parseAcquirerFile(w.bytes);
      files.set(format, f);
      const c = parsedCount.get(format) ?? { rows: 0, truth: 0 };
      c.rows +=
        format === 'rede-eefi'
          ? f.payments.length
          : f.sales.filter((s) => s.kind === 'sale' && (format !== 'stone' || s.batchRef)).length;
      c.truth +=
        format === 'rede-eefi'
          ? w.groundTruth.batches.length
          : w.groundTruth.batches.reduce((n, b) => n + b.receivableIds.length, 0);
      parsedCount.set(format, c);
    }
    for (const [mode, formats] of Object.entries(MODES)) {
      const plan = matchStatement({
        bankAccountId: account,
        lines: lines.map((t) => t.line),
        receivables,
        aliases: [],
        settings: DEFAULT_MATCH_SETTINGS,
        acquirerPayments: paymentsOf(formats.map((f) => files.get(f)!)),
      });
      const T = tallies.get(mode)!;
      const byLine = new Map(plan.results.map((r) => [r.lineId, r]));
      for (const t of lines) {
        const r = byLine.get(t.line.id)!;
        const expected = t.truth.filter((id) => open.has(id)).sort((x, y) => x - y);
        const ids = r.items.map((i) => i.receivableId).sort((x, y) => x - y);
        const ok = ids.join(',') === expected.join(',');
        if (r.zone === 'green' && ids.length) {
          T.allGreen++;
          if (ok) T.allGreenOk++;
        }
        if (t.kind !== 'card-lump' || expected.length === 0) continue;
        T.eligible++;
        if (ids.length) T.proposed++;
        if (ok) T.correct++;
        if (r.reasons.some((x) => x.code === 'acquirer_file')) T.explained++;
        if (ids.length && r.zone === 'green') {
          T.green++;
          if (ok) T.greenOk++;
        }
      }
    }
  }
  console.log(`\nstyle ${style}`);
  const head =
    'files                | card credits | explained by file | correct (recall) | green (precision)   | all lines green precision';
  console.log(`${head}\n${'-'.repeat(head.length)}`);
  for (const [mode, T] of tallies)
    console.log(
      [
        mode.padEnd(20),
        String(T.eligible).padStart(12),
        String(T.explained).padStart(17),
        `${T.correct} (${pct(T.correct, T.eligible)})`.padStart(16),
        `${T.green} (${pct(T.greenOk, T.green)})`.padStart(19),
        `${pct(T.allGreenOk, T.allGreen)} (${T.allGreenOk}/${T.allGreen})`,
      ].join(' | '),
    );
}
console.log('\nsales parsed vs sales the sandbox wrote (EEFI: credits), over every style and seed:');
for (const [format, c] of parsedCount) console.log(`  ${format.padEnd(10)} ${c.rows} / ${c.truth}`);

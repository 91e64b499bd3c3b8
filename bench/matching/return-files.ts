/**
 * bench/matching, return files ([K]): the sandbox branch with **every day's boletos credited as one
 * aggregated line** (“LIQUIDACAO DE COBRANCA N TIT”, statement option `boletoLumps: 'all'`), matched without
 * and with the account's CNAB return file of the same period (written by the sandbox, parsed by
 * src/core/import/cnab). Before = today's engine on the statement alone; after = the same engine given the
 * return file's settlements (pass 0, core/matching/return-files.ts). Also “after, seu número blank”: the gym
 * does not put the receivable id in the boleto, so titles are tied by nosso número / face value + due date.
 * Usage: node_modules/.bin/tsx bench/matching/return-files.ts [--seeds 1,2,3] [--noise default] [--members 800]
 *        [--lumps all|some] [--verbose]
 */
import { parseArgs } from 'node:util';
import { parseCnabReturn } from '../../src/core/import/cnab/parse-cnab';
import { matchStatement } from '../../src/core/matching/engine';
import { DEFAULT_MATCH_SETTINGS } from '../../src/core/matching/settings';
import type { HeldReceivable, MatchReturnTitle } from '../../src/core/matching/types';
import { parseStatement } from '../../src/core/import/parse-statement';
import {
  generateSandboxData,
  returnLayoutFor,
  writeReturnFile,
  writeStatement,
  type NoiseLevel,
  type SandboxData,
  type StatementFormat,
} from '../../src/sandbox';
import { addDays, cacheReceivables, type TruthLine } from './dataset';
import { add, HEADER, row, score, zero, type Counts, type Suggestion } from './metrics';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2,3' },
    noise: { type: 'string', default: 'default' },
    members: { type: 'string', default: '800' },
    verbose: { type: 'boolean', default: false },
    /** `all` (default): every day's boletos in one credit; `some`: the ordinary bench's statements. */
    lumps: { type: 'string', default: 'all' },
  },
});
const TODAY = '2026-07-15';
const SEEDS = values.seeds.split(',').map(Number);
const NOISE = values.noise as NoiseLevel;
const LUMPS = values.lumps === 'some' ? 'some' : 'all';
const FORMATS: StatementFormat[] = ['ofx', 'csv', 'xlsx'];
let nextLineId = 1;
let nextTitleId = 1;

function lines(data: SandboxData, bankAccountId: number, from: string, format: StatementFormat): TruthLine[] {
  const file = writeStatement(data, {
    bankAccountId,
    from,
    to: TODAY,
    format,
    noise: NOISE,
    boletoLumps: LUMPS,
  });
  const got = parseStatement(file.bytes).lines.filter((l) => l.kind !== 'balance');
  const want = file.groundTruth.lines.filter((l) => l.kind !== 'balance');
  if (got.length !== want.length)
    throw new Error(`${file.fileName}: parsed ${got.length}, truth ${want.length}`);
  return got.flatMap((l, k) =>
    l.kind !== 'credit'
      ? []
      : [
          {
            line: {
              id: nextLineId++,
              date: l.date,
              amountCents: l.amountCents,
              kind: 'credit' as const,
              description: l.description,
              payerText: l.payerText,
            },
            truth: want[k]!.receivableIds,
            kind: want[k]!.kind,
          },
        ],
  );
}

function returnTitles(
  data: SandboxData,
  bankAccountId: number,
  from: string,
  seuNumero: 'receivable-id' | 'blank',
): MatchReturnTitle[] {
  const bank = data.bankAccounts.find((a) => a.id === bankAccountId)!.bankCode;
  if (!returnLayoutFor(bank)) return []; // a digital bank without boleto collection here
  const f = writeReturnFile(data, { bankAccountId, from, to: TODAY, seuNumero });
  const r = parseCnabReturn(f.bytes);
  return r.titles.flatMap((t) =>
    t.isSettlement && t.paidCents !== null && t.creditDate
      ? [
          {
            id: nextTitleId++,
            returnFileId: 1,
            bankCode: r.bankCode,
            layout: r.layout,
            nossoNumero: t.nossoNumero,
            seuNumero: t.seuNumero,
            payerName: t.payerName,
            dueDate: t.dueDate,
            faceCents: t.faceValueCents,
            paidCents: t.paidCents,
            interestFineCents: t.interestFineCents,
            discountCents: t.discountCents,
            creditedCents: t.creditedCents,
            feeCents: t.feeCents,
            creditDate: t.creditDate,
          },
        ]
      : [],
  );
}

type Mode = 'before' | 'after' | 'after-blank';
const MODES: Mode[] = ['before', 'after', 'after-blank'];
const LABEL: Record<Mode, string> = {
  before: 'Quita, statement only (before)',
  after: 'Quita + return file (after)',
  'after-blank': 'Quita + return file, seu número blank',
};
const total: Record<Mode, Counts> = { before: zero(), after: zero(), 'after-blank': zero() };
const lumps: Record<Mode, { eligible: number; ok: number; green: number; greenOk: number; all: number }> = {
  before: { eligible: 0, ok: 0, green: 0, greenOk: 0, all: 0 },
  after: { eligible: 0, ok: 0, green: 0, greenOk: 0, all: 0 },
  'after-blank': { eligible: 0, ok: 0, green: 0, greenOk: 0, all: 0 },
};
let lumpLines = 0;
let lumpTitles = 0;

for (const seed of SEEDS) {
  const data = generateSandboxData({ seed, members: Number(values.members), months: 6, today: TODAY });
  const receivables = cacheReceivables(data);
  const open = new Set(receivables.filter((r) => r.statusId === 1 || r.statusId === 4).map((r) => r.id));
  const from = addDays(TODAY, -30);
  const statements = data.bankAccounts
    .filter((a) => !a.inactive)
    .map((a, k) => ({ bankAccountId: a.id, lines: lines(data, a.id, from, FORMATS[k % FORMATS.length]!) }));
  for (const st of statements)
    for (const t of st.lines)
      if (t.kind === 'boleto-lump') {
        lumpLines++;
        lumpTitles += t.truth.length;
      }
  for (const mode of MODES) {
    const held = new Map<number, HeldReceivable>();
    for (const [k, st] of statements.entries()) {
      const titles =
        mode === 'before'
          ? []
          : returnTitles(data, st.bankAccountId, from, mode === 'after' ? 'receivable-id' : 'blank');
      const t0 = performance.now();
      const plan = matchStatement({
        bankAccountId: st.bankAccountId,
        lines: st.lines.map((t) => t.line),
        receivables,
        aliases: [],
        settings: DEFAULT_MATCH_SETTINGS,
        held,
        returnTitles: titles,
      });
      const ms = performance.now() - t0;
      const got: Suggestion[] = plan.results.map((r) => ({
        lineId: r.lineId,
        receivableIds: r.items.map((i) => i.receivableId),
        zone: r.zone,
      }));
      for (const r of plan.results)
        for (const i of r.items) held.set(i.receivableId, { statementId: k + 1, lineId: r.lineId });
      total[mode] = add(total[mode], score(st.lines, got, open, ms));
      const byLine = new Map(got.map((g) => [g.lineId, g]));
      for (const t of st.lines) {
        if (t.kind !== 'boleto-lump') continue;
        const expected = t.truth.filter((id) => open.has(id)).sort((x, y) => x - y);
        if (expected.length === 0) continue;
        const g = byLine.get(t.line.id)!;
        const ids = [...g.receivableIds].sort((x, y) => x - y);
        const ok = ids.join(',') === expected.join(',');
        const L = lumps[mode];
        L.eligible++;
        if (ids.length) L.all++;
        if (ok) L.ok++;
        if (values.verbose && mode === 'after' && g.zone !== 'green') {
          const r = plan.results.find((x) => x.lineId === t.line.id)!;
          console.log(
            `  not green: ${t.line.date} ${t.line.amountCents} ${r.zone} ${r.score}`,
            JSON.stringify(r.reasons.map((x) => x.code)),
          );
        }
        if (ids.length && g.zone === 'green') {
          L.green++;
          if (ok) L.greenOk++;
        }
      }
    }
  }
}

console.log(
  `bench/matching — return files: sandbox branch of ${values.members} members, today ${TODAY}, last 30 days of every active account,`,
);
console.log(
  `${LUMPS === 'all' ? "every day's boletos aggregated into one credit (boletoLumps 'all')" : "some days' boletos aggregated, as in bench/matching/run.ts (boletoLumps 'some')"}, noise ${NOISE}, seeds ${SEEDS.join(', ')}.`,
);
console.log(`aggregated boleto credits in the statements: ${lumpLines} lines holding ${lumpTitles} boletos`);
console.log(`\nall credit lines\n${HEADER}\n${'-'.repeat(HEADER.length)}`);
for (const m of MODES) console.log(row(LABEL[m], total[m]));
console.log('\naggregated boleto credits only (eligible: paying at least one open receivable)');
const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
for (const m of MODES) {
  const L = lumps[m];
  console.log(
    `${LABEL[m].padEnd(40)} eligible ${L.eligible}  proposed ${L.all}  correct ${L.ok} (recall ${pct(L.ok, L.eligible)})  green ${L.green} (precision ${pct(L.greenOk, L.green)})`,
  );
}

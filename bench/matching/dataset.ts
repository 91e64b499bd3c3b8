/**
 * Bench data: the sandbox's branch, its statements written by the sandbox's own writer, parsed by the app's
 * real parser (src/core/import), and its receivables as the app's cache would hold them.
 *
 * Receivables are normalized directly from `sandbox.data` (no HTTP): each record goes through the sandbox's
 * API serializer and then the app's own response schema (core/api/schemas.ts), i.e. exactly the fields
 * and conversions a sync would store, without paying the API's rate limit. Like a first sync, only open,
 * received and overdue receivables due 90 days back to 7 days ahead are kept, plus the open card sales due up
 * to CARD_DAYS_AHEAD days ahead.
 */
import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../src/shared/constants';
import { receivableSchema } from '../../src/core/api/schemas';
import { CARD_DAYS_AHEAD, DEFAULT_WINDOW } from '../../src/core/sync/sync.service';
import { parseStatement } from '../../src/core/import/parse-statement';
import { matchReceivableFromApi } from '../../src/core/matching/receivables';
import type { MatchLine, MatchReceivable } from '../../src/core/matching/types';
import {
  generateSandboxData,
  type CardStyleName,
  writeStatement,
  type NoiseLevel,
  type SandboxData,
  type StatementFormat,
} from '../../src/sandbox';
import { receivableJson } from '../../src/sandbox/serialize';

export interface TruthLine {
  line: MatchLine;
  /** Receivables the line pays, as the sandbox's ground truth says. */
  truth: number[];
  kind: string;
}

export interface Dataset {
  data: SandboxData;
  receivables: MatchReceivable[];
  /** Per statement (one per active bank account): its credit lines with their truth. */
  statements: { bankAccountId: number; format: StatementFormat; lines: TruthLine[] }[];
  parseMs: number;
}

const DAY = 86_400_000;
export const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const CARD_TYPES: readonly number[] = [
  PAYMENT_TYPE.credit_card,
  PAYMENT_TYPE.debit_card,
  PAYMENT_TYPE.online_credit_card,
];
const CACHED: readonly number[] = [ACCOUNT_STATUS.open, ACCOUNT_STATUS.received, ACCOUNT_STATUS.overdue];
const OPEN: readonly number[] = [ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue];

/** The receivables a first sync keeps (core/sync/sync.service.ts): the window, and open card sales due after it. */
export function cacheReceivables(data: SandboxData, all = false): MatchReceivable[] {
  const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
  const from = addDays(data.today, -DEFAULT_WINDOW.daysBack);
  const to = addDays(data.today, DEFAULT_WINDOW.daysAhead);
  const cardsTo = addDays(data.today, CARD_DAYS_AHEAD);
  return data.receivables
    .filter((r) => {
      const due = r.dueDate.slice(0, 10);
      return (
        all ||
        (CACHED.includes(r.status) && due >= from && due <= to) ||
        (OPEN.includes(r.status) && CARD_TYPES.includes(r.paymentType) && due > to && due <= cardsTo)
      );
    })
    .map((r) => matchReceivableFromApi(receivableSchema.parse(receivableJson(r, accounts, 'pt'))));
}

let nextLineId = 1;

/** Writes, parses and aligns one statement; aborts loudly if the parser and the truth disagree. */
export function statementLines(
  data: SandboxData,
  bankAccountId: number,
  from: string,
  format: StatementFormat,
  noise: NoiseLevel,
): { lines: TruthLine[]; parseMs: number } {
  const file = writeStatement(data, { bankAccountId, from, to: data.today, format, noise });
  const t0 = performance.now();
  const parsed = parseStatement(file.bytes);
  const parseMs = performance.now() - t0;
  const got = parsed.lines.filter((l) => l.kind !== 'balance');
  const want = file.groundTruth.lines.filter((l) => l.kind !== 'balance');
  if (got.length !== want.length)
    throw new Error(`${file.fileName}: parsed ${got.length} lines, truth has ${want.length}`);
  const lines: TruthLine[] = [];
  got.forEach((l, k) => {
    const t = want[k]!;
    if (t.date !== l.date || t.amountCents !== l.amountCents)
      throw new Error(`${file.fileName}: line ${k} differs from the truth`);
    if (l.kind !== 'credit') return;
    lines.push({
      line: {
        id: nextLineId++,
        date: l.date,
        amountCents: l.amountCents,
        kind: 'credit',
        description: l.description,
        payerText: l.payerText,
      },
      truth: t.receivableIds,
      kind: t.kind,
    });
  });
  return { lines, parseMs };
}

export function buildDataset(opts: {
  seed: number;
  members: number;
  today: string;
  /** Statement period: this many days up to today, or 'since-reconciled' (the day after the clerk last reconciled). */
  days: number | 'since-reconciled';
  noise: NoiseLevel;
  formats: StatementFormat[];
  /** How the acquirers settle cards ([J], src/sandbox/data/card-styles.ts); default classic. */
  cardStyle?: CardStyleName;
}): Dataset {
  const data = generateSandboxData({
    seed: opts.seed,
    members: opts.members,
    months: 6,
    today: opts.today,
    ...(opts.cardStyle ? { cardStyle: opts.cardStyle } : {}),
  });
  const from =
    opts.days === 'since-reconciled' ? addDays(data.lastReconciled, 1) : addDays(opts.today, -opts.days);
  let parseMs = 0;
  const statements = data.bankAccounts
    .filter((a) => !a.inactive)
    .map((a, k) => {
      const format = opts.formats[k % opts.formats.length]!;
      const s = statementLines(data, a.id, from, format, opts.noise);
      parseMs += s.parseMs;
      return { bankAccountId: a.id, format, lines: s.lines };
    });
  return { data, receivables: cacheReceivables(data), statements, parseMs };
}

/** Builders for the engine's tests: a line, a receivable, a run with the default settings. */
import { matchStatement } from './engine';
import { renderReason } from './reasons-pt';
import { DEFAULT_MATCH_SETTINGS } from './settings';
import type { LineResult, MatchAlias, MatchInput, MatchLine, MatchReceivable, MatchSettings } from './types';

let nextId = 1;

export function line(
  date: string,
  amountCents: number,
  description: string,
  extra: Partial<MatchLine> = {},
): MatchLine {
  return { id: nextId++, date, amountCents, kind: 'credit', description, payerText: null, ...extra };
}

export function rec(
  id: number,
  amountCents: number,
  dueDate: string,
  payerName: string,
  extra: Partial<MatchReceivable> = {},
): MatchReceivable {
  return {
    id,
    amountCents,
    dueDate,
    statusId: 1,
    paymentTypeId: 18,
    payerName,
    memberId: id + 5000,
    authorization: null,
    nsu: null,
    tid: null,
    cardAcquirer: null,
    cardFlag: null,
    feesCents: null,
    ...extra,
  };
}

export interface RunResult {
  results: LineResult[];
  /** The first line's result. */
  first: LineResult;
  ids: (k?: number) => number[];
  texts: (k?: number) => string[];
  codes: (k?: number) => string[];
}

export function run(
  lines: MatchLine[],
  receivables: MatchReceivable[],
  opts: {
    aliases?: MatchAlias[];
    settings?: MatchSettings;
    held?: MatchInput['held'];
    bankAccountId?: number;
  } = {},
): RunResult {
  const plan = matchStatement({
    lines,
    receivables,
    aliases: opts.aliases ?? [],
    settings: opts.settings ?? DEFAULT_MATCH_SETTINGS,
    held: opts.held,
    bankAccountId: opts.bankAccountId,
  });
  const at = (k = 0) => plan.results[k]!;
  return {
    results: plan.results,
    first: at(0),
    ids: (k) => at(k).items.map((i) => i.receivableId),
    texts: (k) => at(k).reasons.map(renderReason),
    codes: (k) => at(k).reasons.map((r) => r.code),
  };
}

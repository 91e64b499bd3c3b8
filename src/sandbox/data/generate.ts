import { isValidIsoDate, saoPauloToday } from '../dates';
import { frameOf, numberReceivables, SALE_ID_BASE, settleBranch } from './branch';
import { CARD_STYLES, type CardStyleName } from './card-styles';
import { BRANCH, COUNTRY_ID_BRAZIL } from './catalog';
import { buildGeography } from './geography';
import { generateBankAccounts, generateMembers } from './members';
import type { GenerationParams, SandboxData } from './model';
import { generateNetworkData, resolveNetwork, type NetworkOptions } from './network';

export { FIRST_RECEIVABLE_ID } from './branch';

export interface GenerateOptions {
  seed?: number;
  members?: number;
  months?: number;
  /** `yyyy-mm-dd`; default: today in America/Sao_Paulo. */
  today?: string;
  /** How acquirers settle card sales (card-styles.ts); default `classic`. */
  cardStyle?: CardStyleName;
  /** Days since the clerk last reconciled (1–60); default 4 to 9, drawn from the seed. */
  unreconciledDays?: number;
  /** Many branches under one account (network.ts); absent: the one branch the sandbox always was. */
  network?: NetworkOptions;
}

export function resolveGenerationParams(opts: GenerateOptions = {}): GenerationParams {
  const today = opts.today ?? saoPauloToday();
  if (!isValidIsoDate(today)) throw new Error(`today must be a valid yyyy-mm-dd date, got ${today}`);
  const members = opts.members ?? 200;
  const months = opts.months ?? 6;
  if (!Number.isInteger(members) || members < 1) throw new Error('members must be a positive integer');
  if (!Number.isInteger(months) || months < 1 || months > 36)
    throw new Error('months must be between 1 and 36');
  const u = opts.unreconciledDays;
  if (u !== undefined && (!Number.isInteger(u) || u < 1 || u > 60))
    throw new Error('unreconciledDays must be between 1 and 60');
  if (opts.cardStyle !== undefined && !(opts.cardStyle in CARD_STYLES))
    throw new Error(
      `unknown card style '${String(opts.cardStyle)}' (${Object.keys(CARD_STYLES).join(', ')})`,
    );
  return {
    seed: (opts.seed ?? 42) >>> 0,
    members,
    months,
    today,
    ...(opts.cardStyle && opts.cardStyle !== 'classic' ? { cardStyle: opts.cardStyle } : {}),
    ...(u !== undefined ? { unreconciledDays: u } : {}),
    ...(opts.network ? { network: resolveNetwork(opts.network, members) } : {}),
  };
}

/**
 * Builds the whole branch from (seed, members, months, today) alone: the same inputs always give
 * byte-identical data, whatever storage the sandbox uses afterwards. With `network`, a separate path
 * (network.ts) builds many branches with the same per-branch generator.
 */
export function generateSandboxData(opts: GenerateOptions = {}): SandboxData {
  const params = resolveGenerationParams(opts);
  const frame = frameOf(params);
  if (params.network) return generateNetworkData(params, params.network, frame);
  const { seed } = params;
  const bankAccounts = generateBankAccounts(seed);
  const memberList = generateMembers(seed, params.members, frame.today, frame.windowStart);
  let saleId = SALE_ID_BASE;
  const settled = settleBranch(seed, memberList, bankAccounts, frame, () => ++saleId);
  const receivables = numberReceivables(settled);
  return {
    ...params,
    lastReconciled: frame.lastReconciled,
    windowStart: frame.windowStart,
    states: buildGeography(COUNTRY_ID_BRAZIL),
    branches: [{ ...BRANCH }],
    bankAccounts,
    memberList,
    receivables,
  };
}

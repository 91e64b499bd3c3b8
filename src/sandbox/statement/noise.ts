import type { BankAccountRecord } from '../data/model';
import { PLANS } from '../data/catalog';
import { randomCpf, randomPersonName } from '../data/names';
import { isBusinessDay, onOrNextBusinessDay } from '../dates';
import { createRng, type Rng } from '../prng';
import type { BankStyle } from './bank-style';
import type { LineKind, NoiseLevel } from './types';

/** A noise line before it gets a FITID. */
export interface NoiseLine {
  minutes: number;
  amountCents: number;
  description: string;
  kind: LineKind;
}

export interface NoiseContext {
  seed: number;
  account: BankAccountRecord;
  /** Members of the branch: fixed costs scale with the size of the gym. */
  members: number;
  noise: NoiseLevel;
  style: BankStyle;
}

const UTILITIES = ['ENEL', 'CEMIG', 'COPEL', 'LIGHT', 'CPFL', 'CELESC', 'EQUATORIAL'];
const WATER = ['SABESP', 'COPASA', 'SANEPAR', 'CEDAE', 'EMBASA', 'CASAN'];
const SUPPLIERS = [
  'DISTRIBUIDORA FITNESS LTDA',
  'LIMPEZA TOTAL SERVICOS',
  'SUPLEMENTOS BRASIL ME',
  'MANUTENCAO DE ESTEIRAS SP',
  'GRAFICA RAPIDA',
  'JOAO CARLOS PERSONAL',
];
const UNKNOWN_RATE: Record<NoiseLevel, number> = { low: 0, default: 0.12, high: 0.35 };

/** True when `date` is the business day a monthly bill due on `day` is paid. */
function isMonthlyOn(date: string, day: number): boolean {
  return onOrNextBusinessDay(`${date.slice(0, 8)}${String(day).padStart(2, '0')}`) === date;
}

/** The n-th business day of the date's month. */
function isNthBusinessDay(date: string, n: number): boolean {
  if (!isBusinessDay(date)) return false;
  let count = 0;
  for (let d = 1; d <= Number(date.slice(8, 10)); d++) {
    if (isBusinessDay(`${date.slice(0, 8)}${String(d).padStart(2, '0')}`)) count++;
  }
  return count === n;
}

/** Monthly amounts vary a little from month to month but not between two statements of the same month. */
function monthly(ctx: NoiseContext, date: string, what: string, baseCents: number, spread: number): number {
  const rng = createRng(ctx.seed, 'noise-month', ctx.account.id, date.slice(0, 7), what);
  return Math.round(baseCents * (1 - spread + rng.next() * 2 * spread));
}

/** Transfers between the branch's own accounts; both statements derive the same amount independently. */
export function internalTransferCents(seed: number, members: number, date: string, fromRole: string): number {
  const rng = createRng(seed, 'transfer', fromRole, date.slice(0, 7));
  return Math.round((members * (fromRole === 'cards' ? 1500 : 400) * (0.9 + rng.next() * 0.2)) / 100) * 100;
}

/**
 * Everything on a statement that is not a member paying a receivable. Drawn from a stream per
 * (seed, account, date), so overlapping statements agree on every day they share.
 */
export function noiseForDay(ctx: NoiseContext, date: string, hasOtherAccounts: Set<string>): NoiseLine[] {
  const { account, members, noise, style } = ctx;
  const rng: Rng = createRng(ctx.seed, 'noise', account.id, date);
  const lines: NoiseLine[] = [];
  const debit = (minutes: number, cents: number, description: string, kind: LineKind = 'debit') =>
    lines.push({ minutes, amountCents: -Math.abs(cents), description, kind });
  const credit = (minutes: number, cents: number, description: string, kind: LineKind) =>
    lines.push({ minutes, amountCents: Math.abs(cents), description, kind });
  const business = isBusinessDay(date);
  const pick = <T>(items: readonly T[], what: string) => createRng(ctx.seed, 'noise-pick', what).pick(items);

  if (account.role === 'old') {
    if (isNthBusinessDay(date, 1)) debit(360, 3500, 'TARIFA MANUTENCAO CONTA');
    return lines;
  }
  if (account.role !== 'digital' && isNthBusinessDay(date, 1)) {
    debit(300, Math.min(7990, members * 100), 'TARIFA PACOTE SERVICOS');
  }

  if (account.role === 'primary') {
    if (isNthBusinessDay(date, 5))
      debit(540, monthly(ctx, date, 'folha', members * 1500, 0.04), 'SISPAG SALARIOS');
    if (isMonthlyOn(date, 10)) debit(600, Math.round(members * 10) * 100, 'PAGTO ALUGUEL - IMOB CENTRAL');
    if (isMonthlyOn(date, 12)) {
      debit(
        610,
        monthly(ctx, date, 'luz', members * 250, 0.2),
        `PAGTO CONTA LUZ - ${pick(UTILITIES, 'luz')}`,
      );
    }
    if (isMonthlyOn(date, 15)) {
      debit(615, monthly(ctx, date, 'agua', members * 80, 0.15), `PAGTO CONTA AGUA - ${pick(WATER, 'agua')}`);
    }
    if (isMonthlyOn(date, 8)) debit(400, Math.min(29990, members * 400), 'DEB AUTOMATICO VIVO FIBRA');
    if (isMonthlyOn(date, 20))
      debit(620, monthly(ctx, date, 'das', members * 300, 0.1), 'PAGTO DAS SIMPLES NACIONAL');
    if (noise !== 'low') {
      if (isMonthlyOn(date, 25)) debit(630, members * 300, 'PAGTO BOLETO TECHNOGYM FINANC');
      if (isMonthlyOn(date, 16)) {
        credit(
          700,
          monthly(ctx, date, 'gympass', members * 450, 0.1),
          'TED RECEBIDA - GYMPASS BRASIL',
          'unrelated-credit',
        );
      }
      if (noise === 'high' && isMonthlyOn(date, 21)) {
        credit(
          710,
          monthly(ctx, date, 'totalpass', members * 200, 0.1),
          'PIX RECEBIDO - TOTALPASS',
          'unrelated-credit',
        );
      }
      if (business && rng.chance(0.12)) {
        debit(
          rng.int(480, 1080),
          rng.int(members * 40, members * 250) + rng.int(0, 99),
          style.pixOut(rng.pick(SUPPLIERS)),
        );
      }
      if (business && rng.chance(0.2))
        credit(120, rng.int(100, 5000), 'RENDIMENTO APLIC AUTOMATICA', 'unrelated-credit');
    }
    for (const role of ['cards', 'digital']) {
      if (noise !== 'low' && hasOtherAccounts.has(role) && isMonthlyOn(date, 11)) {
        const label =
          role === 'cards' ? 'TED RECEBIDA MESMA TITULARIDADE' : 'PIX RECEBIDO MESMA TITULARIDADE';
        credit(660, internalTransferCents(ctx.seed, members, date, role), label, 'transfer-between-accounts');
      }
    }
  }
  if ((account.role === 'cards' || account.role === 'digital') && noise !== 'low' && isMonthlyOn(date, 11)) {
    debit(
      650,
      internalTransferCents(ctx.seed, members, date, account.role),
      'TRANSF MESMA TITULARIDADE',
      'transfer-between-accounts',
    );
  }
  if (account.role === 'cards' && noise !== 'low' && isMonthlyOn(date, 5)) {
    debit(420, Math.min(11990, members * 200), 'ALUGUEL EQUIPAMENTO POS');
  }

  // A stranger paying exactly a plan price is the nastiest noise: amount alone proves nothing.
  if (account.role !== 'cards' && rng.chance(UNKNOWN_RATE[noise])) {
    const person = randomPersonName(rng).fullName;
    const cents = rng.pick(PLANS).monthlyCents;
    credit(rng.int(420, 1380), cents, style.pix({ name: person, cpf: randomCpf(rng) }), 'unknown-payer');
  }
  return lines;
}

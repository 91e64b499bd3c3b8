import { BANKS } from '../data/catalog';
import type { HiddenPayment, ReceivableRecord, SandboxData } from '../data/model';
import { addDays, eachDay, isValidIsoDate } from '../dates';
import { alnum, createRng, digits } from '../prng';
import { cardStyle, cardText, type CardStyle } from '../data/card-styles';
import { bankStyle, type BankStyle } from './bank-style';
import { noiseForDay, type NoiseContext } from './noise';
import type { LineKind, NoiseLevel, StatementEntry, StatementOptions, StatementPlan } from './types';

type Paid = ReceivableRecord & { payment: HiddenPayment };
type Draft = Omit<StatementEntry, 'fitid' | 'document' | 'date'> & { pixE2e?: string };

const LUMP_RATE: Record<NoiseLevel, number> = { low: 0, default: 0.3, high: 0.6 };

/** How many days before the first due date a statement may start (early payments credit before it). */
const EPOCH_MARGIN_DAYS = 10;

function e2eId(rng: ReturnType<typeof createRng>, date: string, minutes: number): string {
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `E${rng.pick(BANKS).ispb}${date.replace(/-/g, '')}${hhmm}${alnum(rng, 11)}`;
}

/** The credits produced by paid receivables on one day: single lines, or lumps (cards, some boletos). */
function paymentLines(
  day: string,
  paid: Paid[],
  seed: number,
  noise: NoiseLevel,
  style: BankStyle,
  accountId: number,
  allBoletoLumps = false,
  settlement: CardStyle = cardStyle(undefined),
) {
  const lines: Draft[] = [];
  const cards = new Map<string, Paid[]>();
  const boletos: Paid[] = [];
  for (const r of paid) {
    const p = r.payment;
    if (p.channel === 'credit-card' || p.channel === 'debit-card') {
      // How the acquirer groups its credits (card-styles.ts): per brand and product, per product, per day.
      const key =
        settlement.credits === 'brand'
          ? `${r.cardAcquirer}|${r.cardFlag}|${p.channel}`
          : settlement.credits === 'product'
            ? `${r.cardAcquirer}|${p.channel}`
            : `${r.cardAcquirer}`;
      cards.set(key, [...(cards.get(key) ?? []), r]);
      continue;
    }
    if (p.channel === 'boleto') {
      boletos.push(r);
      continue;
    }
    const rng = createRng(seed, 'line', r.idReceivable);
    const payer = { name: p.payerText, cpf: p.payerCpf };
    const minutes = p.channel === 'pix' ? rng.int(360, 1380) : rng.int(480, 1020);
    const description =
      p.channel === 'pix' ? style.pix(payer) : p.channel === 'ted' ? style.ted(payer) : style.deposit(payer);
    const line: Draft = {
      minutes,
      amountCents: p.amountCents,
      description,
      kind: 'payment',
      receivableIds: [r.idReceivable],
    };
    if (p.channel === 'pix') line.pixE2e = e2eId(rng, day, minutes);
    lines.push(line);
    // Noisy statements: now and then the same Pix arrives twice, and the branch sends one back.
    if (noise === 'high' && p.channel === 'pix' && rng.chance(0.03)) {
      const dup: Draft = { ...line, minutes: minutes + 1, kind: 'duplicate-payment', receivableIds: [] };
      dup.pixE2e = e2eId(rng, day, minutes + 1);
      lines.push(dup);
      if (rng.chance(0.5)) {
        lines.push({
          minutes: Math.min(1435, minutes + 90),
          amountCents: -p.amountCents,
          description: style.refund(payer),
          kind: 'refund',
          receivableIds: [],
        });
      }
    }
  }
  for (const group of cards.values()) {
    const first = group[0]!;
    lines.push({
      minutes: createRng(seed, 'card-lump', day, first.idReceivable).int(300, 480),
      amountCents: group.reduce((s, r) => s + r.payment.amountCents - r.payment.feeCents, 0),
      description: cardText(
        settlement,
        first.cardAcquirer ?? '',
        settlement.credits === 'day' ? null : first.payment.channel === 'credit-card',
        () =>
          style.card(first.cardAcquirer ?? '', first.cardFlag ?? '', first.payment.channel === 'credit-card'),
        first.idReceivable,
      ),
      kind: 'card-lump',
      receivableIds: group.map((r) => r.idReceivable),
    });
  }
  const lumpRng = createRng(seed, 'boleto-lump', accountId, day);
  // The noise draw comes first so `boletoLumps: 'all'` leaves every other line of the statement unchanged.
  if (boletos.length >= 2 && (lumpRng.chance(LUMP_RATE[noise]) || allBoletoLumps)) {
    lines.push({
      minutes: 420,
      amountCents: boletos.reduce((s, r) => s + r.payment.amountCents, 0),
      description: style.boletoLump(boletos.length),
      kind: 'boleto-lump',
      receivableIds: boletos.map((r) => r.idReceivable),
    });
  } else {
    for (const r of boletos) {
      lines.push({
        minutes: 420 + createRng(seed, 'line', r.idReceivable).int(0, 120),
        amountCents: r.payment.amountCents,
        description: style.boleto({ name: r.payment.payerText, cpf: r.payment.payerCpf }),
        kind: 'payment',
        receivableIds: [r.idReceivable],
      });
    }
  }
  if (boletos.length > 0 && noise !== 'low') {
    lines.push({
      minutes: 1200,
      amountCents: -250 * boletos.length,
      description: 'TARIFA COBRANCA',
      kind: 'debit',
      receivableIds: [],
    });
  }
  return lines;
}

function fitidFor(bankCode: number, day: string, seq: number, line: Draft): string {
  const ymd = day.replace(/-/g, '');
  // Banco do Brasil really repeats FITIDs inside one file (same day, same amount): parsers must cope.
  if (bankCode === 1) return `${ymd}${String(Math.abs(line.amountCents)).padStart(9, '0')}`;
  if (line.pixE2e && (bankCode === 260 || bankCode === 77)) return line.pixE2e;
  return `${ymd}${String(seq + 1).padStart(4, '0')}`;
}

/**
 * Builds the statement of one account: every credit the hidden payments put there, plus noise, with
 * running balances. Balances run from a fixed epoch so two overlapping statements agree.
 */
export function planStatement(data: SandboxData, opts: StatementOptions): StatementPlan {
  const account = data.bankAccounts.find((a) => a.id === opts.bankAccountId);
  if (!account) throw new Error(`unknown bank account ${opts.bankAccountId}`);
  if (!isValidIsoDate(opts.from) || !isValidIsoDate(opts.to))
    throw new Error('from/to must be yyyy-mm-dd dates');
  const noise = opts.noise ?? 'default';
  const seed = (opts.seed ?? data.seed) >>> 0;
  const epoch = addDays(data.windowStart, -EPOCH_MARGIN_DAYS);
  const from = opts.from < epoch ? epoch : opts.from;
  const to = opts.to > data.today ? data.today : opts.to;
  if (from > to)
    throw new Error(`empty statement period ${opts.from}..${opts.to} (data covers ${epoch}..${data.today})`);

  const style = bankStyle(account.bankCode, noise);
  const byDay = new Map<string, Paid[]>();
  for (const r of data.receivables) {
    const p = r.payment;
    if (!p || p.bankAccountId !== account.id || p.creditDate > to || p.creditDate < epoch) continue;
    byDay.set(p.creditDate, [...(byDay.get(p.creditDate) ?? []), r as Paid]);
  }
  // Transfers between accounts and bills that scale with the gym are the account's own branch's (network mode).
  const roles = new Set(
    data.bankAccounts.filter((a) => !a.inactive && a.branchId === account.branchId).map((a) => a.role),
  );
  const members = data.network?.membersPerBranch ?? data.members;
  const noiseCtx: NoiseContext = { seed, account, members, noise, style };
  const docRng = createRng(seed, 'documents', account.id);

  let balance = createRng(seed, 'opening', account.id).int(15, 50) * members * 100;
  if (account.role === 'old') balance = createRng(seed, 'opening', account.id).int(15000, 90000);
  let opening = balance;
  const entries: StatementEntry[] = [];
  const dailyClosing = new Map<string, number>();
  for (const day of eachDay(epoch, to)) {
    if (day === from) opening = balance;
    const drafts: Draft[] = [
      ...paymentLines(
        day,
        byDay.get(day) ?? [],
        seed,
        noise,
        style,
        account.id,
        opts.boletoLumps === 'all',
        cardStyle(data.cardStyle),
      ),
      ...noiseForDay(noiseCtx, day, roles).map((n) => ({ ...n, receivableIds: [] as number[] })),
    ];
    drafts.sort((a, b) => a.minutes - b.minutes);
    drafts.forEach((line, seq) => {
      const document = digits(docRng, 6);
      balance += line.amountCents;
      if (day < from) return;
      entries.push({
        date: day,
        minutes: line.minutes,
        amountCents: line.amountCents,
        description: line.description,
        kind: line.kind,
        receivableIds: line.receivableIds,
        fitid: fitidFor(account.bankCode, day, seq, line),
        document,
      });
    });
    if (day >= from && drafts.length > 0) dailyClosing.set(day, balance);
  }
  return {
    bankAccountId: account.id,
    bankCode: account.bankCode,
    bankName: account.bankName,
    agency: account.agency,
    account: account.account,
    from,
    to,
    generatedOn: data.today,
    openingBalanceCents: opening,
    entries,
    dailyClosing,
    closingBalanceCents: balance,
  };
}

export const PAYING_KINDS: readonly LineKind[] = ['payment', 'card-lump', 'boleto-lump'];

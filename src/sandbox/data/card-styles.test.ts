/** [J] item 2: the sandbox writes card credits in each settlement style, with the ground truth. */
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../cli-args';
import { planStatement } from '../statement/plan';
import { addBusinessDays, diffDays, onOrNextBusinessDay } from '../dates';
import { CARD_STYLE_NAMES, dueLag } from './card-styles';
import { generateSandboxData } from './generate';

const base = { seed: 5, members: 150, months: 3, today: '2026-07-15' };
const cardsAccount = (d: ReturnType<typeof generateSandboxData>) =>
  d.bankAccounts.find((a) => a.role === 'cards')!.id;
const cardLines = (style: (typeof CARD_STYLE_NAMES)[number]) => {
  const data = generateSandboxData({ ...base, cardStyle: style });
  const plan = planStatement(data, {
    bankAccountId: cardsAccount(data),
    from: '2026-06-15',
    to: '2026-07-15',
    format: 'ofx',
  });
  return { data, lines: plan.entries.filter((e) => e.kind === 'card-lump') };
};

describe('card settlement styles', () => {
  it('classic is the default: the same data as before the option existed', () => {
    const a = generateSandboxData(base);
    const b = generateSandboxData({ ...base, cardStyle: 'classic' });
    expect(JSON.stringify(b.receivables)).toBe(JSON.stringify(a.receivables));
    expect(a.cardStyle).toBeUndefined();
  });

  it('every style: each card credit is its sales net of the fees (the ground truth adds up)', () => {
    for (const style of CARD_STYLE_NAMES) {
      const { data, lines } = cardLines(style);
      const byId = new Map(data.receivables.map((r) => [r.idReceivable, r]));
      expect(lines.length, style).toBeGreaterThan(5);
      for (const l of lines) {
        const net = l.receivableIds.reduce((t, id) => {
          const p = byId.get(id)!.payment!;
          return t + p.amountCents - p.feeCents;
        }, 0);
        expect(net, `${style} ${l.description}`).toBe(l.amountCents);
      }
    }
  });

  it('grouping and text: per product ("CIELO DEBITO"), per day ("STONE PAGAMENTOS"), generic ("CRED CARTAO")', () => {
    const product = cardLines('product').lines;
    expect(product.every((l) => /^(CIELO|REDE|STONE|GETNET) (CREDITO|DEBITO)$/.test(l.description))).toBe(
      true,
    );
    const day = cardLines('day');
    const byId = new Map(day.data.receivables.map((r) => [r.idReceivable, r]));
    expect(day.lines.some((l) => l.description === 'STONE PAGAMENTOS')).toBe(true);
    // One credit per acquirer and day, mixing brands and products.
    const keys = day.lines.map((l) => `${l.date}|${byId.get(l.receivableIds[0]!)!.cardAcquirer}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(cardLines('generic').lines.every((l) => /CARTAO$/.test(l.description))).toBe(true);
  });

  it('fees are not recorded outside classic; the hidden payment keeps them', () => {
    const { data } = cardLines('brand');
    const cards = data.receivables.filter((r) => r.payment && (r.paymentType === 2 || r.paymentType === 3));
    expect(cards.every((r) => r.feesCents === null && r.payment!.feeCents > 0)).toBe(true);
  });

  it('member-due: the due date is the charge day, the money D+1 (GetNet D+2) or D+30 after it', () => {
    const { data } = cardLines('member-due');
    const debit = data.receivables.find(
      (r) => r.paymentType === 3 && r.payment && r.cardAcquirer === 'GetNet',
    )!;
    expect(debit.dueDate.slice(0, 10)).toBe(debit.chargeDate!.slice(0, 10));
    expect(debit.payment!.creditDate > debit.dueDate.slice(0, 10)).toBe(true);
  });

  it('anticipation: single credit sales arrive the next business day with a larger discount', () => {
    const { data } = cardLines('anticipation');
    const sale = data.receivables.find((r) => r.paymentType === 2 && r.totalInstallments === 1 && r.payment)!;
    const days = (Date.parse(sale.dueDate.slice(0, 10)) - Date.parse(sale.payment!.creditDate)) / 86_400_000;
    expect(days).toBeGreaterThan(25);
    expect(sale.payment!.feeCents / sale.payment!.amountCents).toBeGreaterThan(0.04);
  });

  it('plan-sale-due-lag: due on the charge day, no chargeDate, the plan sold a month before, paid 0–3 business days after the due date', () => {
    const { data, lines } = cardLines('plan-sale-due-lag');
    const cards = data.receivables.filter((r) => r.paymentType === 2 || r.paymentType === 3);
    expect(cards.every((r) => r.chargeDate === null)).toBe(true);
    const recurring = cards.filter((r) => r.totalInstallments === 1 && r.description.includes('mensalidade'));
    expect(recurring.length).toBeGreaterThan(10);
    for (const r of recurring) {
      const before = diffDays(r.saleDate!.slice(0, 10), r.dueDate.slice(0, 10));
      expect(before, r.description).toBeGreaterThanOrEqual(25);
      expect(before, r.description).toBeLessThanOrEqual(35);
    }
    // Each paid card sale is credited dueLag business days after its due date (0: the due date's business day).
    const paid = cards.filter((r) => r.payment);
    expect(paid.length).toBeGreaterThan(10);
    for (const r of paid) {
      const lag = dueLag(r.cardAcquirer, r.paymentType === 2);
      const due = r.dueDate.slice(0, 10);
      expect(r.payment!.creditDate, r.description).toBe(
        lag === 0 ? onOrNextBusinessDay(due) : addBusinessDays(due, lag),
      );
    }
    expect(new Set(paid.map((r) => dueLag(r.cardAcquirer, r.paymentType === 2)))).toEqual(
      new Set([0, 1, 2, 3]),
    );
    // One credit per acquirer and day, debit and credit together, naming the acquirer only.
    const byId = new Map(data.receivables.map((r) => [r.idReceivable, r]));
    const keys = lines.map((l) => `${l.date}|${byId.get(l.receivableIds[0]!)!.cardAcquirer}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      lines.some((l) => new Set(l.receivableIds.map((id) => byId.get(id)!.paymentType)).size === 2),
    ).toBe(true);
  });

  it('the CLI selects a style and refuses an unknown one in one sentence', () => {
    const cmd = parseCliArgs([
      'statement',
      '--from',
      '2026-06-01',
      '--to',
      '2026-06-30',
      '--card-style',
      'day',
    ]);
    expect(cmd.kind === 'statement' && cmd.options.cardStyle).toBe('day');
    expect(() => parseCliArgs(['--card-style', 'weekly'])).toThrow(
      /--card-style must be one of classic, brand/,
    );
  });
});

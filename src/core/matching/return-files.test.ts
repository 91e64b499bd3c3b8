/**
 * Pass 0 ([K]): boleto credits explained by the account's CNAB return files — the day's settlements as a
 * set (gross or net of fees), one credit per title, over/under payments flagged, titles no receivable fits.
 */
import { describe, expect, it } from 'vitest';
import { matchStatement } from './engine';
import { renderReason } from './reasons-pt';
import { parseTitleRefs } from './return-files';
import { DEFAULT_MATCH_SETTINGS } from './settings';
import { line, rec } from './testing';
import type { MatchLine, MatchReceivable, MatchReturnTitle } from './types';

// 2026-07-06 is a Monday. Boletos of R$ 99,90 due on 07-03 (Friday), paid over the weekend.
let titleId = 1;
function title(x: Partial<MatchReturnTitle>): MatchReturnTitle {
  return {
    id: titleId++,
    returnFileId: 1,
    bankCode: '341',
    layout: '400',
    nossoNumero: `10900${titleId}`,
    seuNumero: null,
    payerName: null,
    dueDate: '2026-07-03',
    faceCents: 9990,
    paidCents: 9990,
    interestFineCents: 0,
    discountCents: 0,
    creditedCents: null,
    feeCents: 250,
    creditDate: '2026-07-06',
    ...x,
  };
}
const boleto = (id: number, amount: number, payer: string, extra: Partial<MatchReceivable> = {}) =>
  rec(id, amount, '2026-07-03', payer, { paymentTypeId: 5, ...extra });

function plan(lines: MatchLine[], receivables: MatchReceivable[], returnTitles: MatchReturnTitle[]) {
  const p = matchStatement({
    lines,
    receivables,
    aliases: [],
    settings: DEFAULT_MATCH_SETTINGS,
    returnTitles,
  });
  return p.results.map((r) => ({
    ...r,
    ids: r.items.map((i) => i.receivableId),
    codes: r.reasons.map((x) => x.code),
    texts: r.reasons.map(renderReason),
  }));
}

describe('return files explain boleto credits', () => {
  // Five boletos of the same face value due the same day, three paid: without the return file no subset of
  // face values is unique (pass 6 ties); with it, the bank names the three.
  const recs = [
    boleto(1, 9990, 'Ana Lima'),
    boleto(2, 9990, 'Bruno Sá'),
    boleto(3, 9990, 'Carla Dias'),
    boleto(4, 9990, 'Davi Rocha'),
    boleto(5, 9990, 'Eva Prado'),
  ];

  it('without a return file an aggregated credit of identical boletos is ambiguous', () => {
    const [r] = plan([line('2026-07-06', 3 * 9990, 'LIQUIDACAO DE COBRANCA 3 TIT')], recs, []);
    expect(r!.state).toBe('unmatched');
  });

  it('the day’s settlements sum to the aggregated credit: matched as a set, green, by seu número', () => {
    const ts = [title({ seuNumero: '2' }), title({ seuNumero: '4' }), title({ seuNumero: '5' })];
    const [r] = plan([line('2026-07-06', 3 * 9990, 'LIQUIDACAO DE COBRANCA 3 TIT')], recs, ts);
    expect(r!.ids).toEqual([2, 4, 5]);
    expect(r!.zone).toBe('green');
    expect(r!.score).toBe(100);
    expect(r!.texts[0]).toBe(
      'arquivo retorno do banco 341 (CNAB 400): 3 boletos liquidados com crédito em 06/07 somam o valor',
    );
    expect(r!.items.reduce((n, i) => n + i.amountCents, 0)).toBe(3 * 9990);
    const refs = parseTitleRefs(r!.reasons[0]!.params!.titles);
    expect(refs.map((x) => x.receivableId)).toEqual([2, 4, 5]);
  });

  it('a credit net of the bank’s fees is the same set; items are the net amounts', () => {
    const ts = [title({ seuNumero: '1' }), title({ seuNumero: '3' })];
    const [r] = plan([line('2026-07-06', 2 * (9990 - 250), 'CRED COBRANCA 2 TITULOS')], recs, ts);
    expect(r!.ids).toEqual([1, 3]);
    expect(r!.zone).toBe('green');
    expect(r!.texts[0]).toContain('líquido das tarifas (R$ 5,00)');
    expect(r!.items.map((i) => i.amountCents)).toEqual([9740, 9740]);
  });

  it('one credit per title: each line gets its title, the payer’s name telling equal amounts apart', () => {
    const ts = [title({ payerName: 'CARLA DIAS' }), title({ payerName: 'ANA LIMA' })];
    const out = plan(
      [
        line('2026-07-06', 9990, 'LIQ COBRANCA ANA LIMA'),
        line('2026-07-06', 9990, 'LIQ COBRANCA CARLA DIAS'),
      ],
      recs,
      ts,
    );
    expect(out.map((r) => r.ids)).toEqual([[1], [3]]);
    expect(out.every((r) => r.codes[0] === 'return_file')).toBe(true);
  });

  it('without seu número: the only boleto of that face value and due date whose payer is named alike', () => {
    const ts = [title({ payerName: 'DAVI ROCHA' }), title({ payerName: 'EVA PRADO' })];
    const [r] = plan([line('2026-07-06', 2 * 9990, 'LIQUIDACAO DE COBRANCA 2 TIT')], recs, ts);
    expect(r!.ids).toEqual([4, 5]);
    expect(r!.zone).toBe('green');
  });

  it('late charges the settings allow are fine; an underpayment is flagged with the difference, red', () => {
    const late = [
      title({ seuNumero: '1', paidCents: 10190, interestFineCents: 200, creditDate: '2026-07-13' }),
    ];
    const [ok] = plan([line('2026-07-13', 10190, 'LIQUIDACAO DE COBRANCA 1 TIT')], recs, late);
    expect(ok!.ids).toEqual([1]);
    expect(ok!.zone).toBe('green');
    expect(ok!.codes).toContain('amount_with_charges');

    const under = [
      title({ seuNumero: '2', paidCents: 8990, discountCents: 1000 }),
      title({ seuNumero: '3' }),
    ];
    const [r] = plan([line('2026-07-06', 8990 + 9990, 'LIQUIDACAO DE COBRANCA 2 TIT')], recs, under);
    expect(r!.ids).toEqual([2, 3]);
    expect(r!.zone).toBe('red');
    expect(r!.state).toBe('suggested');
    expect(r!.texts).toContain(
      'boleto 109002 pago com R$ 10,00 a menos que o recebível 2: confira antes de aprovar'.replace(
        '109002',
        under[0]!.nossoNumero,
      ),
    );
  });

  it('an overpayment beyond the late charges is flagged too, never forced', () => {
    const over = [title({ seuNumero: '4', paidCents: 19980 })];
    const [r] = plan([line('2026-07-06', 19980, 'LIQ COBRANCA DAVI ROCHA')], recs, over);
    expect(r!.ids).toEqual([4]);
    expect(r!.zone).toBe('red');
    expect(r!.reasons.find((x) => x.code === 'return_title_difference')!.params!.diffCents).toBe(9990);
  });

  it('a title no receivable fits keeps the credit out of green; none at all proposes nothing', () => {
    const ts = [title({ seuNumero: '1' }), title({ faceCents: 5555, paidCents: 5555 })];
    const [r] = plan([line('2026-07-06', 9990 + 5555, 'LIQUIDACAO DE COBRANCA 2 TIT')], recs, ts);
    expect(r!.ids).toEqual([1]);
    expect(r!.zone).toBe('yellow');
    expect(r!.codes).toContain('return_title_unresolved');

    const none = [title({ faceCents: 5555, paidCents: 5555 }), title({ faceCents: 4444, paidCents: 4444 })];
    const [n] = plan([line('2026-07-06', 9999, 'LIQUIDACAO DE COBRANCA 2 TIT')], recs, none);
    expect(n!.state).toBe('unmatched');
    expect(n!.codes).toEqual(['return_title_unresolved']);
  });

  it('titles already received are left out and said; one alone is “already reconciled”', () => {
    const received = boleto(1, 9990, 'Ana Lima', {
      statusId: 2,
      receivingDate: '2026-07-06',
      amountPaidCents: 9990,
      bankAccountId: 7,
    });
    const ts = [title({ seuNumero: '1' })];
    const [r] = plan([line('2026-07-06', 9990, 'LIQ COBRANCA ANA LIMA')], [received, ...recs.slice(1)], ts);
    expect(r!.state).toBe('unmatched');
    expect(r!.codes).toEqual(['already_received', 'return_file']); // its title stays named
  });

  it('titles the clerk already received into this account leave the rest certain; elsewhere, a look', () => {
    const received = (bankAccountId: number) =>
      boleto(1, 9990, 'Ana Lima', {
        statusId: 2,
        receivingDate: '2026-07-06',
        amountPaidCents: 9990,
        bankAccountId,
      });
    const ts = () => [title({ seuNumero: '1' }), title({ seuNumero: '2' }), title({ seuNumero: '3' })];
    const run = (acct: number) =>
      matchStatement({
        bankAccountId: 7,
        lines: [line('2026-07-06', 3 * 9990, 'LIQUIDACAO DE COBRANCA 3 TIT')],
        receivables: [received(acct), ...recs.slice(1)],
        aliases: [],
        settings: DEFAULT_MATCH_SETTINGS,
        returnTitles: ts(),
      }).results[0]!;
    const here = run(7);
    expect(here.items.map((i) => i.receivableId)).toEqual([2, 3]);
    expect(here.zone).toBe('green');
    expect(renderReason(here.reasons.find((r) => r.code === 'lump_received')!)).toBe(
      '1 recebível deste depósito já estava baixado: Ana Lima (R$ 99,90)',
    );
    const elsewhere = run(8);
    expect(elsewhere.items.map((i) => i.receivableId)).toEqual([2, 3]);
    expect(elsewhere.zone).toBe('yellow');
  });

  it('credits of other days, Pix lines and card deposits are left to the other passes', () => {
    const ts = [title({ seuNumero: '1' })];
    const out = plan(
      [line('2026-07-07', 9990, 'LIQ COBRANCA ANA LIMA'), line('2026-07-06', 9990, 'PIX RECEBIDO ANA LIMA')],
      recs,
      ts,
    );
    expect(out.every((r) => !r.codes.includes('return_file'))).toBe(true);
  });
});

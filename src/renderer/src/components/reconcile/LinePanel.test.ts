/**
 * [T] item 2 in Conciliar's panel, rendered with the real pt-BR texts: a boleto credit the return file explains
 * is named by its titles, never by the bank's "2 TIT"; a line already in the EVO offers nothing to approve, set
 * aside, search for or review; a receivable the proposal holds with another is a candidate "na proposta", its
 * share of the sum, never "não serve".
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ReturnTitleDto } from '../../../../shared/contract/matching';
import { resources } from '../../../../shared/i18n/resources';
import { LinePanel, type Candidates } from './LinePanel';
import type { MatchLine } from './MatchRow';
import { payerLabel } from './payer-label';

const title = (id: number, payerName: string | null, faceCents: number): ReturnTitleDto => ({
  titleId: id,
  receivableId: 500 + id,
  occurrence: 'Liquidação',
  nossoNumero: `00100${id}`,
  seuNumero: null,
  payerName,
  payerDocument: null,
  dueDate: '2026-11-20',
  paidDate: '2026-11-21',
  creditDate: '2026-11-23',
  faceCents,
  paidCents: faceCents,
  interestFineCents: 0,
  discountCents: 0,
  feeCents: 250,
  creditedCents: null,
  differenceCents: 0,
});

const rec = (id: number, payerName: string, cents: number) => ({
  id,
  amountCents: cents,
  faceCents: cents,
  dueDate: '2026-11-20',
  payerName,
  description: 'Mensalidade',
  paymentTypeId: 5,
  statusId: 1,
});

const line = (x: Partial<MatchLine>): MatchLine => ({
  matchId: 1,
  version: 0,
  lineId: 10,
  position: 3,
  date: '2026-11-23',
  amountCents: 22980,
  description: 'LIQUIDACAO DE COBRANCA 2 TIT',
  payerText: '2 TIT',
  state: 'suggested',
  bucket: 'toDecide',
  score: 100,
  zone: 'green',
  reasons: [],
  receivables: [rec(501, 'Rogério Silva', 9990), rec(502, 'Vinícius Nascimento', 12990)],
  returnTitles: [title(1, 'ROGERIO SILVA', 9990), title(2, 'VINICIUS NASCIMENTO', 12990)],
  ...x,
});

async function i18n() {
  const i = i18next.createInstance();
  await i.use(initReactI18next).init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
  return i;
}

async function render(l: MatchLine, candidates: Candidates | null = null) {
  const i = await i18n();
  const noop = () => undefined;
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: i },
      createElement(LinePanel, {
        line: l,
        candidates,
        ticked: new Set<number>(),
        weak: null,
        asideOpen: false,
        asideScope: { bankAccountId: null, matchIds: [] },
        selectionCount: 0,
        rulePatterns: new Map(),
        busy: false,
        onToggle: noop,
        onLink: noop,
        onConfirmWeak: noop,
        onCancelWeak: noop,
        onApprove: noop,
        onAside: noop,
        onAsideOpen: noop,
        onAsideCancel: noop,
        onToReview: noop,
        onUnmatch: noop,
        onReject: noop,
        onSearch: noop,
      }),
    ),
  ).replace(/\u00a0/g, ' ');
}

describe('payerLabel', () => {
  it("says the titles' payer or how many boletos, never the bank's count", async () => {
    const { t } = await i18n();
    expect(payerLabel(line({}), t)).toBe('2 boletos do arquivo retorno');
    expect(payerLabel(line({ returnTitles: [title(1, 'ANA LIMA', 9990)] }), t)).toBe('ANA LIMA');
    expect(payerLabel(line({ returnTitles: undefined }), t)).toBeNull();
    expect(payerLabel(line({ returnTitles: undefined, payerText: '5 TITULOS' }), t)).toBeNull();
    expect(payerLabel(line({ returnTitles: undefined, payerText: 'ANA LIMA' }), t)).toBe('ANA LIMA');
  });
});

describe('LinePanel', () => {
  it('a boleto credit of two titles: named by its titles; its receivables are candidates in the proposal', async () => {
    const candidate = (r: MatchLine['receivables'][number], diff: number) => ({
      receivable: { ...r, statusId: 1, memberId: null },
      score: 100,
      zone: 'green' as const,
      fits: true,
      reasons: [
        {
          code: 'in_proposal' as const,
          params: { count: 2 },
          text: 'na proposta desta linha, com outro recebível',
        },
      ],
      amountDiffCents: diff,
      daysFromDue: 3,
      namePercent: null,
      heldBy: null,
      chosen: true,
    });
    const l = line({});
    const html = await render(l, {
      lineId: l.lineId,
      tie: false,
      tied: 0,
      rows: [candidate(l.receivables[0]!, -12990), candidate(l.receivables[1]!, -9990)],
    });
    expect(html).toContain('<strong>2 boletos do arquivo retorno</strong>');
    expect(html).not.toContain('<strong>2 TIT</strong>');
    expect(html).not.toContain('não serve');
    expect(html).not.toContain('a menos');
    expect(html.match(/na proposta desta linha, com outro recebível/g)).toHaveLength(2);
    expect(html.match(/parte da soma da proposta/g)).toHaveLength(2);
    expect(html).toContain('Deixar de lado… (D)');
  });

  it('[T] item 6: a card credit net of the fee shows the gap as the card fee, not as an amount "a mais"', async () => {
    const member = rec(7, 'ANA LIMA', 9990);
    const l = line({
      amountCents: 9786,
      description: 'CIELO CREDITO',
      payerText: null,
      receivables: [member],
    });
    const html = await render(l, {
      lineId: l.lineId,
      tie: false,
      tied: 0,
      rows: [
        {
          receivable: { ...member, memberId: null },
          score: 100,
          zone: 'green' as const,
          fits: true,
          reasons: [
            {
              code: 'amount_fee_tolerance' as const,
              params: { feeCents: 204, percent: 2.04 },
              text: 'valor dentro da tolerância de taxa do cartão (R$ 2,04; 2,04%)',
            },
          ],
          amountDiffCents: 204,
          daysFromDue: 1,
          namePercent: null,
          heldBy: null,
          chosen: true,
        },
      ],
    });
    expect(html).toMatch(/taxa do cartão R\$\s2,04/);
    expect(html).not.toContain('a mais');
  });

  it('a line already in the EVO offers none of the actions of money still to decide', async () => {
    const html = await render(
      line({
        state: 'recorded',
        bucket: 'recorded',
        receivables: [],
        reasons: [
          {
            code: 'lump_received',
            params: { count: 2, explained: 1 },
            text: '2 recebíveis deste depósito já estavam baixados: José Caio (R$ 99,90), Yasmin Andrade (R$ 129,90)',
          },
        ],
      }),
    );
    expect(html).toContain(
      'Já registrado no EVO: nada a fazer. 2 recebíveis deste depósito já estavam baixados: José Caio (R$ 99,90), Yasmin Andrade (R$ 129,90)',
    );
    for (const action of [
      'Aprovar (Enter)',
      'Deixar de lado',
      'Buscar outro recebível',
      'A revisar (V)',
      'Candidatos',
    ])
      expect(html).not.toContain(action);
    expect(html).toContain('Boletos do arquivo retorno (2)');
  });
});

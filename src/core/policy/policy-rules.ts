/**
 * The send policy's conditions: the one module that decides whether a proposal qualifies and says, in
 * Portuguese, what each condition is. Each condition carries both its test and its sentence, so the text shown
 * in Configurações can never describe a rule other than the one applied.
 *
 * The policy judges the matching engine's own output — zone, items and reason codes — and never matches again:
 * a condition the engine did not state evidence for (a name, an exact amount, no runner-up) is not met.
 */
import type { PolicyRefusal, SendPolicy } from '../../shared/contract/policy';
import { sendPolicySchema } from '../../shared/contract/policy';
import { brl } from '../matching/reasons-pt';
import { channelOf, foldText, type Channel } from '../matching/text';
import type { Reason } from '../matching/types';

export const DEFAULT_POLICY: SendPolicy = sendPolicySchema.parse({});

/** What the policy needs to know of one proposal (policy.repo.ts reads it; tests build it). */
export interface ProposalFacts {
  matchId: number;
  lineId: number;
  lineDate: string;
  amountCents: number;
  description: string;
  payerText: string | null;
  state: string;
  zone: 'green' | 'yellow' | 'red';
  reasons: Reason[];
  items: { receivableId: number; dueDate: string | null; memberId: number | null }[];
  /** Members for whom a person already approved a line carrying this line's payer document (CPF/CNPJ). */
  documentMembers: readonly number[];
  /** A receivable of the proposal is held by another line, approved elsewhere, in the outbox or no longer open. */
  taken: boolean;
}

export type Verdict = { ok: true } | { ok: false; reason: PolicyRefusal };

/** Evidence that another receivable, or another line, competes with this proposal. */
const RIVAL_CODES = new Set([
  'tie',
  'runner_up',
  'by_elimination',
  'paired_by_date',
  'duplicate_line',
  'possible_duplicate',
  'claimed',
  'held',
  'lump_ambiguous',
  'combination_ambiguous',
  'acquirer_batch_tie',
]);
/** An amount that fits only approximately (late charges, rounding, a fee band, a difference). */
const INEXACT_CODES = new Set([
  'amount_with_charges',
  'amount_rounded',
  'amount_different',
  'amount_fee_tolerance',
  'lump_excluded',
  'return_title_difference',
  'return_title_unresolved',
  'acquirer_sale_difference',
  'acquirer_sale_unresolved',
]);

const has = (f: ProposalFacts, code: string) => f.reasons.some((r) => r.code === code);
const CHANNEL_PT: Record<Channel, string> = {
  pix: 'Pix',
  ted: 'TED/transferência',
  boleto: 'boleto',
  deposit: 'depósito',
  card: 'cartão',
  unknown: 'sem canal',
};

/** A card deposit: its words name an acquirer, or an acquirer file explains it. */
export function isCardLine(f: ProposalFacts): boolean {
  return channelOf(foldText(f.description)) === 'card' || has(f, 'acquirer_file');
}

const explainedByAcquirerFile = (f: ProposalFacts) =>
  has(f, 'acquirer_file') && !f.reasons.some((r) => INEXACT_CODES.has(r.code) || RIVAL_CODES.has(r.code));

function identified(p: SendPolicy, f: ProposalFacts): boolean {
  if (has(f, 'key')) return true;
  const members = f.items.map((i) => i.memberId);
  if (members.length > 0 && members.every((m) => m !== null && f.documentMembers.includes(m))) return true;
  if (p.identity === 'document') return false;
  if (has(f, 'alias')) return true;
  const name = f.reasons.find((r) => r.code === 'name_similarity');
  return name !== undefined && Number(name.params?.percent ?? 0) >= p.minNamePercent;
}

const dayNumber = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / 86_400_000);

interface Condition {
  reason: PolicyRefusal;
  /** The sentence shown in Configurações (null: says nothing for this policy, e.g. an option that is off). */
  sentence: (p: SendPolicy) => string | null;
  /** Met by this proposal (card deposits skip the conditions their acquirer file answers for). */
  holds: (p: SendPolicy, f: ProposalFacts) => boolean;
}

const listPt = (xs: string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} e ${xs[xs.length - 1]}`;

/** In the order they are checked; the first one not met is the reason a line is left for a person. */
export const CONDITIONS: readonly Condition[] = [
  {
    reason: 'off',
    sentence: (p) =>
      p.enabled
        ? 'A regra está ligada: o Quita aprova sozinho as sugestões que cumprem todas as condições abaixo; as demais ficam para você.'
        : 'A regra está desligada: nada é aprovado sem o seu clique.',
    holds: (p) => p.enabled,
  },
  {
    reason: 'not_proposed',
    sentence: () =>
      'Só sugestões do Quita ainda não decididas por uma pessoa (o que alguém aprovou, corrigiu, rejeitou ou separou nunca é mexido).',
    holds: (_p, f) => f.state === 'suggested' && f.items.length > 0,
  },
  {
    reason: 'not_green',
    sentence: () => 'Só sugestões verdes (alta confiança).',
    holds: (_p, f) => f.zone === 'green',
  },
  {
    reason: 'channel',
    sentence: (p) =>
      `Só créditos de ${listPt(p.channels.map((c) => CHANNEL_PT[c]))}${p.cardWithAcquirerFile ? ' e depósitos de cartão (condição abaixo)' : ''}.`,
    holds: (p, f) => {
      if (isCardLine(f)) return p.cardWithAcquirerFile;
      const ch = channelOf(foldText(f.description));
      return ch !== 'card' && ch !== 'unknown' && (p.channels as string[]).includes(ch);
    },
  },
  {
    reason: 'card',
    sentence: (p) =>
      p.cardWithAcquirerFile
        ? 'Depósitos de cartão só quando o arquivo da adquirente explica o depósito venda a venda, sem venda sem recebível nem diferença de valor.'
        : 'Depósitos de cartão nunca.',
    holds: (p, f) => !isCardLine(f) || (p.cardWithAcquirerFile && explainedByAcquirerFile(f)),
  },
  {
    reason: 'amount_cap',
    sentence: (p) => `Só créditos de até ${brl(p.maxAmountCents)}.`,
    holds: (p, f) => f.amountCents <= p.maxAmountCents,
  },
  {
    reason: 'rival',
    sentence: () =>
      'Nunca quando há empate, outro candidato pouco atrás, uma linha repetida ou um recebível disputado por outra linha.',
    holds: (_p, f) => !f.reasons.some((r) => RIVAL_CODES.has(r.code)),
  },
  {
    reason: 'identity',
    sentence: (p) =>
      p.identity === 'document'
        ? 'O pagador é identificado pelo documento (CPF/CNPJ) já confirmado por uma pessoa para o aluno, ou pelo código do recebível na linha; só o nome não basta.'
        : `O pagador é identificado pelo documento (CPF/CNPJ) já confirmado para o aluno, pelo código do recebível na linha, por um nome já confirmado por uma pessoa, ou pelo nome completo (${p.minNamePercent === 100 ? 'as mesmas palavras' : `ao menos ${p.minNamePercent}% parecido`}).`,
    holds: (p, f) => isCardLine(f) || identified(p, f),
  },
  {
    reason: 'amount_not_exact',
    sentence: () => 'O valor é exatamente o do recebível: sem multa, juros, arredondamento nem diferença.',
    holds: (p, f) =>
      isCardLine(f) ||
      (!f.reasons.some((r) => INEXACT_CODES.has(r.code)) &&
        (has(f, 'amount_equal') || (p.allowManyToOne && has(f, 'many_to_one')))),
  },
  {
    reason: 'many_to_one',
    sentence: (p) =>
      p.allowManyToOne
        ? 'Um crédito pode pagar vários recebíveis do mesmo pagador quando somam exatamente o valor.'
        : 'Um crédito paga um único recebível; créditos que somam vários recebíveis ficam para você.',
    holds: (p, f) => isCardLine(f) || f.items.length === 1 || (p.allowManyToOne && has(f, 'many_to_one')),
  },
  {
    reason: 'due_window',
    sentence: (p) =>
      p.dueWithinDays === 0
        ? 'O recebível vence no mesmo dia do crédito.'
        : `O recebível vence até ${p.dueWithinDays} ${p.dueWithinDays === 1 ? 'dia' : 'dias'} antes ou depois do crédito.`,
    holds: (p, f) =>
      f.items.every(
        (i) =>
          i.dueDate !== null && Math.abs(dayNumber(f.lineDate) - dayNumber(i.dueDate)) <= p.dueWithinDays,
      ),
  },
  {
    reason: 'taken',
    sentence: () =>
      'Nunca um recebível já reservado por outra linha, aprovado em outro extrato, na fila de envio ou que já não está em aberto.',
    holds: (_p, f) => !f.taken,
  },
];

/** Whether the policy approves this proposal, or the first condition it does not meet. */
export function judge(policy: SendPolicy, facts: ProposalFacts): Verdict {
  for (const c of CONDITIONS) if (!c.holds(policy, facts)) return { ok: false, reason: c.reason };
  return { ok: true };
}

/** The policy in Portuguese, one sentence per condition, in the order they are checked. */
export function describePolicy(policy: SendPolicy): string[] {
  return CONDITIONS.flatMap((c) => {
    const s = c.sentence(policy);
    return s === null ? [] : [s];
  });
}

/** Why a line was left for a person, in a few words (dry run, daily summary). */
export const REFUSAL_PT: Record<PolicyRefusal, string> = {
  off: 'regra desligada',
  not_proposed: 'já decidida por uma pessoa ou sem sugestão',
  not_green: 'sugestão não verde',
  channel: 'canal não permitido',
  card: 'depósito de cartão sem arquivo da adquirente que o explique',
  amount_cap: 'valor acima do limite',
  rival: 'empate ou outro candidato perto',
  identity: 'pagador não identificado por documento ou nome completo',
  amount_not_exact: 'valor não exato',
  many_to_one: 'crédito que soma vários recebíveis',
  due_window: 'vencimento fora do prazo',
  taken: 'recebível já reservado, aprovado ou na fila',
};

/** The audit sentence of an automatic approval. */
export const approvalNote = (version: number) => `aprovado pela regra de envio automático ${version}`;

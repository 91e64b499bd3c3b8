/**
 * Textos da regra de envio automático ([U] itens 5–7: components/settings/SendPolicy.tsx) e das cobranças retidas
 * por dinheiro a caminho (`policy.hold.*`: NotifyPanel, Inadimplentes). As frases da própria regra vêm do núcleo
 * (core/policy/policy-rules.ts), o único lugar que decide e descreve cada condição.
 */
export const policyPtBR = {
  heading: 'Agenda e regra de envio',
  title: 'Regra de envio automático',
  explain:
    'Quais sugestões o Quita pode aprovar e enviar ao EVO sem o seu clique. Desligada, nada é aprovado sozinho. Cada aprovação automática fica na auditoria como “aprovado pela regra de envio automático N” e aparece no resumo do dia.',
  on: 'Ligada (versão {{version}})',
  off: 'Desligada',
  textTitle: 'O que a regra faz, condição por condição',
  savedBy: 'Versão {{version}}, salva por {{who}} em {{when}}.',
  neverSaved: 'Nunca salva: valores padrão.',
  form: {
    channels: 'Canais dos créditos',
    channel: { pix: 'Pix', ted: 'TED/transferência', boleto: 'Boleto', deposit: 'Depósito' },
    identity: 'Como o pagador é identificado',
    identityDocument: 'Só pelo documento (CPF/CNPJ) já confirmado ou pelo código do recebível',
    identityName: 'Documento, código, nome já confirmado ou nome completo',
    minNamePercent: 'Nome completo: semelhança mínima (%)',
    dueWithinDays: 'Vencimento até quantos dias do crédito',
    maxAmount: 'Valor máximo por crédito (R$)',
    allowManyToOne: 'Permitir um crédito que soma vários recebíveis do mesmo pagador',
    cardWithAcquirerFile: 'Permitir depósitos de cartão explicados pelo arquivo da adquirente',
  },
  save: 'Salvar condições',
  saved: 'Condições salvas (versão {{version}}).',
  dryRun: 'Simular os últimos 30 dias',
  dryRunning: 'Simulando…',
  switchOn: 'Ligar a regra',
  switchOff: 'Desligar a regra',
  needDryRun: 'Para ligar, simule antes estas condições: você verá o que a regra teria aprovado.',
  confirmOn:
    'Ligar a regra? A partir do próximo ciclo, o Quita aprova e envia ao EVO sozinho {{count}} tipo de crédito como os da simulação, sem o seu clique.',
  confirmOnShort:
    'Ligar a regra? A partir do próximo ciclo, o Quita aprova e envia ao EVO sozinho os créditos que cumprem todas as condições, sem o seu clique.',
  confirm: 'Sim, ligar',
  cancel: 'Cancelar',
  switchedOn: 'Regra ligada (versão {{version}}).',
  switchedOff: 'Regra desligada (versão {{version}}): nada mais é aprovado sem o seu clique.',
  dry: {
    title: 'Simulação de {{from}} a {{to}}',
    summary:
      'Dos {{considered}} créditos do período, a regra teria aprovado {{would}} ({{amount}}). Onde uma pessoa já decidiu: {{agreed}} de acordo, {{disagreed}} em desacordo, {{left}} aprovados por uma pessoa que a regra deixaria para você.',
    disagreeWarn:
      'Em {{count}} créditos a regra teria aprovado algo que uma pessoa não aprovou: confira-os na tabela antes de ligar.',
    nothing: 'Nenhum crédito do período seria aprovado pela regra.',
    refusalsTitle: 'Por que os demais ficariam para você',
    refusal: '{{text}}: {{count}}',
    col: {
      date: 'Data',
      description: 'Descrição no extrato',
      payer: 'Aluno',
      amount: 'Valor',
      verdict: 'Regra × pessoa',
      why: 'Motivo',
    },
    verdict: {
      agreed: 'de acordo',
      disagreed: 'em desacordo',
      left_to_person: 'ficaria para você',
      would_approve: 'aprovaria',
    },
    person: {
      approved: 'aprovado',
      rejected: 'rejeitado',
      set_aside: 'separado',
      overridden: 'escolhido à mão',
      to_review: 'a revisar',
    },
    more: 'Mostrando {{shown}} de {{total}} linhas.',
  },
  hold: {
    state: 'retida',
    badge: 'cobrança retida',
    badgeTitle: 'A cobrança não foi enviada: há dinheiro a caminho deste aluno.',
    sendAnyway: 'Enviar mesmo assim',
    reason: {
      pair_approved: 'Retida: pagamento de {{amount}} já aprovado ou enviado ao EVO.',
      return_title:
        'Retida: o arquivo retorno do banco diz que o boleto {{nossoNumero}} foi pago ({{amount}}, crédito em {{date}}).',
      card_settling: 'Retida: venda no cartão de {{amount}} a receber da adquirente em {{date}}.',
      credit_undecided: 'Retida: crédito de {{amount}} em {{date}} (“{{payer}}”) ainda não conciliado.',
    },
  },
};

/**
 * Importar ([P] item 5): how much of the file the preview shows, choosing the columns by hand after an error that
 * says so, and removing an imported statement. Mounted as `importing`; the refusals under `errors.import`.
 */
export const importingPtBR = {
  errors: {
    statement_sent:
      'O extrato {{fileName}} não pode ser removido: {{count}} recebíveis dele já foram para a fila de envio ou enviados ao EVO como pagos. O que foi (ou pode ter sido) enviado precisa continuar explicado.',
    statement_sent_one:
      'O extrato {{fileName}} não pode ser removido: {{count}} recebível dele já foi para a fila de envio ou enviado ao EVO como pago. O que foi (ou pode ter sido) enviado precisa continuar explicado.',
    statement_not_found:
      'Este extrato não existe mais (talvez já tenha sido removido). A lista foi atualizada.',
  },
  linesShown: 'Mostrando {{shown}} de {{count}} linhas do arquivo.',
  linesShown_one: 'Mostrando {{shown}} de {{count}} linha do arquivo.',
  chooseColumns: 'Escolher as colunas à mão',
  chooseColumnsHint:
    'Diga qual coluna é a data, qual é o valor (ou crédito e débito) e qual é a descrição; a pré-visualização se atualiza a cada escolha.',
  prefsLost: 'Não foi possível lembrar a conta usada da última vez: confira a conta escolhida.',
  adjustBelow: 'Ajuste as colunas logo abaixo.',
  sentKept_one: '{{count}} recebível enviado ao EVO: fica',
  sentKept: '{{count}} recebíveis enviados ao EVO: fica',
  remove: 'Remover…',
  removeLabel: 'Remover o extrato {{file}}',
  removeAsk:
    'Remover o extrato {{file}} ({{period}}, {{credits}})? Os lançamentos dele e as sugestões e aprovações ainda não enviadas são descartados; nada foi enviado ao EVO. A remoção fica registrada na auditoria.',
  nCredits: '{{count}} créditos',
  nCredits_one: '{{count}} crédito',
  removeYes: 'Sim, remover',
  removeNo: 'Cancelar',
  removed: 'Extrato {{file}} removido: {{lines}} e {{approved}} descartadas.',
  nLines: '{{count}} lançamentos',
  nLines_one: '{{count}} lançamento',
  nApproved: '{{count}} aprovações',
  nApproved_one: '{{count}} aprovação',
  overlapping:
    'Os extratos {{files}} cobriam parte dos mesmos dias e contavam com lançamentos que só este guardava: importe esses arquivos de novo para trazê-los (só o que falta entra).',
  col: { actions: 'Ações' },
  /** Notices of an import's result, as `import.notices.*` (pt-BR.ts). */
  notices: {
    same_credit_ambiguous:
      '{{count}} créditos do arquivo têm o mesmo dia e valor de mais de um Pix já lido do banco, e não dá para saber qual é qual: todos foram mantidos. Confira em Conciliar se há algum em dobro.',
    same_credit_ambiguous_one:
      '{{count}} crédito do arquivo tem o mesmo dia e valor de mais de um Pix já lido do banco, e não dá para saber qual é: todos foram mantidos. Confira em Conciliar se há algum em dobro.',
  },
};

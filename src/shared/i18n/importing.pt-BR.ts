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
  /**
   * Why a line of the file could not be read ([T]): the core's code (`row.bad_date.not_calendar`) with its
   * parameters, worded by src/shared/i18n/rejected-text.ts (Importar's preview, `errors.import.all_rejected`).
   */
  rejects: {
    no_date: 'a linha não tem data',
    no_amount: 'a linha não tem valor',
    incomplete: 'o lançamento está incompleto (o arquivo termina no meio dele)',
    foreign_currency: 'o valor está em {{currency}}, não em reais',
    bad_date: {
      implausible: '“{{value}}” não parece uma data de extrato (o ano está fora do normal)',
      not_calendar: '“{{value}}” não é uma data que exista no calendário',
      not_date: '“{{value}}” não é uma data',
      no_result:
        'a data é uma fórmula sem resultado salvo (abra o arquivo no Excel, salve-o e importe de novo)',
    },
    bad_amount: {
      too_large: 'o valor é grande demais',
      decimals: 'o valor tem mais de duas casas depois da vírgula',
      not_amount: '“{{value}}” não é um valor',
      not_number: 'o valor não é um número',
      no_result:
        'o valor é uma fórmula sem resultado salvo (abra o arquivo no Excel, salve-o e importe de novo)',
      credit_and_debit: 'a linha tem crédito e débito ao mesmo tempo',
    },
    other: 'a linha não pôde ser lida',
  },
  /** What was adjusted on a line that was read (the preview's “Avisos”). */
  problems: {
    cut: 'a descrição foi cortada em {{count}} caracteres',
    rounded: 'o valor tinha fração de centavo e foi arredondado',
  },
  col: { actions: 'Ações' },
  /** Notices of an import's result, as `import.notices.*` (pt-BR.ts). */
  notices: {
    same_credit_ambiguous:
      '{{count}} créditos do arquivo têm o mesmo dia e valor de mais de um Pix já lido do banco, e não dá para saber qual é qual: todos foram mantidos. Confira em Conciliar se há algum em dobro.',
    same_credit_ambiguous_one:
      '{{count}} crédito do arquivo tem o mesmo dia e valor de mais de um Pix já lido do banco, e não dá para saber qual é: todos foram mantidos. Confira em Conciliar se há algum em dobro.',
  },
};

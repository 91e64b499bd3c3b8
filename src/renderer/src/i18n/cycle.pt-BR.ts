/** [U] The automatic cycle, the intake folder and the schedule (Início and Configurações → Agenda e regra de envio). */
export const cyclePtBR = {
  title: 'Ciclo automático',
  none: 'Nenhum ciclo rodou ainda nesta filial.',
  next: 'Próximo ciclo às {{time}}.',
  off: 'A agenda está desligada: os ciclos só rodam quando você pede.',
  runNow: 'Rodar agora',
  running: 'Rodando o ciclo…',
  busy: 'Outro Quita já está fazendo o ciclo desta filial agora.',
  at: 'às {{time}}',
  nothingNew: 'nada novo',
  feed_one: '{{count}} Pix lido de {{label}}',
  feed: '{{count}} Pix lidos de {{label}}',
  imported_one: '{{count}} arquivo importado',
  imported: '{{count}} arquivos importados',
  refused_one: '{{count}} arquivo recusado',
  refused: '{{count}} arquivos recusados',
  waitingFiles_one: '{{count}} arquivo aguardando você',
  waitingFiles: '{{count}} arquivos aguardando você',
  sent_one: '{{count}} conciliado e enviado pela regra',
  sent: '{{count}} conciliados e enviados pela regra',
  toDecide_one: '{{count}} para você decidir',
  toDecide: '{{count}} para você decidir',
  stepFailed: 'Não foi possível {{step}}: {{why}}',
  interrupted: 'interrompido antes do fim (o próximo ciclo retomou)',
  step: {
    sync: 'sincronizar',
    feeds: 'ler os Pix no banco',
    intake: 'ler a pasta de entrada',
    match: 'conciliar',
    policy: 'aplicar a regra de envio',
    send: 'enviar',
  },
  intake: {
    title: 'Pasta de entrada',
    waiting: 'Aguardando você',
    refusedTitle: 'Recusados',
    refusedHint: 'Estão na pasta “recusados”, com o motivo ao lado.',
    importedTitle: 'Importados',
    sameFile: 'já importado antes',
  },
  schedule: {
    heading: 'Agenda e regra de envio',
    enabled: 'Rodar o ciclo automaticamente',
    every: 'A cada (minutos)',
    from: 'Das',
    to: 'às',
    closed: 'fechado',
    days: ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'],
    save: 'Salvar agenda',
    saved: 'Agenda salva.',
    folder: 'Pasta de entrada (caminho completo)',
    folderHint:
      'Extratos, arquivos de retorno e de credenciadoras colocados aqui são importados no próximo ciclo.',
    saveFolder: 'Usar esta pasta',
    folderSaved: 'Pasta de entrada definida.',
    noFolder: 'Nenhuma pasta de entrada.',
  },
  notify: {
    title: 'Quita: algo precisa de você',
  },
};

/** The intake folder's reasons, as `errors.intake.*` (describeError). */
export const cycleErrorsPtBR = {
  no_account_named: 'O arquivo não diz de que conta bancária é: escolha a conta.',
  account_unknown:
    'O arquivo é da conta {{account}}, que não está entre as contas desta filial: escolha a conta.',
  cnab_no_account: 'Nenhuma conta desta filial é do banco {{bank}}: escolha a conta.',
  cnab_several_accounts:
    'Esta filial tem {{count}} contas no banco {{bank}}: escolha de qual é este retorno.',
  acquirer_no_account:
    'O arquivo da credenciadora não diz em qual conta da filial foi pago: escolha a conta.',
  several_statements: 'O arquivo traz vários extratos: importe-o em Importar, escolhendo cada um.',
  folder_missing: 'A pasta de entrada {{folder}} não existe mais. Escolha outra em Configurações.',
  relative_folder: 'Informe o caminho completo da pasta (por exemplo, C:\\Quita\\entrada).',
  folder_unusable: 'Não foi possível criar ou gravar na pasta {{folder}}.',
  not_waiting: 'Este arquivo não está mais aguardando na pasta de entrada.',
};

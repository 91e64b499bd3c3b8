import { cliPtBR } from './cli';
import { reconcilePtBR } from './reconcile.pt-BR';
import { reviewErrorsPtBR, workspacePtBR } from './workspace.pt-BR';
import { importingPtBR } from './importing.pt-BR';
import { fileKindsPtBR } from './file-kinds.pt-BR';
import { helpPtBR } from './help.pt-BR';
import { settingsPtBR } from './settings.pt-BR';
import { auditPtBR } from './audit.pt-BR';
import { updatePtBR } from './update.pt-BR';
import { cnabPtBR } from './cnab.pt-BR';
import { acquirerPtBR } from './acquirer.pt-BR';
import { cardsPtBR } from './cards.pt-BR';
import { homePtBR } from './home.pt-BR';
import { branchesPtBR } from './branches.pt-BR';
import { reviewPtBR } from './review.pt-BR';

/** Portuguese (Brazil): the default language and the source of truth for the message keys. */
export const ptBR = {
  app: { name: 'Quita', tagline: 'Conciliação de recebíveis da academia' },
  nav: {
    home: 'Início',
    sync: 'Sincronizar',
    import: 'Importar',
    reconcile: 'Conciliar',
    send: 'Enviar',
    audit: 'Auditoria',
    debtors: 'Inadimplentes',
    geography: 'Localidades',
    settings: 'Configurações',
    help: 'Ajuda',
    label: 'Navegação principal',
  },
  sync: {
    intro:
      'Baixa da API as contas bancárias, os recebíveis (em aberto, vencidos e recebidos no período) e os inadimplentes. Depois da primeira vez, só o que mudou.',
    dueFrom: 'Vencimento de',
    dueTo: 'até',
    includeGeography: 'Incluir localidades (estados, cidades e bairros)',
    run: 'Sincronizar agora',
    running: 'Sincronizando…',
    starting: 'Iniciando…',
    progress: 'Progresso da sincronização',
    requests: '{{count}} consultas ao EVO',
    requests_one: '{{count}} consulta ao EVO',
    requestsOf: '{{done}} de {{total}} consultas',
    requestsOf_one: '{{done}} de {{total}} consulta',
    eta: 'faltam cerca de {{time}}',
    waiting: '{{time}} esperando a vez (o EVO limita as consultas por minuto)',
    done: 'Pronto: {{receivables}} e {{accounts}} em {{time}}, com {{requests}}.',
    nReceivables: '{{count}} recebíveis',
    nReceivables_one: '{{count}} recebível',
    nAccounts: '{{count}} contas',
    nAccounts_one: '{{count}} conta',
    dateInvalid: 'Data inválida: use dd/mm/aaaa (por exemplo, 31/01/2026).',
    rangeInvalid: 'A data final vem antes da inicial.',
    cacheTitle: 'O que está guardado neste computador',
    kind: 'Dados',
    items: 'Itens',
    lastSuccess: 'Última sincronização',
    lastError: 'Último erro',
    unexpectedError: 'erro inesperado (os detalhes estão no arquivo de registro; veja Ajuda)',
    never: 'nunca',
    counts:
      'Recebíveis: {{open}} em aberto, {{overdue}} vencidos, {{received}} recebidos · {{debtors}} inadimplentes',
    window: 'vencimentos de {{from}} a {{to}}',
    phase: {
      bank_accounts: 'Contas bancárias',
      receivables: 'Recebíveis',
      debtors: 'Inadimplentes',
      geography: 'Localidades',
    },
  },
  debtors: {
    search: 'Buscar por nome ou código do aluno',
    minDaysLate: 'Dias de atraso (mínimo)',
    memberStatus: 'Situação do aluno',
    any: 'Todas',
    exportXlsx: 'Exportar XLSX',
    exportCsv: 'Exportar CSV',
    notifySelected: 'Notificar selecionados ({{count}})',
    totals: '{{count}} alunos inadimplentes, com {{debts}}, somando {{amount}}',
    totals_one: '{{count}} aluno inadimplente, com {{debts}}, somando {{amount}}',
    debts: '{{count}} dívidas',
    debts_one: '{{count}} dívida',
    expand: 'Mostrar as dívidas de {{name}}',
    collapse: 'Ocultar as dívidas de {{name}}',
    notifiedToday: 'notificado hoje às {{time}}',
    notifiedTodayTitle: 'Já recebeu uma notificação hoje ({{state}})',
    amountHint:
      'Cada linha é um aluno: o valor é a soma das dívidas dele. Na notificação, {valor} é essa soma e {vencimento} o vencimento mais antigo.',
    status: {
      Active: 'Ativo',
      Freeze: 'Congelado',
      Inactive: 'Inativo',
      Blocked: 'Bloqueado',
      Canceled: 'Cancelado',
      Cancelled: 'Cancelado',
      Suspended: 'Suspenso',
    },
    synced: 'sincronizado {{age}}',
    selectAll: 'Selecionar todos os filtrados',
    select: 'Selecionar {{name}}',
    empty: 'Nenhum inadimplente com estes filtros. Sincronize para atualizar a lista.',
    col: {
      name: 'Nome',
      amount: 'Valor',
      daysLate: 'Dias de atraso',
      dueDate: 'Vencimento',
      paymentType: 'Forma de pagamento',
      memberStatus: 'Situação',
      debts: 'Dívidas',
    },
  },
  geo: {
    search: 'Buscar estado, cidade ou bairro',
    searchPlaceholder: 'Ex.: sao jose, cambui',
    refresh: 'Atualizar da API',
    counts: '{{states}}, {{cities}}, {{neighborhoods}}',
    stateCounts: '{{cities}} · {{neighborhoods}}',
    nStates: '{{count}} estados',
    nStates_one: '{{count}} estado',
    nCities: '{{count}} cidades',
    nCities_one: '{{count}} cidade',
    nNeighborhoods: '{{count}} bairros',
    nNeighborhoods_one: '{{count}} bairro',
    results: 'Resultados da busca',
    noResults: 'Nada encontrado.',
    empty: 'Nenhuma localidade guardada ainda: clique em Atualizar da API.',
    level: { state: 'Estado', city: 'Cidade', neighborhood: 'Bairro' },
  },
  notify: {
    title: 'Notificar {{count}} alunos',
    title_one: 'Notificar {{count}} aluno',
    amountHint: '{valor} é a soma das dívidas de cada aluno; {vencimento}, o vencimento mais antigo.',
    message: 'Mensagem',
    defaultTemplate:
      'Olá {primeiro_nome}, identificamos {valor} em mensalidades em aberto, a mais antiga vencida em {vencimento}. Se já pagou, desconsidere.',
    insert: 'Inserir:',
    length: '{{length}} de {{max}} caracteres',
    preview: 'Pré-visualizar',
    previewTitle: 'Pré-visualização das mensagens',
    send: 'Enviar {{count}} notificações',
    send_one: 'Enviar {{count}} notificação',
    member: 'Aluno {{id}}',
    cannotSend: 'não será enviada: {{problem}}',
    sending: 'Enviando {{done}} de {{total}}…',
    sendingLabel: 'Envio das notificações',
    queueTitle:
      'Fila — aguardando: {{queued}} · enviadas: {{sent}} · com erro: {{failed}} · sem confirmação: {{unknown}}',
    sentId: 'notificação nº {{id}}',
    retry: 'Reenviar',
    col: { member: 'Aluno', state: 'Situação', when: 'Quando', detail: 'Detalhe' },
    state: {
      queued: 'aguardando',
      sending: 'enviando',
      sent: 'enviada',
      failed: 'erro',
      unknown: 'sem confirmação',
    },
  },
  import: {
    account: 'Conta bancária do arquivo',
    statementChoice: 'Este arquivo traz mais de um extrato, de contas diferentes: qual importar?',
    statementPick: 'Escolha o extrato…',
    statementN: 'Extrato {{n}}: {{account}} · {{count}} lançamentos · {{period}}',
    statementN_one: 'Extrato {{n}}: {{account}} · {{count}} lançamento · {{period}}',
    statementNoAccount: 'conta não identificada',
    notices: {
      cnab: cnabPtBR.notices,
      acquirer: acquirerPtBR.notices,
      mixed_encoding:
        'Algumas linhas estavam em UTF-8 e outras em Windows-1252; cada uma foi lida na sua codificação.',
      charset_mismatch:
        'O arquivo diz que o texto está em {{declared}}, mas está em {{actual}}; foi lido como {{actual}}.',
      rows_skipped:
        '{{count}} linhas não são lançamentos (sem data e valor, ou valor zero) e ficaram de fora: {{lines}}.',
      rows_skipped_one:
        '{{count}} linha não é lançamento (sem data e valor, ou valor zero) e ficou de fora: {{lines}}.',
      overlap_other_format:
        'O extrato nº {{statementId}} ({{format}}) cobre parte deste período a partir de outro tipo de arquivo; as linhas não se reconhecem entre tipos de arquivo, então confira se há duplicadas.',
      ofx_statement_chosen:
        'O arquivo traz {{count}} extratos; só o da conta {{statement}} foi lido, os outros não foram importados.',
      ofx_card_left_out:
        'O arquivo também traz uma fatura de cartão ({{count}} lançamentos); compras no cartão não são dinheiro recebido, então ela ficou de fora.',
      ofx_unclosed: 'O arquivo não tem a marca final </OFX>; todos os lançamentos dele estavam completos.',
      ofx_unsigned:
        'Todos os valores do arquivo são positivos; {{count}} linhas marcadas como DEBIT foram lidas como débitos.',
      currency_brc: 'O arquivo indica a moeda “BRC”; foi lido como reais (BRL).',
      future_skipped:
        '{{count}} lançamentos futuros (agendados) ficaram de fora: o dinheiro ainda não está na conta.',
      future_skipped_one:
        '{{count}} lançamento futuro (agendado) ficou de fora: o dinheiro ainda não está na conta.',
      profile_misfit:
        'O modelo “{{profile}}” não serviu para este arquivo; as colunas foram detectadas de novo.',
      same_credit_ambiguous: importingPtBR.notices.same_credit_ambiguous,
      same_credit_ambiguous_one: importingPtBR.notices.same_credit_ambiguous_one,
      suggest_failed:
        'O extrato foi importado, mas as sugestões não puderam ser feitas agora; abra Conciliar e clique em “Sugerir de novo”.',
    },
    accountCheck: {
      bank: 'banco {{code}}',
      bankNamed: '{{name}} ({{code}})',
      agency: 'ag. {{agency}}',
      number: 'c/c {{account}}',
      same: 'O arquivo é da conta {{file}}: confere com a conta escolhida.',
      said: 'O arquivo diz ser da conta {{file}}.',
      attention: 'Atenção:',
      different:
        'o arquivo é da conta {{file}}, que não é a conta escolhida ({{chosen}}). Importar o extrato de outra conta faria o Quita sugerir recebimentos que não aconteceram nesta conta.',
      differentRemembered:
        'um arquivo da conta {{file}} já foi importado em outra conta bancária. Confira se a conta escolhida ({{chosen}}) está certa.',
      confirm: 'Confirmo que este extrato é da conta {{chosen}} (fica registrado na auditoria).',
    },
    inactive: 'inativa',
    noAccounts: 'Nenhuma conta bancária guardada: sincronize primeiro (Sincronizar).',
    sample: 'Extrato de exemplo:',
    drop: 'Arraste o extrato aqui (OFX, XLSX, XLS, ODS ou CSV)',
    choose: 'Escolher arquivo…',
    busy: {
      upload: 'Enviando o arquivo…',
      preview: 'Lendo o extrato…',
      commit: 'Importando…',
      sample: 'Gerando o extrato de exemplo…',
      remove: 'Removendo o extrato…',
    },
    done: 'Importado: {{imported}} a conciliar; {{known}}; {{rejected}}.',
    doneNew: '{{count}} lançamentos novos',
    doneNew_one: '{{count}} lançamento novo',
    doneKnown: '{{count}} já conhecidos',
    doneKnown_one: '{{count}} já conhecido',
    doneRejected: '{{count}} linhas recusadas',
    doneRejected_one: '{{count}} linha recusada',
    suggested:
      'Em Conciliar as sugestões já estão prontas: {{green}}, {{yellow}} e {{others}} para decidir à mão.',
    nGreen: '{{count}} verdes',
    nGreen_one: '{{count}} verde',
    nYellow: '{{count}} amarelas',
    nYellow_one: '{{count}} amarela',
    previewTitle: 'Confira antes de importar',
    source: {
      detected: 'detectado automaticamente',
      saved: 'perfil salvo: {{name}}',
      starter: 'modelo do banco: {{name}}',
      override: 'ajustado por você',
    },
    counts: '{{credits}} a conciliar ({{amount}}), {{debits}} e {{balances}} (mostrados, não conciliados)',
    nCredits: '{{count}} créditos',
    nCredits_one: '{{count}} crédito',
    nDebits: '{{count}} débitos',
    nDebits_one: '{{count}} débito',
    nBalances: '{{count}} linhas de saldo',
    nBalances_one: '{{count}} linha de saldo',
    period: 'de {{from}} a {{to}}',
    known: '{{count}} créditos já foram importados antes (período sobreposto); novos: {{fresh}}.',
    known_one: '{{count}} crédito já foi importado antes (período sobreposto); novos: {{fresh}}.',
    sameFile: 'Este mesmo arquivo já foi importado; importar de novo não duplica nada.',
    columns: 'Colunas (ajuste se algo estiver errado)',
    column: 'Coluna {{n}}',
    confidence: 'confiança {{pct}}%',
    emptyColumn: 'vazia nas linhas lidas',
    headerRow: 'Linha do cabeçalho',
    dateOrder: 'Datas',
    dateFormats: { dmy: 'dd/mm/aaaa', mdy: 'mm/dd/aaaa', ymd: 'aaaa-mm-dd' },
    decimal: 'Números',
    role: {
      ignore: 'Não usar',
      date: 'Data',
      description: 'Descrição',
      amount: 'Valor (crédito e débito)',
      credit: 'Crédito',
      debit: 'Débito',
      direction: 'Crédito ou débito (C/D)',
      document: 'Número do documento',
      balance: 'Saldo',
    },
    kind: { credit: 'crédito', debit: 'débito', balance: 'saldo' },
    alreadyKnown: 'já importado',
    rejected: '{{count}} linhas não puderam ser lidas',
    rejected_one: '{{count}} linha não pôde ser lida',
    rejectedLine: 'Linha {{line}}: {{reason}}',
    confirm: 'Importar ({{count}} créditos novos)',
    confirm_one: 'Importar ({{count}} crédito novo)',
    history: 'Extratos importados',
    col: {
      line: 'Linha',
      number: 'Nº',
      date: 'Data',
      description: 'Descrição',
      amount: 'Valor',
      kind: 'Tipo',
      problems: 'Avisos',
      file: 'Arquivo',
      account: 'Conta',
      statement: 'Extrato',
      credits: 'Créditos',
      when: 'Importado em',
    },
  },
  returnTitles: cnabPtBR.titles,
  acquirerFile: { ...acquirerPtBR.summary, layouts: acquirerPtBR.layouts },
  cards: cardsPtBR,
  reconcile: reconcilePtBR,
  workspace: workspacePtBR,
  review: reviewPtBR,
  update: updatePtBR,
  send: {
    batchesTable: 'Lotes enviados ao EVO',
    openBatch: 'Lote {{id}} ▸',
    items: {
      title: 'O que será marcado como pago no EVO',
      batchTitle: 'Lote {{id}} ({{state}}): o que ele marca como pago no EVO',
      member: 'Aluno · recebível',
      receivable: 'Nº',
      due: 'Vencimento',
      amount: 'Valor do recebível',
      net: 'creditado {{net}} (taxa {{fee}})',
      netMore: 'creditado {{net}} ({{fee}} a mais)',
      netTotal: 'creditado {{net}}',
      more: 'Mostrar mais {{count}} (faltam {{left}})',
      line: 'Lançamento do banco que paga',
      account: 'Conta',
      lineText: '{{date}} · {{amount}} · {{text}}',
      total: 'Total: {{count}} recebíveis',
      total_one: 'Total: {{count}} recebível',
      shown: 'mostrando {{shown}} de {{count}}',
    },
    nothing: 'Nada aprovado para enviar. Aprove pares em Conciliar.',
    group: '{{count}} recebíveis, {{total}}, na conta {{account}}',
    group_one: '{{count}} recebível, {{total}}, na conta {{account}}',
    markPaid: 'Marcar como pagos ({{count}}, {{total}})',
    confirmText:
      'Marcar {{count}} recebíveis como pagos, total {{total}}, {{accounts}}? O EVO vai registrá-los como recebidos hoje, {{today}}.',
    confirmText_one:
      'Marcar {{count}} recebível como pago, total {{total}}, {{accounts}}? O EVO vai registrá-lo como recebido hoje, {{today}}.',
    intoAccounts: 'nas contas {{accounts}}',
    intoAccounts_one: 'na conta {{accounts}}',
    dateNotice:
      'O EVO registra como data de recebimento o dia do envio (hoje, {{today}}), não a data do crédito no banco.',
    attention: 'Atenção:',
    previousMonths:
      '{{count}} lançamentos ({{total}}) são de {{months}}: no EVO ficarão como recebidos em {{thisMonth}}.',
    previousMonths_one:
      '{{count}} lançamento ({{total}}) é de {{months}}: no EVO ficará como recebido em {{thisMonth}}.',
    confirm: 'Sim, marcar como pagos',
    queued: '{{count}} lotes na fila de envio. O envio continua mesmo se a internet cair.',
    queued_one: '{{count}} lote na fila de envio. O envio continua mesmo se a internet cair.',
    sending: 'Enviando lote {{done}} de {{total}}…',
    sendingLabel: 'Envio dos lotes',
    counts:
      'Lotes — na fila: {{queued}} · aguardando confirmação: {{unknown}} · confirmados: {{confirmed}} · a revisar: {{needs_review}}.',
    retryNow: 'Tentar agora',
    col: {
      batch: 'Lote',
      account: 'Conta',
      count: 'Recebíveis',
      total: 'Total',
      state: 'Situação',
      when: 'Quando',
    },
    state: {
      queued: 'na fila',
      sending: 'enviando',
      sent: 'enviado',
      unknown: 'confirmando',
      confirmed: 'confirmado',
      needs_review: 'a revisar',
    },
  },
  audit: auditPtBR,
  home: homePtBR,
  branches: branchesPtBR,
  paymentTypes: {
    '1': 'Dinheiro',
    '2': 'Cartão de crédito',
    '3': 'Cartão de débito',
    '5': 'Boleto',
    '7': 'Depósito',
    '13': 'Transferência',
    '18': 'Pix',
  },
  settings: {
    title: 'Configurações',
    language: 'Idioma',
    theme: 'Tema',
    themes: { system: 'Igual ao sistema', light: 'Claro', dark: 'Escuro' },
    connections: 'Conexões (uma por filial)',
    active: 'em uso',
    activate: 'Usar esta',
    edit: 'Editar',
    remove: 'Remover',
    addConnection: 'Adicionar conexão',
    noSecret: 'chave não guardada aqui',
    demo: 'demonstração',
    perSecond: 'Consultas ao EVO por segundo, no máximo',
    perMinute: 'Consultas ao EVO por minuto, no máximo',
    saveLimits: 'Salvar limites',
    limitsSaved: 'Limites salvos.',
    localSandbox: 'API local de demonstração',
    notifyAfterSend: {
      label: 'Avisar o aluno quando o pagamento for confirmado no sistema (desligado por padrão)',
      template: 'Mensagem (use {nome}, {primeiro_nome}, {valor}, {vencimento})',
      defaultTemplate: 'Olá {primeiro_nome}, recebemos o seu pagamento de {valor}. Obrigado!',
      save: 'Salvar aviso',
      saved: 'Aviso salvo.',
    },
    version: 'Versão',
    whereInHelp:
      'Onde o Quita guarda os dados, o arquivo de registro (com os detalhes das falhas) e como as chaves de acesso são protegidas: veja a Ajuda.',
    openHelp: 'Abrir a Ajuda',
  },
  languages: { 'pt-BR': 'Português (Brasil)', en: 'English' },
  firstRun: {
    title: 'Bem-vindo ao Quita',
    intro:
      'Conecte o Quita à API de integração da sua academia, ou experimente com uma filial de demonstração.',
    connectTitle: 'Conectar à API',
    demoTitle: 'Só quero experimentar',
    demoText:
      'Uma filial fictícia, com alunos, recebíveis e um extrato de exemplo, roda neste computador. Nada é enviado para fora.',
    useDemo: 'Usar filial de demonstração',
  },
  importing: importingPtBR,
  fileKinds: fileKindsPtBR,
  help: helpPtBR,
  cli: cliPtBR,
  connectionCheck: settingsPtBR.connectionCheck,
  profileRemove: settingsPtBR.profileRemove,
  notifyAgain: settingsPtBR.notifyAgain,
  connection: {
    name: 'Nome da filial',
    namePlaceholder: 'Ex.: Unidade Centro',
    baseUrl: 'Endereço da API',
    username: 'Usuário (DNS da academia)',
    password: 'Chave de integração',
    passwordHint: 'Guardada cifrada; nunca aparece em telas, relatórios ou registros.',
    keepKeyHint: 'Deixe em branco para manter a chave guardada.',
    keyAgainHint:
      'O endereço ou o usuário mudou: informe a chave de integração de novo. A chave guardada só é enviada para o endereço e o usuário com que foi salva.',
    keyKind: 'Tipo de chave',
    keyKinds: { branch: 'Chave da filial', admin: 'Chave de administrador geral' },
    test: 'Testar conexão',
    testing: 'Testando…',
    save: 'Salvar e continuar',
    saving: 'Salvando…',
    testOk: 'Conexão OK: o EVO respondeu e mostrou {{count}} contas bancárias.',
    testOk_one: 'Conexão OK: o EVO respondeu e mostrou {{count}} conta bancária.',
    invalid: {
      name: 'Informe um nome para a filial.',
      baseUrl: 'Endereço inválido: use https://… (http só é aceito para 127.0.0.1).',
      username: 'Informe o usuário (o DNS da academia).',
      password: 'Informe a chave de integração.',
      keyAgain: 'Informe a chave de integração de novo.',
    },
    saved: 'Conexão salva.',
  },
  boot: { failed: 'Não foi possível abrir o Quita:' },
  common: { working: 'Aguarde…', cancel: 'Cancelar', close: 'Fechar', loading: 'Carregando…' },
  backups: {
    title: 'Cópias de segurança',
    explain:
      'O Quita copia o banco de dados desta filial todo dia, antes de cada atualização e quando você pede. Restaurar uma cópia guarda o arquivo atual ao lado, sem apagar nada.',
    now: 'Fazer uma cópia agora',
    done: 'Cópia feita ({{when}}).',
    size: '{{mb}} MB',
    none: 'Nenhuma cópia ainda.',
    col: { when: 'Quando', why: 'Motivo', size: 'Tamanho' },
    reason: {
      daily: 'diária',
      manual: 'pedida',
      'pre-migration': 'antes de atualizar',
      'pre-restore': 'antes de restaurar',
    },
    restore: 'Restaurar…',
    ask: 'Voltar o banco de dados para {{when}}? O que mudou depois disso fica no arquivo guardado ao lado.',
    yes: 'Sim, restaurar',
    cancel: 'Cancelar',
    restored: 'Cópia de {{when}} restaurada.',
  },
  errors: {
    cnab: cnabPtBR.errors,
    acquirer: acquirerPtBR.errors,
    connection: settingsPtBR.errors,
    branches: branchesPtBR.errors,
    match: {
      no_statement: 'Nenhum extrato foi importado ainda: importe um extrato em Importar primeiro.',
      statement_not_found: 'Este extrato não existe mais (foi removido em Importar?). Escolha outro.',
      line_not_found: 'Este lançamento não é um crédito de um extrato importado (foi removido?).',
      no_plan: 'Concilie este extrato antes de escolher recebíveis à mão.',
      none_chosen: 'Escolha pelo menos um recebível.',
      receivable_not_open:
        'Não está em aberto nem vencido no EVO (já foi baixado ou cancelado): recebível {{ids}}. Sincronize para ver a situação atual.',
      receivable_taken:
        'O recebível {{receivableId}} já está com outro lançamento; desfaça aquela decisão antes de usá-lo aqui.',
      settings_invalid: 'Um dos ajustes da conciliação não vale: confira o campo e tente de novo.',
    },
    review: reviewErrorsPtBR,
    kind: {
      validation: 'Confira os dados informados.',
      auth: 'Usuário ou chave recusados.',
      forbidden: 'Sem permissão para esta operação.',
      not_found: 'Não encontrado.',
      conflict: 'A operação não pôde ser concluída agora.',
      rate_limited: 'O EVO limita as consultas por minuto e o limite foi atingido; aguarde um pouco.',
      offline: 'Sem conexão com a API.',
      external: 'A API falhou; tente mais tarde.',
      internal: 'Erro interno do Quita; os detalhes foram guardados no arquivo de registro (veja Ajuda).',
    },
    field: 'Campo «{{field}}»: {{detail}}',
    api: {
      unauthorized: 'A API recusou o usuário ou a chave. Confira os dois (o usuário é o DNS da academia).',
      forbidden:
        'Esta chave não tem permissão para {{path}}. Peça ao administrador da academia para liberar.',
      timeout: 'A API em {{host}} não respondeu a tempo. Verifique a internet e tente de novo.',
      unreachable: 'Não foi possível alcançar a API em {{host}}. Verifique a internet e o endereço.',
      rate_limited:
        'O EVO limita as consultas por minuto e o limite foi atingido; tente de novo em {{retryAfterSeconds}} s.',
      not_found: 'A API não tem {{path}} neste endereço. Confira o endereço da API.',
      server_error: 'A API falhou (HTTP {{status}}). Tente mais tarde.',
      rejected: 'A API recusou o pedido. {{messages}}',
      cancelled: 'Cancelado.',
    },
    upload: {
      too_large: 'O arquivo passa de {{maxMb}} MB; exporte um período menor.',
      gone: 'O arquivo enviado não está mais disponível; escolha o arquivo de novo.',
    },
    import: {
      empty: 'O arquivo está vazio. Baixe o extrato do banco de novo.',
      too_large:
        'O arquivo é grande demais ({{sizeMb}} MB; o limite é {{limitMb}} MB). Exporte um período menor.',
      too_many_rows: 'O arquivo tem mais de {{limit}} linhas. Exporte um período menor.',
      password_protected:
        'A planilha está protegida por senha. Abra no Excel, tire a senha (ou salve uma cópia sem ela) e importe essa cópia.',
      unrecognized:
        'Este arquivo não é um extrato que o Quita consiga ler. Exporte o extrato do banco como OFX, CSV ou Excel (XLSX/XLS).',
      pdf: 'Este arquivo é um PDF, e o Quita não lê extratos em PDF: exporte o extrato do banco como OFX, CSV ou Excel.',
      corrupt: 'O arquivo está danificado ou incompleto. Baixe de novo no banco.',
      truncated: 'O arquivo OFX termina antes do fim (está incompleto). Baixe de novo no banco.',
      no_table:
        'Nenhuma linha de extrato encontrada: o arquivo não tem uma coluna de datas ao lado de uma de valores. Confira se é a exportação do extrato, ou escolha as colunas à mão.',
      no_lines: 'O arquivo não tem lançamentos. Confira o período escolhido na exportação do banco.',
      all_rejected:
        'Nenhuma linha do arquivo pôde ser lida: {{count}} linhas recusadas (linha {{line}}: {{reason}}). Confira as colunas escolhidas.',
      all_rejected_one:
        'A única linha do arquivo não pôde ser lida (linha {{line}}: {{reason}}). Confira as colunas escolhidas.',
      bad_mapping: 'A escolha de colunas não serve para este arquivo: {{detail}}.',
      timeout:
        'Não foi possível ler o arquivo em {{seconds}} segundos; ele pode estar danificado. Exporte de novo no banco, ou abra no Excel e salve como XLSX ou CSV.',
      out_of_memory:
        'Ler este arquivo precisa de mais memória do que o Quita tem. Exporte um período menor no banco.',
      reader_failed:
        'A leitura do arquivo parou de repente ({{reason}}). Tente de novo; se repetir, exporte o extrato de novo ou salve como XLSX ou CSV.',
      foreign_currency:
        'Este extrato está em {{currency}}, não em reais (BRL): o Quita só concilia valores em reais, por isso ele não foi importado. Escolha ou exporte o extrato da conta em reais.',
      card_bill:
        'Este arquivo é uma fatura de cartão, não um extrato de conta: compras e pagamentos da fatura não são dinheiro recebido. Exporte o extrato da conta corrente.',
      several_statements:
        'Este arquivo traz {{count}} extratos ({{list}}); escolha qual importar. Cada conta é importada separadamente.',
      account_mismatch:
        'Este arquivo é o extrato de outra conta ({{file}}), não da conta escolhida ({{chosen}}). Escolha a conta certa, ou exporte o extrato desta.',
      unpacked_too_large:
        'A planilha se expandiria para {{sizeMb}} MB (o limite é {{limitMb}} MB): está danificada ou não é um extrato. Exporte o extrato de novo no banco, ou como CSV.',
      unknown_bank_account:
        'A conta bancária {{bankAccountId}} ainda não é conhecida aqui. Clique em “Sincronizar” para buscar as contas no sistema da academia e tente de novo.',
      statement_sent: importingPtBR.errors.statement_sent,
      statement_sent_one: importingPtBR.errors.statement_sent_one,
      statement_not_found: importingPtBR.errors.statement_not_found,
    },
    db: {
      in_server_folder:
        'Os dados desta filial estão num arquivo na pasta do servidor, não no PostgreSQL do escritório: leve-a para lá com quita migrate-to-server --banco, ou inicie o servidor sem QUITA_DATABASE_URL. Nada foi alterado.',
      in_office_database:
        'Os dados desta filial estão no PostgreSQL do escritório: abra-a pelo servidor do escritório (o navegador, o aplicativo conectado ao servidor ou quita --server). Nada foi criado nem alterado aqui.',
      on_office_database:
        'Os dados desta filial ficam no PostgreSQL do escritório: as cópias de segurança são as do próprio PostgreSQL, feitas pela TI do escritório. Nada foi alterado.',
      sqlite_only:
        'Esta parte do Quita ainda não funciona com os dados no PostgreSQL do escritório. Nada foi alterado. Fale com a TI do escritório.',
      damaged:
        'O banco de dados desta filial está danificado: o Quita não consegue lê-lo. Nada foi apagado nem alterado. Restaure a cópia de segurança mais recente em Configurações → Cópias de segurança.',
      newer:
        'Este banco de dados foi gravado por uma versão mais nova do Quita. Atualize o Quita para continuar.',
      bad_backup:
        'Esta cópia de segurança está danificada ou incompleta, por isso não foi restaurada. O banco de dados da filial não foi alterado.',
      no_backup: 'Não há cópia de segurança para restaurar.',
      backup_not_quita:
        'Este arquivo não é uma cópia de segurança do Quita, por isso não foi restaurado. O banco de dados da filial não foi alterado.',
      backup_newer:
        'Esta cópia foi feita por uma versão mais nova do Quita, por isso não foi restaurada. Atualize o Quita e tente de novo. O banco de dados da filial não foi alterado.',
      backup_other_branch:
        'Esta cópia é de outra filial, não desta, por isso não foi restaurada. O banco de dados da filial não foi alterado.',
      backup_audit_broken:
        'O registro de auditoria desta cópia não confere (foi alterado fora do Quita), por isso ela não foi restaurada. O banco de dados da filial não foi alterado.',
      not_quita:
        'O arquivo no lugar do banco de dados desta filial não é do Quita. Ele não foi alterado. Restaure uma cópia de segurança em Configurações → Cópias de segurança.',
      other_branch:
        'O banco de dados na pasta desta filial é de outra filial. Ele não foi alterado. Restaure uma cópia de segurança desta filial em Configurações → Cópias de segurança.',
    },
    profile: {
      none: 'Nenhuma filial conectada ainda: conecte uma na primeira tela ou em Configurações.',
      no_secret: 'A chave desta conexão não está guardada aqui. Abra Configurações e salve a chave de novo.',
      key_required: 'O endereço ou o usuário desta conexão mudou: informe a chave de integração de novo.',
      key_unbound:
        'A chave guardada desta conexão foi salva para outro endereço ou usuário, por isso não foi enviada. Abra Configurações e informe a chave de integração de novo.',
      changed: 'A conexão foi alterada enquanto estava em uso; tente de novo.',
    },
    notify: {
      recently_notified:
        '{{count}} destes membros já foram notificados nos últimos {{days}} dias ({{names}}); nada foi enviado. Envie de novo só se for essa a intenção.',
      recently_notified_one:
        '1 destes membros já foi notificado nos últimos {{days}} dias ({{names}}); nada foi enviado. Envie de novo só se for essa a intenção.',
      nothing:
        'Nenhuma mensagem pode ser enviada aos membros escolhidos: confira o texto e os membros na prévia.',
    },
    demo: {
      not_started: 'Inicie primeiro a filial de demonstração.',
    },
    host: {
      token:
        'Esta página não tem um token de acesso válido: abra o endereço que o Quita mostrou no terminal ao iniciar com {{command}} (ele traz o token).',
      unreachable: 'O servidor local do Quita não está rodando: inicie-o de novo com {{command}}.',
    },
    bridge: {
      missing: 'A ponte do Quita não foi carregada: abra o app pelo npm start ou npm run serve.',
    },
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** Every language must provide exactly these keys (checked by the compiler and by a unit test). */
export type Messages = Widen<typeof ptBR>;

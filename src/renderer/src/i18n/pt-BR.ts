import { reconcilePtBR } from './reconcile.pt-BR';
import { auditPtBR } from './audit.pt-BR';

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
    requests: '{{done}} requisição(ões)',
    requestsOf: '{{done}} de {{total}} requisições',
    eta: 'faltam cerca de {{time}}',
    waiting: '{{time}} aguardando o limite da API',
    done: 'Pronto: {{receivables}} recebíveis e {{accounts}} contas em {{time}}, com {{requests}} requisições.',
    cacheTitle: 'O que está guardado neste computador',
    kind: 'Dados',
    items: 'Itens',
    lastSuccess: 'Última sincronização',
    lastError: 'Último erro',
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
    totals: '{{count}} inadimplente(s), somando {{amount}}',
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
    },
  },
  geo: {
    search: 'Buscar estado, cidade ou bairro',
    searchPlaceholder: 'Ex.: sao jose, cambui',
    refresh: 'Atualizar da API',
    counts: '{{states}} estados, {{cities}} cidades, {{neighborhoods}} bairros',
    stateCounts: '{{cities}} cidades · {{neighborhoods}} bairros',
    cityCounts: '{{neighborhoods}} bairros',
    results: 'Resultados da busca',
    noResults: 'Nada encontrado.',
    empty: 'Nenhuma localidade guardada ainda: clique em Atualizar da API.',
    level: { state: 'Estado', city: 'Cidade', neighborhood: 'Bairro' },
  },
  notify: {
    title: 'Notificar {{count}} aluno(s)',
    message: 'Mensagem',
    defaultTemplate:
      'Olá {primeiro_nome}, identificamos uma mensalidade de {valor} em aberto desde {vencimento}. Se já pagou, desconsidere.',
    insert: 'Inserir:',
    length: '{{length}} de {{max}} caracteres',
    preview: 'Pré-visualizar',
    previewTitle: 'Pré-visualização das mensagens',
    send: 'Enviar {{count}} notificação(ões)',
    member: 'Aluno {{id}}',
    cannotSend: 'não será enviada: {{problem}}',
    sending: 'Enviando {{done}} de {{total}}…',
    sendingLabel: 'Envio das notificações',
    queueTitle:
      'Fila: {{queued}} aguardando, {{sent}} enviadas, {{failed}} com erro, {{unknown}} sem confirmação',
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
    account: 'Conta bancária do extrato',
    statementChoice: 'Este arquivo traz mais de um extrato, de contas diferentes: qual importar?',
    statementPick: 'Escolha o extrato…',
    statementN: 'Extrato {{n}}: {{account}} · {{count}} lançamentos · {{period}}',
    statementNoAccount: 'conta não identificada',
    notices: {
      mixed_encoding:
        'Algumas linhas estavam em UTF-8 e outras em Windows-1252; cada uma foi lida na sua codificação.',
      charset_mismatch:
        'O arquivo diz que o texto está em {{declared}}, mas está em {{actual}}; foi lido como {{actual}}.',
      rows_skipped:
        '{{count}} linhas não são lançamentos (sem data e valor, ou valor zero) e ficaram de fora: {{lines}}.',
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
      profile_misfit:
        'O modelo “{{profile}}” não serviu para este arquivo; as colunas foram detectadas de novo.',
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
    },
    done: 'Importado: {{imported}} lançamento(s) novo(s) a conciliar; {{known}} já conhecido(s); {{rejected}} linha(s) recusada(s).',
    suggested:
      'Em Conciliar as sugestões já estão prontas: {{green}} verdes, {{yellow}} amarelas e {{others}} para decidir à mão.',
    previewTitle: 'Confira antes de importar',
    detected: 'Formato {{format}}, codificação {{encoding}}, confiança {{confidence}}%.',
    source: {
      detected: 'detectado automaticamente',
      saved: 'perfil salvo: {{name}}',
      starter: 'modelo do banco: {{name}}',
      override: 'ajustado por você',
    },
    counts:
      '{{credits}} crédito(s) a conciliar ({{amount}}), {{debits}} débito(s) e {{balances}} linha(s) de saldo (mostrados, não conciliados)',
    period: 'de {{from}} a {{to}}',
    known: '{{known}} crédito(s) já foram importados antes (período sobreposto); só {{fresh}} são novos.',
    sameFile: 'Este mesmo arquivo já foi importado; importar de novo não duplica nada.',
    columns: 'Colunas (ajuste se algo estiver errado)',
    column: 'Coluna {{n}}',
    confidence: 'confiança {{pct}}%',
    headerRow: 'Linha do cabeçalho',
    dateOrder: 'Datas',
    dateFormats: { dmy: 'dd/mm/aaaa', mdy: 'mm/dd/aaaa', ymd: 'aaaa-mm-dd' },
    decimal: 'Números',
    role: {
      ignore: 'ignorar',
      date: 'data',
      description: 'descrição',
      amount: 'valor',
      credit: 'crédito',
      debit: 'débito',
      direction: 'C/D',
      document: 'documento',
      balance: 'saldo',
    },
    kind: { credit: 'crédito', debit: 'débito', balance: 'saldo' },
    alreadyKnown: 'já importado',
    rejected: '{{count}} linha(s) não puderam ser lidas',
    rejectedLine: 'Linha {{line}}: {{reason}}',
    confirm: 'Importar ({{count}} crédito(s) novo(s))',
    history: 'Extratos importados',
    col: {
      line: 'Linha',
      date: 'Data',
      description: 'Descrição',
      amount: 'Valor',
      kind: 'Tipo',
      problems: 'Avisos',
      file: 'Arquivo',
      account: 'Conta',
      period: 'Período',
      credits: 'Créditos',
      when: 'Importado em',
    },
  },
  reconcile: reconcilePtBR,
  send: {
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
      'Lotes: {{queued}} na fila, {{unknown}} aguardando confirmação, {{confirmed}} confirmados, {{needs_review}} a revisar.',
    retryNow: 'Tentar agora',
    col: {
      batch: 'Lote',
      account: 'Conta',
      count: 'Recebíveis',
      total: 'Total',
      state: 'Situação',
      when: 'Quando',
      detail: 'Detalhe',
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
  home: {
    lastSync: 'Última sincronização {{age}}.',
    neverSynced: 'Ainda não sincronizado: comece por Sincronizar.',
    count: '{{count}} item(ns)',
    cards: {
      open: 'Em aberto',
      overdue: 'Vencidos',
      matched: 'Conciliados (extrato)',
      approved: 'Aprovados',
      queued: 'Na fila de envio',
      sent: 'Enviados e confirmados',
    },
    chartTitle: 'Extrato atual: {{file}}',
    chartLabel: 'Valores conciliados e não conciliados por dia',
    barTitle: '{{date}}: conciliado {{matched}}, sem conciliação {{unmatched}}',
    legendMatched: 'conciliado',
    legendUnmatched: 'sem conciliação',
  },
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
    perSecond: 'Requisições por segundo',
    perMinute: 'Requisições por minuto',
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
    dataDir: 'Pasta dos dados',
    version: 'Versão',
    secretWarning: {
      keyfile:
        'Sem cofre do sistema aqui: as chaves são cifradas com um arquivo de chave legível por este usuário. Defina QUITA_PASSPHRASE para protegê-las com uma frase-senha.',
      os: 'Nenhum chaveiro (GNOME Keyring ou KWallet) encontrado: a chave fica apenas ofuscada no disco.',
    },
    secretScheme: {
      os: 'Chaves protegidas pelo cofre do sistema operacional.',
      passphrase: 'Chaves protegidas pela frase-senha QUITA_PASSPHRASE.',
      keyfile: 'Chaves cifradas com um arquivo de chave deste usuário.',
    },
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
    testOk: 'Conexão OK: {{count}} conta(s) bancária(s) encontrada(s) em {{ms}} ms.',
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
    kind: {
      validation: 'Confira os dados informados.',
      auth: 'Usuário ou chave recusados.',
      forbidden: 'Sem permissão para esta operação.',
      not_found: 'Não encontrado.',
      conflict: 'A operação não pôde ser concluída agora.',
      rate_limited: 'Limite de requisições da API atingido; aguarde um pouco.',
      offline: 'Sem conexão com a API.',
      external: 'A API falhou; tente mais tarde.',
      internal: 'Erro interno do Quita; os detalhes foram registrados no log.',
    },
    field: 'Campo «{{field}}»: {{detail}}',
    api: {
      unauthorized: 'A API recusou o usuário ou a chave. Confira os dois (o usuário é o DNS da academia).',
      forbidden:
        'Esta chave não tem permissão para {{path}}. Peça ao administrador da academia para liberar.',
      timeout: 'A API em {{host}} não respondeu a tempo. Verifique a internet e tente de novo.',
      unreachable: 'Não foi possível alcançar a API em {{host}}. Verifique a internet e o endereço.',
      rate_limited: 'Limite de requisições da API atingido; tente de novo em {{retryAfterSeconds}} s.',
      not_found: 'A API não tem {{path}} neste endereço. Confira o endereço da API.',
      server_error: 'A API falhou (HTTP {{status}}). Tente mais tarde.',
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
    },
    db: {
      damaged:
        'O banco de dados desta filial está danificado ({{reason}}). Nada foi apagado nem alterado. Restaure a cópia de segurança mais recente em Configurações → Cópias de segurança.',
      newer:
        'Este banco de dados foi gravado por uma versão mais nova do Quita. Atualize o Quita para continuar.',
      bad_backup: 'Esta cópia de segurança não pode ser restaurada: {{reason}}.',
      no_backup: 'Não há cópia de segurança para restaurar.',
    },
    profile: {
      none: 'Nenhuma filial conectada ainda: conecte uma na primeira tela ou em Configurações.',
      no_secret: 'A chave desta conexão não está guardada aqui. Abra Configurações e salve a chave de novo.',
      key_required: 'O endereço ou o usuário desta conexão mudou: informe a chave de integração de novo.',
      changed: 'A conexão foi alterada enquanto estava em uso; tente de novo.',
    },
    demo: {
      not_started: 'Inicie primeiro a filial de demonstração.',
    },
    host: {
      token: 'Esta página não tem um token de acesso válido: abra o endereço mostrado pelo npm run serve.',
      unreachable: 'O servidor local do Quita não está rodando: inicie-o de novo com npm run serve.',
    },
    bridge: {
      missing: 'A ponte do Quita não foi carregada: abra o app pelo npm start ou npm run serve.',
    },
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** Every language must provide exactly these keys (checked by the compiler and by a unit test). */
export type Messages = Widen<typeof ptBR>;

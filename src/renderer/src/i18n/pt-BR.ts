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
  screens: {
    comingSoon: 'Em construção',
    home: 'Resumo do dia: recebíveis em aberto e vencidos, conciliados, aprovados e enviados.',
    sync: 'Baixa da API os recebíveis, as contas bancárias, os inadimplentes e as localidades, e guarda tudo neste computador.',
    import: 'Importa o extrato do banco (OFX, XLSX, XLS, ODS ou CSV) de uma conta.',
    reconcile:
      'Mostra cada lançamento do extrato ao lado do recebível sugerido, para aprovar, corrigir ou rejeitar.',
    send: 'Marca como pagos, na API, os pares aprovados, com confirmação e acompanhamento de cada lote.',
    audit: 'Registro de tudo o que foi feito, por quem e quando, com relatórios em XLSX, CSV e PDF.',
    debtors: 'Lista de inadimplentes, com envio de notificações aos alunos.',
    geography: 'Estados, cidades e bairros, com busca sem acentos.',
  },
  settings: {
    title: 'Configurações',
    language: 'Idioma',
    theme: 'Tema',
    themes: { system: 'Igual ao sistema', light: 'Claro', dark: 'Escuro' },
    connections: 'Conexões (uma por filial)',
    active: 'em uso',
    activate: 'Usar esta',
    remove: 'Remover',
    addConnection: 'Adicionar conexão',
    noSecret: 'chave não guardada aqui',
    demo: 'demonstração',
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
    },
    saved: 'Conexão salva.',
  },
  boot: { failed: 'Não foi possível abrir o Quita:' },
  common: { working: 'Aguarde…', cancel: 'Cancelar', close: 'Fechar', loading: 'Carregando…' },
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
    profile: {
      none: 'Nenhuma filial conectada ainda: conecte uma na primeira tela ou em Configurações.',
      no_secret: 'A chave desta conexão não está guardada aqui. Abra Configurações e salve a chave de novo.',
    },
    demo: {
      unavailable: 'A filial de demonstração ainda não está disponível nesta versão.',
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

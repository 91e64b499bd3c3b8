/**
 * Texts of the bank feeds ([U]): Configurações → Conexões bancárias (`feeds.*`, components/settings/BankFeeds.tsx)
 * and the sentences of their failures (`errors.feeds.*`, one sentence each, naming what to do).
 */
export const feedsPtBR = {
  title: 'Conexões bancárias',
  explain:
    'O Quita lê os Pix recebidos direto da API Pix do banco (padrão do Banco Central), com o certificado digital da empresa. As linhas lidas entram na conta escolhida e são conciliadas como as de um extrato importado.',
  none: 'Nenhuma conexão bancária ainda.',
  add: 'Adicionar API Pix',
  edit: 'Alterar',
  remove: 'Remover',
  removeConfirm: 'Remover a conexão “{{label}}”? As linhas já lidas continuam no Quita.',
  test: 'Testar',
  run: 'Ler agora',
  running: 'Lendo…',
  testing: 'Testando…',
  save: 'Salvar conexão',
  saving: 'Salvando…',
  cancel: 'Cancelar',
  table: {
    label: 'Conexão',
    account: 'Conta',
    certificate: 'Certificado',
    lastRun: 'Última leitura',
    actions: 'Ações',
  },
  certValidTo: 'válido até {{date}}',
  disabled: 'desligada',
  never: 'nunca lida',
  lastRunOk: '{{date}}: {{fetched}} Pix lidos, {{added}} novos',
  lastRunFailed: '{{date}}: falhou',
  form: {
    title: 'API Pix do banco',
    label: 'Nome da conexão',
    labelHint: 'Como aparece no Início, por exemplo “Pix do Itaú”.',
    account: 'Conta que recebe os Pix',
    chooseAccount: 'Escolha a conta',
    preset: 'Banco',
    presetOther: 'Outro banco (colar os endereços)',
    tokenUrl: 'Endereço do token (OAuth)',
    baseUrl: 'Endereço da API Pix',
    baseUrlHint: 'Até a versão, por exemplo https://api.banco.com.br/pix/v2 (sem /pix no fim).',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    secretKept: 'Guardado. Deixe em branco para manter.',
    secretAgain: 'Digite de novo: o endereço ou o client ID mudou.',
    certKind: 'Certificado da empresa',
    certPfx: 'Arquivo .pfx ou .p12 com senha',
    certPem: 'Certificado e chave PEM',
    certFile: 'Arquivo do certificado',
    keyFile: 'Arquivo da chave privada',
    caFile: 'Certificado da autoridade do banco (opcional)',
    caHint:
      'Só quando o banco disser que a API usa uma autoridade que os computadores não conhecem (ICP-Brasil ou do próprio banco).',
    certPassword: 'Senha do certificado',
    keyPassword: 'Senha da chave (se houver)',
    certKept: 'Certificado guardado: {{subject}}, válido até {{date}}. Escolha outro arquivo só para trocar.',
    startDate: 'Ler a partir de',
    enabled: 'Ler nos ciclos automáticos',
    demoHint:
      'Demonstração: o certificado de teste está em {{path}} (senha {{password}}); client ID {{clientId}}, client secret {{clientSecret}}.',
    secretsNote:
      'O client secret, o certificado e a senha ficam guardados com proteção e só são enviados a estes endereços.',
  },
  saved: 'Conexão “{{label}}” salva.',
  removed: 'Conexão removida.',
  tested:
    'Conexão funcionando: o banco aceitou o certificado e o acesso, e informa {{count}} Pix recebidos hoje.',
  tested_one:
    'Conexão funcionando: o banco aceitou o certificado e o acesso, e informa {{count}} Pix recebido hoje.',
  ran: '{{label}}: {{fetched}} Pix lidos, {{added}} novos, {{known}} já conhecidos.',
  ranRejected: '{{count}} itens do banco não puderam ser lidos; os detalhes estão no registro.',
  errors: {
    certificate_password:
      'A senha do certificado está errada; digite-a de novo como o banco ou o contador a entregou.',
    certificate_unreadable:
      'Não foi possível ler o arquivo do certificado; escolha de novo o certificado da empresa (.pfx ou .p12, ou o certificado e a chave PEM).',
    certificate_legacy:
      'O arquivo do certificado usa uma criptografia antiga que este computador recusa; exporte-o de novo do banco ou do Windows com criptografia AES.',
    certificate_key_mismatch:
      'A chave privada não é a deste certificado; escolha o arquivo de chave que veio com ele.',
    certificate_expired:
      'O certificado da empresa venceu em {{validTo}}; peça o novo ao contador ou ao banco e adicione-o em Configurações → Conexões bancárias.',
    certificate_not_yet_valid:
      'O certificado da empresa só vale a partir de {{validFrom}}; confira a data deste computador ou use o certificado atual.',
    certificate_refused:
      'O banco recusou o certificado da empresa; confira se é o certificado cadastrado no banco para a API Pix ou peça ao banco para cadastrá-lo.',
    server_untrusted:
      'O endereço do banco não apresentou um certificado em que este computador confia; confira os endereços (use os publicados pelo banco) ou, se o banco disser que a API usa uma autoridade própria, acrescente o certificado dela à conexão.',
    ca_unreadable:
      'Não foi possível ler o certificado da autoridade; escolha o arquivo .pem, .crt ou .cer que o banco publica para a API (não o certificado da empresa).',
    credentials_refused:
      'O banco recusou o client ID ou o client secret; copie-os de novo do portal do desenvolvedor do banco.',
    scope_missing:
      'O banco não liberou a consulta de Pix recebidos (escopo pix.read) para esta aplicação; peça ao banco para liberá-la para o seu client ID.',
    rate_limited:
      'O banco pediu para esperar {{seconds}} s antes de ler de novo; o próximo ciclo tentará outra vez.',
    bank_unavailable:
      'A API Pix do banco está fora do ar (HTTP {{status}}); o próximo ciclo tentará outra vez.',
    unreachable: 'Não foi possível falar com a API Pix do banco; confira a internet e os endereços.',
    bad_answer:
      'A API Pix do banco respondeu de um jeito que o Quita não conhece; os detalhes estão no registro, envie-os ao suporte.',
    period_refused:
      'O banco recusou o período pedido; confira a data e a hora deste computador e tente de novo.',
    pages_kept_changing: 'A lista do banco mudou enquanto era lida; o próximo ciclo lerá de novo.',
    secrets_missing:
      'O client secret e o certificado desta conexão não estão guardados para os endereços atuais; digite-os de novo em Configurações → Conexões bancárias.',
    not_found: 'Esta conexão bancária não existe mais; atualize a tela.',
    unknown_account: 'A conta escolhida não é desta filial; sincronize primeiro ou escolha outra.',
    secrets_required:
      'Digite o client secret e escolha o certificado: eles são pedidos de novo sempre que um endereço ou o client ID muda.',
  },
};

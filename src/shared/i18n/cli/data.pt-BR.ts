/**
 * Textos do `quita` para a conexão, a sincronização e o que ela guarda (sync, accounts, receivables,
 * connect, debtors, geography, notify, backup, restore). O que as telas já dizem (fases da sincronização,
 * situações dos recebíveis, totais de inadimplentes, níveis das localidades, estados das notificações, motivos das
 * cópias) vem do catálogo delas; aqui fica só o que é do comando.
 */
export const cliDataPtBR = {
  /** Partes comuns destes comandos: quando a cópia local foi atualizada, datas e escolhas das opções. */
  dataWords: {
    synced: '(sincronizado em {{when}})',
    neverSynced: '(nunca sincronizado)',
    badDate: '{{option}} precisa ser uma data (AAAA-MM-DD ou dd/mm/aaaa), não “{{value}}”',
    badRange: 'o período termina antes de começar: {{to}} vem antes de {{from}}',
  },
  sync: {
    summary: 'Atualiza a cópia local com o EVO (recebíveis, contas, inadimplentes)',
    help: [
      'quita sync [--due-from AAAA-MM-DD] [--due-to AAAA-MM-DD] [--geography] [--no-debtors] [--json]',
      '  --due-from    recebíveis com vencimento a partir deste dia (padrão: 90 dias atrás)',
      '  --due-to      recebíveis com vencimento até este dia (padrão: daqui a 7 dias)',
      '  --geography   traz também as localidades (estados, cidades e bairros)',
      '  --no-debtors  não atualiza a lista de inadimplentes',
      'As datas também podem ser escritas como dd/mm/aaaa. Depois da primeira vez, só o que mudou é baixado.',
      'O andamento (cada fase, as requisições, a espera pelo limite da API) sai no erro padrão.',
    ].join('\n'),
    windowBackwards:
      'A janela de vencimentos termina antes de começar: sem --due-to, ela vai até daqui a 7 dias; sem --due-from, começa 90 dias atrás. Informe as duas datas.',
    progress: '{{phase}}: {{requests}}',
    progressWaiting: '{{phase}}: {{requests}} · {{waiting}}',
    mode: {
      first: 'Primeira sincronização: todos os recebíveis da janela foram baixados.',
      incremental: 'Só o que mudou desde a última sincronização foi baixado.',
    },
    debtors: 'Inadimplentes: {{count}}.',
    geography: 'Localidades: {{counts}}.',
  },
  accounts: {
    summary: 'Lista as contas bancárias da cópia local',
    help: [
      'quita accounts [--json]',
      '  Cada linha: o número da conta (o que quita import --bank-account recebe) e a descrição.',
    ].join('\n'),
    none: 'Nenhuma conta bancária guardada: sincronize primeiro (quita sync).',
  },
  receivables: {
    summary: 'Lista os recebíveis da cópia local',
    help: [
      'quita receivables [--status aberto,vencido,recebido,cancelado] [--limit NÚMERO] [--branch UNIDADE] [--json]',
      '  --status  só os recebíveis nestas situações, separadas por vírgula',
      '  --limit   no máximo este número de linhas, de 1 a 5000 (padrão: 5000)',
      '  --branch  numa rede, só os recebíveis desta unidade (o número dela no EVO ou o nome)',
      'Cada linha: número, vencimento, valor, situação e pagador.',
    ].join('\n'),
    badStatus: 'situação desconhecida: “{{value}}” (use aberto, vencido, recebido ou cancelado)',
    badLimit: '--limit precisa ser um número de 1 a 5000',
    shown: 'Mostrando {{shown}} de {{count}} recebíveis',
    shown_one: 'Mostrando {{shown}} de {{count}} recebível',
  },
  connect: {
    summary: 'Conecta à API do EVO de uma unidade (testa a chave antes) e passa a usar essa conexão',
    help: [
      'quita connect --base-url URL --username USUÁRIO --key-kind unidade|administrador [--name NOME] [--password-stdin] [--anyway] [--json]',
      '  --base-url        o endereço da API de integração',
      '  --username        o usuário (o DNS da academia)',
      '  --key-kind        unidade (a chave da filial) ou administrador (a chave de administrador geral)',
      '  --name            o nome da conexão (padrão: o usuário)',
      '  --password-stdin  lê a chave da entrada padrão; sem esta opção, a chave vem de QUITA_PASSWORD',
      '  --anyway          salva mesmo que o teste aponte um problema com a chave (fica registrado na auditoria)',
      'Nada é salvo se a API recusar a chave. A chave nunca aparece na saída.',
    ].join('\n'),
    missing: '--base-url e --username são obrigatórios',
    badKeyKind: '--key-kind aceita unidade ou administrador',
    noStdin: '--password-stdin precisa de uma entrada padrão',
    noKey: 'nenhuma chave informada: defina QUITA_PASSWORD ou passe a chave com --password-stdin',
    badKey: 'a chave informada não serve: tem mais de 500 caracteres',
    invalid: '{{option}}: {{reason}}',
    notice: {
      key_sees_branches:
        'Atenção: esta chave enxerga {{count}} filiais (códigos {{branches}}): parece uma chave de administrador geral, não da filial. Salva como chave da filial, o Quita misturaria recebíveis de outras filiais. Use --key-kind administrador para conciliar a rede unidade por unidade (quita branches), ou peça a chave da filial.',
      key_not_guid:
        'A chave não tem o formato de uma chave de integração (um código como 3f2504e0-4f89-11d3-9a0c-0305e82c3301), mas a API a aceitou.',
    },
    notSaved: '{{notice}} Nada foi salvo; para salvar mesmo assim, acrescente --anyway.',
    connected:
      'Conectado a {{host}} como {{username}} ({{kind}}): {{accounts}}. A conexão “{{name}}” passou a ser a usada.',
    accounts: '{{count}} contas bancárias',
    accounts_one: '{{count}} conta bancária',
  },
  debtors: {
    summary: 'Lista os inadimplentes da cópia local (rode quita sync antes)',
    help: [
      'quita debtors [--search TEXTO] [--min-days-late NÚMERO] [--sort nome|valor|atraso|vencimento] [--asc] [--branch UNIDADE] [--json]',
      '  --search         busca por nome ou código do aluno',
      '  --min-days-late  só dívidas com pelo menos este número de dias de atraso',
      '  --sort           a ordem: nome, valor, atraso (padrão) ou vencimento',
      '  --asc            do menor para o maior (padrão: do maior para o menor)',
      '  --branch         numa rede, só os inadimplentes desta unidade (o número dela no EVO ou o nome)',
      'Cada linha é uma dívida: código do aluno, valor, dias de atraso e nome.',
    ].join('\n'),
    badMinDays: '--min-days-late precisa ser um número inteiro, 0 ou mais',
    badSort: '--sort aceita nome, valor, atraso ou vencimento',
    longSearch: '--search aceita até 100 caracteres',
    days: '{{count}} dias',
    days_one: '{{count}} dia',
    empty: 'Nenhum inadimplente com estes filtros. Rode quita sync para atualizar a lista.',
  },
  geography: {
    summary: 'Estados, cidades e bairros da cópia local (a busca ignora acentos)',
    help: [
      'quita geography [--search TEXTO] [--refresh] [--json]',
      '  --search   busca estados, cidades e bairros (sem diferença de acentos: “sao jose” acha “São José”)',
      '  --refresh  baixa as localidades da API de novo antes (uma requisição)',
      'Sem --search: cada estado, com quantas cidades e bairros tem.',
    ].join('\n'),
    empty: 'Nenhuma localidade guardada ainda: rode quita geography --refresh.',
    badSearch: '--search precisa de um texto de 1 a 100 caracteres',
  },
  notify: {
    summary: 'Envia uma notificação a um ou mais alunos pelo EVO e espera o resultado',
    help: [
      'quita notify --member NÚMERO [--member NÚMERO...] --message TEXTO [--again] [--json]',
      '  --member   o código do aluno (repita para vários; veja quita debtors)',
      '  --message  o texto, até 1000 caracteres; `{nome}`, `{primeiro_nome}`, `{valor}`, `{vencimento}` e `{dias_atraso}` são preenchidos para cada aluno',
      '  --again    notifica de novo quem já foi notificado há pouco (o prazo está em Configurações)',
    ].join('\n'),
    badMember: '--member precisa ser o código de um aluno (um número inteiro)',
    noMessage: 'falta --message (o texto da notificação)',
    emptyMessage: 'a mensagem está vazia',
    longMessage: 'a mensagem tem {{length}} caracteres; o limite é {{max}}',
    again: 'Para notificar de novo, acrescente --again.',
    unknownPlaceholder:
      'A mensagem usa um marcador que o Quita não conhece ({{placeholders}}). Os marcadores são {nome}, {primeiro_nome}, {valor}, {vencimento} e {dias_atraso}.',
    line: '{{member}}: {{state}}',
    lineDetail: '{{member}}: {{state}} — {{detail}}',
    sentDetail: '{{id}}, {{when}}',
    notSent: 'não enviada',
    problem: {
      noData: 'faltam dados deste aluno para {{fields}} (ele não está na lista de inadimplentes)',
      empty: 'a mensagem está vazia',
      tooLong: 'a mensagem tem {{length}} caracteres; o limite é {{max}}',
    },
    nothingSent: 'nada foi enviado',
  },
  backup: {
    summary: 'Faz agora uma cópia de segurança do banco de dados da unidade, ou lista as cópias',
    help: [
      'quita backup [--list] [--json]',
      '  --list  lista as cópias guardadas (nome, quando, motivo, tamanho), das mais recentes para as mais antigas',
      'Sem --list: faz uma cópia agora. O nome de uma cópia é o que quita restore recebe.',
    ].join('\n'),
    listTitle: 'Cópias de segurança em {{folder}} (das mais recentes para as mais antigas):',
    done: 'Cópia feita: {{name}} ({{size}}).',
  },
  restore: {
    summary: 'Põe uma cópia de segurança no lugar do banco de dados da unidade (o atual é guardado à parte)',
    help: [
      'quita restore (--latest | NOME) [--json]',
      '  --latest  restaura a cópia mais recente',
      '  NOME      restaura esta cópia (o nome que quita backup --list mostra)',
      'O banco de dados atual não é apagado: fica guardado ao lado, com outro nome.',
    ].join('\n'),
    usage: 'informe --latest ou o nome de uma cópia (um dos dois)',
    badName: '“{{name}}” não é o nome de uma cópia de segurança (os nomes estão em quita backup --list)',
    movedAside: 'O arquivo substituído foi guardado como {{file}}.',
  },
};

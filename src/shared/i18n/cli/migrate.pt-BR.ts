/**
 * Textos do comando `quita migrate-to-server` ([W]): leva uma filial da pasta de dados de uma mesa para a pasta
 * de dados do servidor do escritório, com verificação depois da cópia.
 */
export const cliMigratePtBR = {
  'migrate-to-server': {
    summary: 'Leva uma filial desta pasta de dados para a pasta do servidor do escritório, e confere a cópia',
    help: [
      'quita migrate-to-server --destino PASTA [--perfil ID] [--chave-destino ARQUIVO] [--banco ENDEREÇO]',
      '  --destino        a pasta de dados do servidor (a mesma de quita server --data-dir)',
      '  --perfil         a filial a levar (padrão: a filial ativa desta pasta de dados)',
      '  --chave-destino  o arquivo de chave que quita server usa (padrão: QUITA_KEY_FILE, senão o arquivo padrão deste usuário)',
      '  --banco          o endereço do banco PostgreSQL do escritório, postgres://usuário:senha@servidor/banco (padrão:',
      '                   QUITA_DATABASE_URL); com ele, os dados da filial vão para um esquema só dela nesse banco, e o',
      '                   cadastro, a chave e a âncora para a pasta do servidor. A senha nunca é mostrada.',
      'Rode no computador que tem as duas pastas, com o servidor parado. A origem é a pasta de dados desta mesa',
      '(--data-dir, ou a padrão). São copiados o banco de dados da filial (uma cópia consistente, mesmo com o app',
      'aberto), o cadastro da filial, a chave da EVO (guardada de novo, cifrada, no cofre do servidor) e a',
      'âncora da auditoria. Depois da cópia, a contagem de cada tabela e a verificação da auditoria são',
      'comparadas nas duas pastas; se algo diferir, a cópia é apagada e nada fica pela metade.',
      'A cópia desta mesa continua como estava (com uma anotação na Auditoria).',
    ].join('\n'),
    missingDestination: 'Diga a pasta de dados do servidor com --destino.',
    refused: {
      source_no_profile:
        'Não há filial {{profile}} com dados em {{path}}: conecte uma filial ou diga qual com --perfil.',
      missing: 'A pasta {{path}} não existe: diga a pasta de dados do servidor do escritório com --destino.',
      not_quita:
        'A pasta {{path}} não é a de um servidor do Quita (não tem os usuários do escritório): crie o primeiro administrador nela com quita usuarios adicionar, ou diga a pasta certa.',
      profile_exists:
        'A filial {{profile}} já está no servidor em {{path}}: nada foi copiado nem substituído.',
      server_running:
        'O servidor do escritório está rodando na pasta {{path}}: pare o quita server e rode o comando de novo.',
      server_running_database:
        'Um servidor do escritório está usando o banco de dados do escritório em {{server}}: pare o quita server e rode o comando de novo.',
      source_damaged:
        'O banco de dados desta filial está danificado: nada foi copiado. Restaure a cópia de segurança mais recente (quita restore --latest) e rode o comando de novo.',
      source_audit_broken:
        'A auditoria desta filial não confere ({{reason}}): ela foi mudada fora do Quita, então nada foi copiado.',
      database_url:
        'O endereço do banco do escritório não é um endereço postgres:// válido: confira --banco ou QUITA_DATABASE_URL.',
      database_unreachable:
        'Não foi possível entrar no banco do escritório em {{server}}: confira se o PostgreSQL está no ar, o endereço, o usuário e a senha (--banco ou QUITA_DATABASE_URL); nada foi copiado.',
      database_rights:
        'O usuário do banco do escritório em {{server}} não tem permissão para criar o esquema {{schema}}: peça ao responsável pelo banco a permissão de criar esquemas nele; nada foi copiado.',
      schema_exists:
        'A filial {{profile}} já está no banco do escritório em {{server}} (esquema {{schema}}, com dados): nada foi copiado nem substituído.',
    },
    done: 'Filial "{{name}}" ({{profile}}) levada para o servidor em {{to}} e conferida.',
    failed:
      'A cópia da filial "{{name}}" ({{profile}}) não conferiu, então foi apagada do servidor e nada mudou lá. O que diferiu:',
    tables: 'Tabelas: {{tables}}, {{rows}} linhas, iguais nas duas pastas.',
    pg: {
      where: 'Dados da filial: banco PostgreSQL em {{server}}, esquema {{schema}}.',
      tables:
        'Tabelas: {{tables}}, {{rows}} linhas copiadas, iguais aqui e no banco (contagem e conteúdo de cada tabela).',
      audit: 'Auditoria: {{entries}} registros, verificada aqui e no banco, com o mesmo último registro.',
      audit_one: 'Auditoria: {{entries}} registro, verificada aqui e no banco, com o mesmo último registro.',
    },
    audit: 'Auditoria: {{entries}} registros, verificada nas duas pastas, com o mesmo último registro.',
    audit_one: 'Auditoria: {{entries}} registro, verificada nas duas pastas, com o mesmo último registro.',
    anchor: 'Âncora da auditoria: confere no servidor.',
    key: 'Chave da EVO: guardada no cofre do servidor.',
    noKey: 'Chave da EVO: não havia chave guardada nesta mesa; informe-a no servidor (Configurações).',
    stays: 'A cópia desta mesa continua como estava; a Auditoria das duas anota a mudança.',
    diff: {
      table: '  tabela {{table}}: {{source}} aqui, {{destination}} no servidor',
      source_changed:
        '  tabela {{table}} mudou aqui durante a cópia ({{before}} → {{after}}): feche o app desta mesa e tente de novo',
      audit:
        '  auditoria: {{sourceEntries}} registros aqui ({{sourceOk}}), {{destEntries}} no servidor ({{destOk}}), ou outro último registro',
      anchor: '  âncora da auditoria no servidor: {{reason}}',
      rows: '  tabela {{table}}: o mesmo número de linhas, mas o conteúdo chegou diferente no servidor',
      source_rows_changed:
        '  tabela {{table}} teve linhas alteradas aqui durante a cópia: feche o app desta mesa e tente de novo',
    },
    ok: 'confere',
    notOk: 'não confere',
    none: 'nenhuma',
  },
};

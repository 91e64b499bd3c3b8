/**
 * Textos dos usuários do servidor do escritório ([W]): os papéis, as recusas do login e as dos comandos de usuários
 * (`errors.users.*`, uma frase cada, dizendo o que fazer). Os textos do comando `quita usuarios` ficam em
 * cli/users.pt-BR.ts. As telas de usuários (W3) põem as chaves delas aqui também, ao lado destas.
 */
export const usersPtBR = {
  role: {
    conferente: 'Conferente',
    supervisor: 'Supervisor',
    administrador: 'Administrador',
  },
  active: 'ativo',
  inactive: 'desativado',
  neverLoggedIn: 'nunca entrou',
  login: {
    wrong: 'Login ou senha incorretos.',
    throttled: 'Muitas tentativas: tente de novo em {{seconds}} s.',
    inactive: 'Este usuário está desativado: fale com um administrador do escritório.',
  },
  /** A disabled button's tooltip ([W] screens): who may, and what ("Só um supervisor (ou administrador) pode enviar ao EVO."). */
  need: {
    conferente: 'Só quem entrou no servidor do escritório pode {{action}}.',
    supervisor: 'Só um supervisor (ou administrador) pode {{action}}.',
    administrador: 'Só um administrador pode {{action}}.',
  },
  action: {
    send: 'enviar ao EVO',
    policy: 'alterar a regra de envio automático',
    rules: 'alterar ou remover uma regra de separação',
    settings: 'alterar conexões, unidades, extratos automáticos e usuários',
    backup: 'fazer uma cópia de segurança',
    restore: 'restaurar uma cópia de segurança',
    schedule: 'alterar o ciclo automático',
    folder: 'escolher a pasta de entrada',
    cycle: 'rodar o ciclo automático agora',
    notify: 'avisar os alunos',
    removeStatement: 'remover um extrato',
    aliases: 'esquecer um nome aprendido',
    update: 'mudar o endereço das atualizações ou procurar uma',
    asideRule: 'criar uma regra de separação',
  },
  noConnectionYet:
    'Este servidor do escritório ainda não está ligado ao EVO. Um administrador precisa configurar a conexão; depois, recarregue esta página.',
  settingsAdminOnly:
    'Conexões, unidades, extratos automáticos e usuários são alterados por um administrador do escritório.',
  me: {
    title: 'Minha conta',
    who: '{{name}} (login {{login}}), {{role}}.',
  },
  password: {
    title: 'Minha senha',
    current: 'Senha atual',
    next: 'Nova senha',
    confirm: 'Confirme a nova senha',
    submit: 'Trocar minha senha',
    mismatch: 'A nova senha e a confirmação não são iguais: digite as duas de novo.',
    changed:
      'Senha trocada. Por segurança, todas as suas sessões foram encerradas: entre de novo com a nova senha.',
    loginAgain: 'Entrar de novo',
  },
  list: {
    title: 'Usuários',
    explain:
      'Quem entra no servidor do escritório e o que cada um pode fazer. Conferente: importa extratos e decide os lançamentos. Supervisor: também envia ao EVO e altera a regra de envio e as regras de separação. Administrador: também cuida dos usuários, das conexões e das unidades.',
    caption: 'Usuários do servidor do escritório',
    login: 'Login',
    name: 'Nome',
    role: 'Papel',
    active: 'Ativo',
    lastLogin: 'Último acesso',
    actions: 'Ações',
    you: '(você)',
    roleLabel: 'Papel de {{login}}',
    selfRole: 'Seu próprio papel e acesso são alterados por outro administrador.',
    deactivate: 'Desativar',
    activate: 'Ativar',
    deactivateLabel: 'Desativar {{login}}',
    activateLabel: 'Ativar {{login}}',
    reset: 'Redefinir senha',
    resetLabel: 'Redefinir a senha de {{login}}',
    roleChanged: '{{name}} agora é {{role}}. Se estava conectado, precisa entrar de novo.',
    deactivated: 'Usuário {{login}} ({{name}}) desativado: não entra mais no servidor.',
    activated: 'Usuário {{login}} ({{name}}) ativado: pode entrar de novo.',
  },
  add: {
    open: 'Adicionar usuário',
    title: 'Adicionar usuário',
    login: 'Login',
    loginHint: 'De 3 a 40 caracteres: letras sem acento, números, ponto, hífen ou sublinhado.',
    name: 'Nome',
    role: 'Papel',
    password: 'Senha',
    confirm: 'Confirme a senha',
    submit: 'Adicionar',
    cancel: 'Cancelar',
    added: 'Usuário {{login}} ({{name}}) adicionado como {{role}}. Entregue a senha pessoalmente.',
  },
  reset: {
    title: 'Nova senha de {{login}}',
    password: 'Nova senha',
    confirm: 'Confirme a nova senha',
    submit: 'Salvar a nova senha',
    cancel: 'Cancelar',
    done: 'A senha de {{login}} foi redefinida e as sessões abertas desse usuário foram encerradas.',
  },
  errors: {
    no_server:
      'Usuários e papéis existem só no servidor do escritório (quita server); neste computador não há login.',
    no_login: 'Entre no servidor do escritório com o seu login primeiro.',
    admin_only: 'Só um administrador cuida dos usuários.',
    not_found: 'Não há usuário {{login}} neste servidor: confira o login (quita usuarios listar).',
    exists: 'Já existe um usuário {{login}}: escolha outro login.',
    bad_login:
      'O login tem de 3 a 40 caracteres: letras sem acento, números, ponto, hífen ou sublinhado (por exemplo, maria.silva).',
    bad_database:
      'O banco do escritório (--banco ou QUITA_DATABASE_URL) precisa ser um endereço postgres://usuário@servidor/banco.',
    bad_name: 'O nome tem de 1 a 80 caracteres, numa linha só.',
    bad_role: 'O papel é conferente, supervisor ou administrador.',
    password_short: 'A senha precisa ter pelo menos {{min}} caracteres.',
    password_long: 'A senha pode ter no máximo {{max}} caracteres.',
    password_is_login: 'A senha não pode ser igual ao login.',
    password_same: 'A nova senha precisa ser diferente da atual.',
    current_wrong: 'A senha atual não confere.',
    last_admin:
      '{{login}} é o último administrador ativo: torne outro usuário administrador antes de mudar o papel ou desativar este.',
    throttled: 'Muitas tentativas: tente de novo em {{seconds}} s.',
    bad_token_name: 'O nome de um token tem até {{max}} caracteres, numa linha só.',
    token_not_found: '{{login}} não tem o token {{id}}: confira o número (quita usuarios tokens {{login}}).',
    token_inactive: '{{login}} está desativado: ative o usuário antes de criar um token para ele.',
    move_no_file:
      'Não há office.sqlite em {{dataDir}}: não há usuários para levar. Confira a pasta (--data-dir).',
    move_server_running:
      'O quita server está rodando: pare o servidor antes de levar os usuários para o banco.',
    move_database_has_users:
      'O banco do escritório em {{database}} já tem {{count}} usuários: nada foi levado (dois cadastros de usuários nunca são misturados).',
    move_verify_failed:
      'A cópia lida de volta do banco não conferiu ({{tables}}): ela foi desfeita e o office.sqlite continua como estava. Veja o log e tente de novo.',
  },
};

/** The app's frame on the office server ([W] screens): who is logged in and the way out. */
export const shellPtBR = {
  who: '{{name}} · {{role}}',
  whoLabel: 'Conectado como {{name}} (login {{login}}), {{role}}',
  logout: 'Sair',
  loggingOut: 'Saindo…',
};

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
  errors: {
    no_server:
      'Usuários e papéis existem só no servidor do escritório (quita server); neste computador não há login.',
    no_login: 'Entre no servidor do escritório com o seu login primeiro.',
    admin_only: 'Só um administrador cuida dos usuários.',
    not_found: 'Não há usuário {{login}} neste servidor: confira o login (quita usuarios listar).',
    exists: 'Já existe um usuário {{login}}: escolha outro login.',
    bad_login:
      'O login tem de 3 a 40 caracteres: letras sem acento, números, ponto, hífen ou sublinhado (por exemplo, maria.silva).',
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
  },
};

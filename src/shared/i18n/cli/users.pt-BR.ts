/**
 * Textos do comando `quita usuarios` ([W]): os usuários do servidor do escritório, no computador do servidor. As
 * recusas do escritório (senha curta, último administrador…) vêm de `errors.users.*` (users.pt-BR.ts).
 */
export const cliUsersPtBR = {
  usuarios: {
    summary: 'Cria e muda os usuários do servidor do escritório (logins, papéis, senhas)',
    help: [
      'quita usuarios [listar]',
      'quita usuarios adicionar <login> --nome <nome> --papel <papel>',
      'quita usuarios papel <login> <papel>',
      'quita usuarios desativar <login>',
      'quita usuarios ativar <login>',
      'quita usuarios senha <login>',
      '  (sem ação)  lista os usuários: login, nome, papel, se está ativo e quando entrou pela última vez',
      '  adicionar   cria um usuário; o primeiro deve ser um administrador, antes de iniciar quita server',
      '  papel       muda o papel: conferente, supervisor ou administrador',
      '  desativar   impede o usuário de entrar (o histórico dele continua guardado)',
      '  ativar      deixa um usuário desativado entrar de novo',
      '  senha       define uma nova senha para o usuário',
      '  --nome      o nome da pessoa, como as telas e a Auditoria mostram',
      '  --papel     conferente, supervisor ou administrador',
      'A senha nunca vai como argumento: ela é lida da entrada padrão, uma linha (num terminal, é pedida sem',
      'aparecer na tela). Ao mudar o papel, desativar ou trocar a senha, as sessões abertas do usuário terminam.',
      'Os usuários ficam no banco de dados do escritório, na pasta de dados do servidor (--data-dir).',
    ].join('\n'),
    empty:
      'Nenhum usuário ainda: crie o primeiro administrador com quita usuarios adicionar <login> --nome "Nome" --papel administrador.',
    col: {
      login: 'Login',
      name: 'Nome',
      role: 'Papel',
      state: 'Situação',
      lastLogin: 'Último acesso',
    },
    count: '{{count}} usuários',
    count_one: '{{count}} usuário',
    added: 'Usuário {{login}} ({{name}}) criado como {{role}}.',
    roleChanged: '{{login}} agora é {{role}}; as sessões abertas terminaram.',
    roleSame: '{{login}} já é {{role}}: nada mudou.',
    deactivated: '{{login}} foi desativado e não entra mais; as sessões abertas terminaram.',
    activated: '{{login}} pode entrar de novo.',
    passwordSet: 'Senha de {{login}} trocada; as sessões abertas terminaram.',
    prompt: 'Senha para {{login}} (não aparece na tela): ',
    again: 'Repita a senha: ',
    mismatch: 'As duas senhas digitadas não são iguais: nada foi mudado.',
    noPassword:
      'Nenhuma senha na entrada padrão: envie a senha numa linha (por exemplo, quita usuarios senha maria < arquivo); nunca como argumento.',
    badAction: 'Ação desconhecida: {{action}}. Use listar, adicionar, papel, desativar, ativar ou senha.',
    badRole: 'Papel desconhecido: {{value}}. Use conferente, supervisor ou administrador.',
    missing: {
      login: 'Diga o login do usuário.',
      name: 'Diga o nome do usuário: --nome "Nome Sobrenome".',
      role: 'Diga o papel: --papel conferente, supervisor ou administrador.',
      newRole: 'Diga o novo papel: conferente, supervisor ou administrador.',
    },
  },
};

/**
 * Texts of the office server ([W]): its login page (src/server/login-page.ts), what `quita server` prints for the
 * office's IT, and the refusals of the one door (`errors.access.*`, `errors.server.*`).
 */
export const serverPtBR = {
  login: {
    title: 'Entrar no Quita',
    lead: 'Servidor do escritório. Entre com o seu usuário: o que você fizer fica registrado no seu nome.',
    login: 'Usuário',
    password: 'Senha',
    submit: 'Entrar',
    wrong: 'Usuário ou senha não conferem.',
    throttled: 'Muitas tentativas erradas. Tente de novo em {{seconds}} s.',
    throttled_one: 'Muitas tentativas erradas. Tente de novo em {{seconds}} s.',
    inactive: 'Este usuário está desativado. Fale com um administrador do escritório.',
    expired: 'Sua sessão terminou (tempo sem uso ou saída). Entre de novo.',
    loggedOut: 'Você saiu. Até logo!',
    stale: 'A página de entrada ficou velha. Tente de novo.',
    forgot: 'Esqueceu a senha? Um administrador do escritório pode redefini-la.',
  },
  roles: {
    conferente: 'conferente',
    supervisor: 'supervisor',
    administrador: 'administrador',
  },
  cli: {
    started: 'Servidor do escritório do Quita {{version}} no ar.',
    address: 'Endereço: {{url}}',
    data: 'Dados: {{path}}',
    officeDatabase: 'Usuários do escritório: PostgreSQL {{server}}, esquema {{schema}}.',
    certOffice: 'Certificado do escritório, válido até {{date}}.',
    certMade:
      'Certificado feito pelo próprio Quita (válido até {{date}}): na primeira visita o navegador pede confirmação. Confira que a impressão digital que ele mostra é esta:',
    fingerprint: '  SHA-256 {{fingerprint}}',
    users: '{{count}} usuários cadastrados.',
    users_one: '{{count}} usuário cadastrado.',
    noUsers:
      'Nenhum usuário cadastrado ainda. Crie o primeiro administrador antes de abrir o servidor:\n  quita usuarios adicionar LOGIN --nome "NOME" --papel administrador --data-dir {{path}}\n(a senha é lida da entrada, nunca da linha de comando).',
    stop: 'Para parar: Ctrl+C.',
    badPort: 'A porta "{{port}}" não é um número de 1 a 65535.',
    portInUse: 'A porta {{port}} já está em uso neste computador: escolha outra com --porta.',
    addressUnavailable: 'O endereço {{address}} não é deste computador: confira --endereco.',
    tls: 'Não foi possível usar o certificado: {{detail}}.',
    failed: 'O servidor não pôde começar: {{detail}}',
    badDatabase:
      'O banco do escritório (--banco ou QUITA_DATABASE_URL) precisa ser um endereço postgres://usuário@servidor/banco.',
    databaseFailed: 'Não foi possível usar o banco do escritório em {{server}}: {{detail}}',
  },
};

export const serverErrorsPtBR = {
  access: {
    csrf: 'Esta página ficou desatualizada para a sua sessão: recarregue-a (F5) e tente de novo.',
    forbidden: 'Seu papel ({{role}}) não permite isto; é preciso ser {{need}}. Peça a quem é.',
    no_session: 'Sua sessão terminou. Entre de novo para continuar.',
  },
};

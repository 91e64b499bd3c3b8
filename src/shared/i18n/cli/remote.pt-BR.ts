/**
 * Textos de `quita --server URL` ([W], issue 34): a linha de comando no servidor do escritório, com o token pessoal
 * de alguém. Recusas do servidor (papel, token, endereço) numa frase; o token nunca aparece em nenhuma delas.
 */
export const cliRemotePtBR = {
  remote: {
    usage: {
      server: 'roda o comando no servidor do escritório (https://nome:8443/), com o seu token pessoal',
      tokenStdin:
        'lê o token da primeira linha da entrada padrão (sem esta opção: da variável QUITA_TOKEN; nunca como argumento)',
      fingerprint:
        'a impressão digital SHA-256 que quita server mostra, para um certificado feito por ele (sem ela: as autoridades do sistema)',
    },
    needsServer: '--token-stdin e --fingerprint só valem junto com --server URL.',
    tokenArgument:
      'O token nunca vai como argumento (ficaria no histórico e na lista de processos): use --token-stdin ou a variável QUITA_TOKEN.',
    noToken:
      'Falta o token: ponha-o na variável QUITA_TOKEN ou envie-o pela entrada padrão com --token-stdin (um administrador cria um com quita usuarios token LOGIN, no servidor).',
    noTokenStdin:
      'Nenhum token na entrada padrão: envie o token numa linha (por exemplo, quita --server URL --token-stdin status < arquivo).',
    badUrl:
      'O endereço do servidor “{{url}}” não é válido: use o que quita server mostra, como https://servidor:8443/.',
    notHttps:
      'O endereço do servidor precisa começar com https:// (o token nunca vai sem criptografia): veio “{{url}}”.',
    badFingerprint:
      'A impressão digital “{{value}}” não é válida: são 32 pares de letras e números separados por dois-pontos, como quita server mostra.',
    localOnly:
      'quita {{name}} só funciona no próprio computador (da unidade ou do servidor), não com --server: rode-o lá, sem --server.',
    tokenRefused:
      'O servidor recusou o token: ele pode ter sido revogado, ou o usuário desativado ou com papel ou senha mudados. Peça um novo a um administrador.',
    throttled:
      'Muitas tentativas com tokens errados a partir deste computador: tente de novo em {{seconds}} s.',
    misdirected:
      'O servidor {{server}} não atende por este nome: use o endereço que quita server mostra (ou peça para incluí-lo com --nome).',
    badAnswer:
      'O servidor {{server}} deu uma resposta inesperada (HTTP {{status}}): confira se o endereço é o do Quita.',
    fingerprintWrong:
      'O certificado do servidor não é o esperado: a impressão digital dele é {{got}}, não {{expected}}. Nada foi enviado. Confira com quem cuida do servidor.',
    fingerprintChanged:
      'O certificado do servidor {{server}} mudou durante a conexão: nada mais foi enviado. Confira com quem cuida do servidor.',
    untrusted:
      'O certificado do servidor {{server}} não é confiável para este computador. Se foi o próprio quita server que o fez, use --fingerprint com a impressão digital que ele mostra.',
    unreachable: 'Não foi possível falar com o servidor {{server}}: {{reason}}.',
    reason: {
      ECONNREFUSED: 'ninguém atende nessa porta (o quita server está rodando?)',
      ENOTFOUND: 'esse nome não existe na rede',
      EAI_AGAIN: 'o nome não pôde ser consultado agora (a rede está ligada?)',
      ETIMEDOUT: 'o servidor não respondeu a tempo',
      ECONNRESET: 'a conexão caiu no meio',
      EHOSTUNREACH: 'o servidor está fora de alcance desta rede',
      ENETUNREACH: 'este computador está sem rede',
      other: 'a conexão falhou ({{code}})',
    },
  },
};

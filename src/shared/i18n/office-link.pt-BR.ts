/**
 * O aplicativo de desktop ligado ao servidor do escritório ([W]): o quadro de Configurações (só no aplicativo
 * instalado), o item do ícone da bandeja para voltar aos dados do computador, e as recusas (`errors.office.*`).
 */
export const officeLinkPtBR = {
  title: 'Servidor do escritório',
  explain:
    'Se o escritório tem um servidor do Quita, este aplicativo pode abrir as telas dele em vez dos dados deste computador: cada pessoa entra com o próprio usuário. A equipe de TI informa o endereço e, se o certificado foi feito pelo próprio Quita, a impressão digital dele.',
  url: 'Endereço do servidor',
  urlPlaceholder: 'https://quita.escritorio.local:8443/',
  fingerprint: 'Impressão digital do certificado (SHA-256)',
  fingerprintHint: 'Deixe em branco se o certificado do servidor é de uma autoridade reconhecida.',
  test: 'Testar',
  testing: 'Testando…',
  connect: 'Conectar a este servidor',
  disconnect: 'Usar os dados deste computador',
  seen: 'O servidor mostrou o certificado {{fingerprint}}.',
  trusted: 'Certificado confere e o servidor do Quita respondeu. Pode conectar.',
  trustedNotQuita: 'Certificado confere, mas quem respondeu não é um servidor do Quita.',
  untrusted:
    'Este certificado não é reconhecido por este computador. Compare a impressão digital acima com a que a equipe de TI informou e, se for a mesma, copie-a no campo.',
  mismatch: 'A impressão digital não confere com a informada. Não conecte: fale com a equipe de TI.',
  connected: 'Conectado a {{url}}. Feche e abra o Quita para entrar no servidor.',
  disconnected: 'Desligado do servidor. Feche e abra o Quita para voltar aos dados deste computador.',
  current: 'Este aplicativo abre o servidor {{url}}.',
  leave: 'Usar os dados deste computador',
};

export const officeLinkErrorsPtBR = {
  desktop_only: 'Só o aplicativo instalado se conecta a um servidor do escritório.',
  unreachable: 'Não foi possível falar com o servidor {{url}}: confira o endereço e se ele está ligado.',
  untrusted:
    'O certificado do servidor não é reconhecido por este computador ({{fingerprint}}): informe a impressão digital que a equipe de TI passou.',
  fingerprint_mismatch:
    'O servidor mostrou outro certificado ({{fingerprint}}), não o informado. Não conecte: fale com a equipe de TI.',
  not_quita: 'O endereço respondeu, mas não é um servidor do Quita.',
};

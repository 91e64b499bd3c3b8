/** Textos do comando `quita server` ([W]); o que o servidor diz ao começar está em `server.cli.*`. */
export const cliServerPtBR = {
  server: {
    summary: 'Abre o servidor do escritório: as mesmas telas, por HTTPS, para vários funcionários com login',
    help: [
      'quita server [--endereco IP] [--porta N] [--nome NOME]... [--certificado ARQUIVO.pem --chave ARQUIVO.pem]',
      '  --endereco     onde escutar (padrão 0.0.0.0: toda a rede do escritório)',
      '  --porta        a porta HTTPS (padrão 8443)',
      '  --nome         o nome pelo qual os computadores do escritório chamam este servidor (pode repetir);',
      '                 padrão: o nome deste computador, localhost e 127.0.0.1',
      '  --certificado  o certificado do escritório (PEM); sem ele, o Quita faz um certificado próprio, guarda na',
      '                 pasta de dados e mostra a impressão digital para conferir no navegador',
      '  --chave        a chave privada (PEM) do certificado do escritório, junto com --certificado',
      'Antes da primeira vez, crie um administrador: quita usuarios adicionar LOGIN --nome "NOME" --papel administrador',
      'Cada pessoa entra com o próprio usuário; o papel dela (conferente, supervisor, administrador) decide o que pode',
      'fazer.',
    ].join('\n'),
  },
};

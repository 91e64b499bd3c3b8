import type { cliServerPtBR } from './server.pt-BR';

export const cliServerEn: typeof cliServerPtBR = {
  server: {
    summary: 'Opens the office server: the same screens, over HTTPS, for several clerks who sign in',
    help: [
      'quita server [--endereco IP] [--porta N] [--nome NAME]... [--certificado FILE.pem --chave FILE.pem]',
      '  --endereco     where to listen (default 0.0.0.0: the whole office network)',
      '  --porta        the HTTPS port (default 8443)',
      '  --nome         the name the office computers use for this server (repeatable);',
      "                 default: this computer's name, localhost and 127.0.0.1",
      "  --certificado  the office's certificate (PEM); without it Quita makes its own certificate, keeps it in",
      '                 the data folder and shows its fingerprint to compare in the browser',
      "  --chave        the private key (PEM) of the office's certificate, with --certificado",
      'Before the first time, create an administrator: quita usuarios adicionar LOGIN --nome "NAME" --papel administrador',
      'Each person signs in as themselves; their role (conferente, supervisor, administrador) decides what they may',
      'do.',
    ].join('\n'),
  },
};

import type { serverErrorsPtBR, serverPtBR } from './server.pt-BR';

export const serverEn: typeof serverPtBR = {
  login: {
    title: 'Sign in to Quita',
    lead: 'Office server. Sign in as yourself: what you do is recorded under your name.',
    login: 'User',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'User or password does not match.',
    throttled: 'Too many wrong attempts. Try again in {{seconds}} s.',
    throttled_one: 'Too many wrong attempts. Try again in {{seconds}} s.',
    inactive: 'This user is deactivated. Ask an office administrator.',
    expired: 'Your session ended (idle time or sign-out). Sign in again.',
    loggedOut: 'You signed out. See you soon!',
    stale: 'The sign-in page was stale. Try again.',
    forgot: 'Forgot your password? An office administrator can reset it.',
  },
  roles: {
    conferente: 'clerk',
    supervisor: 'supervisor',
    administrador: 'administrator',
  },
  cli: {
    started: 'Quita {{version}} office server is up.',
    address: 'Address: {{url}}',
    data: 'Data: {{path}}',
    officeDatabase: 'Office users: PostgreSQL {{server}}, schema {{schema}}.',
    certOffice: "The office's certificate, valid until {{date}}.",
    certMade:
      'Certificate made by Quita itself (valid until {{date}}): browsers ask for confirmation on the first visit. Check that the fingerprint they show is this one:',
    fingerprint: '  SHA-256 {{fingerprint}}',
    users: '{{count}} users.',
    users_one: '{{count}} user.',
    noUsers:
      'No users yet. Create the first administrator before opening the server:\n  quita usuarios adicionar LOGIN --nome "NAME" --papel administrador --data-dir {{path}}\n(the password is read from standard input, never from the command line).',
    stop: 'To stop: Ctrl+C.',
    badPort: 'The port "{{port}}" is not a number from 1 to 65535.',
    portInUse: 'Port {{port}} is already in use on this computer: choose another with --porta.',
    addressUnavailable: 'The address {{address}} is not this computer’s: check --endereco.',
    tls: 'The certificate cannot be used: {{detail}}.',
    failed: 'The server could not start: {{detail}}',
    badDatabase:
      'The office database (--banco or QUITA_DATABASE_URL) must be a postgres://user@server/database address.',
    databaseFailed: 'Could not use the office database at {{server}}: {{detail}}',
  },
};

export const serverErrorsEn: typeof serverErrorsPtBR = {
  access: {
    csrf: 'This page is out of date for your session: reload it (F5) and try again.',
    forbidden: 'Your role ({{role}}) does not allow this; it needs {{need}}. Ask someone who is.',
    no_session: 'Your session ended. Sign in again to go on.',
  },
};

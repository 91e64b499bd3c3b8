import type { cliUsersPtBR } from './users.pt-BR';

/** English texts of `quita usuarios` (same keys as users.pt-BR.ts). */
export const cliUsersEn: typeof cliUsersPtBR = {
  usuarios: {
    summary: "Creates and changes the office server's users (logins, roles, passwords)",
    help: [
      'quita usuarios [listar|list]',
      'quita usuarios adicionar|add <login> --nome <name> --papel <role>',
      'quita usuarios papel|role <login> <role>',
      'quita usuarios desativar|deactivate <login>',
      'quita usuarios ativar|activate <login>',
      'quita usuarios senha|password <login>',
      '  (no action)  lists the users: login, name, role, whether active and when they last logged in',
      '  adicionar    creates a user; the first must be an administrator, before starting quita server',
      '  papel        changes the role: conferente, supervisor or administrador',
      '  desativar    stops the user from logging in (their history stays)',
      '  ativar       lets a deactivated user log in again',
      '  senha        sets a new password for the user',
      "  --nome       the person's name, as the screens and Auditoria show it",
      '  --papel      conferente, supervisor or administrador',
      'The password is never an argument: it is read from standard input, one line (in a terminal, it is asked',
      "without showing). Changing the role, deactivating or setting the password ends the user's open sessions.",
      "The users are kept in the office's database, in the server's data folder (--data-dir).",
    ].join('\n'),
    empty:
      'No users yet: create the first administrator with quita usuarios adicionar <login> --nome "Name" --papel administrador.',
    col: {
      login: 'Login',
      name: 'Name',
      role: 'Role',
      state: 'State',
      lastLogin: 'Last login',
    },
    count: '{{count}} users',
    count_one: '{{count}} user',
    added: 'User {{login}} ({{name}}) created as {{role}}.',
    roleChanged: '{{login}} is now {{role}}; their open sessions ended.',
    roleSame: '{{login}} is already {{role}}: nothing changed.',
    deactivated: '{{login}} is deactivated and can no longer log in; their open sessions ended.',
    activated: '{{login}} can log in again.',
    passwordSet: "{{login}}'s password was set; their open sessions ended.",
    prompt: 'Password for {{login}} (not shown): ',
    again: 'Repeat the password: ',
    mismatch: 'The two passwords typed differ: nothing was changed.',
    noPassword:
      'No password on standard input: send it on one line (for example, quita usuarios senha maria < file); never as an argument.',
    badAction: 'Unknown action: {{action}}. Use listar, adicionar, papel, desativar, ativar or senha.',
    badRole: 'Unknown role: {{value}}. Use conferente, supervisor or administrador.',
    missing: {
      login: "Give the user's login.",
      name: 'Give the user\'s name: --nome "First Last".',
      role: 'Give the role: --papel conferente, supervisor or administrador.',
      newRole: 'Give the new role: conferente, supervisor or administrador.',
    },
  },
};

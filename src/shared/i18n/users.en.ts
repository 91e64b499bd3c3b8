import type { shellPtBR, usersPtBR } from './users.pt-BR';

/** English texts of the office server's users (same keys as users.pt-BR.ts). */
export const usersEn: typeof usersPtBR = {
  role: {
    conferente: 'Checker',
    supervisor: 'Supervisor',
    administrador: 'Administrator',
  },
  active: 'active',
  inactive: 'deactivated',
  neverLoggedIn: 'never logged in',
  login: {
    wrong: 'Wrong login or password.',
    throttled: 'Too many attempts: try again in {{seconds}} s.',
    inactive: 'This user is deactivated: ask an administrator of the office.',
  },
  need: {
    conferente: 'Only someone logged in on the office server can {{action}}.',
    supervisor: 'Only a supervisor (or an administrator) can {{action}}.',
    administrador: 'Only an administrator can {{action}}.',
  },
  action: {
    send: 'send to EVO',
    policy: 'change the automatic send rule',
    rules: 'change or remove a set-aside rule',
    settings: 'change connections, branches, bank feeds and users',
    backup: 'make a backup',
    restore: 'restore a backup',
    schedule: 'change the automatic cycle',
    folder: 'choose the intake folder',
    cycle: 'run the automatic cycle now',
    notify: 'notify members',
    removeStatement: 'remove a statement',
    aliases: 'forget a learned name',
    update: 'change the updates address or look for one',
    asideRule: 'make a set-aside rule',
  },
  noConnectionYet:
    'This office server is not connected to EVO yet. An administrator has to set up the connection; then reload this page.',
  settingsAdminOnly:
    "Connections, branches, bank feeds and users are changed by one of the office's administrators.",
  me: {
    title: 'My account',
    who: '{{name}} (login {{login}}), {{role}}.',
  },
  password: {
    title: 'My password',
    current: 'Current password',
    next: 'New password',
    confirm: 'Confirm the new password',
    submit: 'Change my password',
    mismatch: 'The new password and its confirmation differ: type both again.',
    changed:
      'Password changed. For safety, all your sessions were ended: log in again with the new password.',
    loginAgain: 'Log in again',
  },
  list: {
    title: 'Users',
    explain:
      'Who logs in on the office server and what each may do. Checker: imports statements and decides the lines. Supervisor: also sends to EVO and changes the send rule and the set-aside rules. Administrator: also looks after users, connections and branches.',
    caption: "The office server's users",
    login: 'Login',
    name: 'Name',
    role: 'Role',
    active: 'Active',
    lastLogin: 'Last login',
    actions: 'Actions',
    you: '(you)',
    roleLabel: 'Role of {{login}}',
    selfRole: 'Your own role and access are changed by another administrator.',
    deactivate: 'Deactivate',
    activate: 'Activate',
    deactivateLabel: 'Deactivate {{login}}',
    activateLabel: 'Activate {{login}}',
    reset: 'Reset password',
    resetLabel: 'Reset the password of {{login}}',
    roleChanged: '{{name}} is now {{role}}. If they were logged in, they log in again.',
    deactivated: 'User {{login}} ({{name}}) deactivated: they can no longer log in.',
    activated: 'User {{login}} ({{name}}) activated: they can log in again.',
  },
  add: {
    open: 'Add user',
    title: 'Add user',
    login: 'Login',
    loginHint: '3 to 40 characters: unaccented letters, digits, dot, hyphen or underscore.',
    name: 'Name',
    role: 'Role',
    password: 'Password',
    confirm: 'Confirm the password',
    submit: 'Add',
    cancel: 'Cancel',
    added: 'User {{login}} ({{name}}) added as {{role}}. Hand the password over in person.',
  },
  reset: {
    title: 'New password for {{login}}',
    password: 'New password',
    confirm: 'Confirm the new password',
    submit: 'Save the new password',
    cancel: 'Cancel',
    done: "{{login}}'s password was reset and that user's open sessions were ended.",
  },
  errors: {
    no_server:
      'Users and roles exist only on the office server (quita server); there is no login on this computer.',
    no_login: 'Log in to the office server first.',
    admin_only: 'Only an administrator manages the users.',
    not_found: 'There is no user {{login}} on this server: check the login (quita usuarios listar).',
    exists: 'There is already a user {{login}}: choose another login.',
    bad_login:
      'A login has 3 to 40 characters: unaccented letters, digits, dot, hyphen or underscore (for example, maria.silva).',
    bad_database:
      'The office database (--banco or QUITA_DATABASE_URL) must be a postgres://user@server/database address.',
    bad_name: 'A name has 1 to 80 characters, on one line.',
    bad_role: 'The role is conferente, supervisor or administrador.',
    password_short: 'The password must have at least {{min}} characters.',
    password_long: 'The password may have at most {{max}} characters.',
    password_is_login: 'The password cannot be the login.',
    password_same: 'The new password must differ from the current one.',
    current_wrong: 'The current password is not right.',
    last_admin:
      '{{login}} is the last active administrator: make another user administrator before changing this one’s role or deactivating them.',
    throttled: 'Too many attempts: try again in {{seconds}} s.',
    bad_token_name: "A token's name has up to {{max}} characters, on one line.",
    token_not_found: '{{login}} has no token {{id}}: check the number (quita usuarios tokens {{login}}).',
    token_inactive: '{{login}} is deactivated: activate the user before making a token for them.',
    move_no_file:
      'There is no office.sqlite in {{dataDir}}: no users to move. Check the folder (--data-dir).',
    move_server_running: 'quita server is running: stop it before moving the users into the database.',
    move_database_has_users:
      'The office database on {{database}} already has {{count}} users: nothing was moved (two sets of users are never merged).',
    move_verify_failed:
      'The copy read back from the database did not match ({{tables}}): it was undone and office.sqlite is as it was. See the log and try again.',
  },
};

export const shellEn: typeof shellPtBR = {
  who: '{{name}} · {{role}}',
  whoLabel: 'Logged in as {{name}} (login {{login}}), {{role}}',
  logout: 'Log out',
  loggingOut: 'Logging out…',
};

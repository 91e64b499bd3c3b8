import type { usersPtBR } from './users.pt-BR';

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
  errors: {
    no_server:
      'Users and roles exist only on the office server (quita server); there is no login on this computer.',
    no_login: 'Log in to the office server first.',
    admin_only: 'Only an administrator manages the users.',
    not_found: 'There is no user {{login}} on this server: check the login (quita usuarios listar).',
    exists: 'There is already a user {{login}}: choose another login.',
    bad_login:
      'A login has 3 to 40 characters: unaccented letters, digits, dot, hyphen or underscore (for example, maria.silva).',
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
  },
};

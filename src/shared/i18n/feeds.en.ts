import type { feedsPtBR } from './feeds.pt-BR';

/** English texts of the bank feeds (same keys as feeds.pt-BR.ts). */
export const feedsEn: typeof feedsPtBR = {
  title: 'Bank connections',
  explain:
    "Quita reads received Pix straight from the bank's Pix API (the Banco Central standard), with the company's digital certificate. The lines read go into the chosen account and are reconciled like those of an imported statement.",
  none: 'No bank connection yet.',
  add: 'Add Pix API',
  edit: 'Change',
  remove: 'Remove',
  removeConfirm: 'Remove the connection “{{label}}”? The lines already read stay in Quita.',
  test: 'Test',
  run: 'Read now',
  running: 'Reading…',
  testing: 'Testing…',
  save: 'Save connection',
  saving: 'Saving…',
  cancel: 'Cancel',
  table: {
    label: 'Connection',
    account: 'Account',
    certificate: 'Certificate',
    lastRun: 'Last read',
    actions: 'Actions',
  },
  certValidTo: 'valid until {{date}}',
  disabled: 'off',
  never: 'never read',
  lastRunOk: '{{date}}: {{fetched}} Pix read, {{added}} new',
  lastRunFailed: '{{date}}: failed',
  form: {
    title: "The bank's Pix API",
    label: 'Connection name',
    labelHint: 'As shown on Home, e.g. “Itaú Pix”.',
    account: 'Account receiving the Pix',
    chooseAccount: 'Choose the account',
    preset: 'Bank',
    presetOther: 'Another bank (paste the addresses)',
    tokenUrl: 'Token address (OAuth)',
    baseUrl: 'Pix API address',
    baseUrlHint: 'Up to the version, e.g. https://api.bank.com.br/pix/v2 (without /pix at the end).',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    secretKept: 'Stored. Leave empty to keep it.',
    secretAgain: 'Type it again: the address or the client ID changed.',
    certKind: 'Company certificate',
    certPfx: '.pfx or .p12 file with a password',
    certPem: 'PEM certificate and key',
    certFile: 'Certificate file',
    keyFile: 'Private key file',
    caFile: "Bank's authority certificate (optional)",
    caHint:
      'Only when the bank says its API uses an authority computers do not know (ICP-Brasil or the bank’s own).',
    certPassword: 'Certificate password',
    keyPassword: 'Key password (if any)',
    certKept:
      'Certificate stored: {{subject}}, valid until {{date}}. Choose another file only to replace it.',
    startDate: 'Read from',
    enabled: 'Read in the automatic cycles',
    demoHint:
      'Demonstration: the test certificate is at {{path}} (password {{password}}); client ID {{clientId}}, client secret {{clientSecret}}.',
    secretsNote:
      'The client secret, the certificate and its password are stored protected and only ever sent to these addresses.',
  },
  saved: 'Connection “{{label}}” saved.',
  removed: 'Connection removed.',
  tested:
    'Connection working: the bank accepted the certificate and the access, and reports {{count}} Pix received today.',
  tested_one:
    'Connection working: the bank accepted the certificate and the access, and reports {{count}} Pix received today.',
  ran: '{{label}}: {{fetched}} Pix read, {{added}} new, {{known}} already known.',
  ranRejected: '{{count}} items from the bank could not be read; the details are in the log.',
  errors: {
    certificate_password:
      'The certificate password is wrong; type it again as the bank or your accountant gave it.',
    certificate_unreadable:
      'The certificate file could not be read; choose the company certificate (.pfx or .p12, or the PEM certificate and its key) again.',
    certificate_legacy:
      'The certificate file uses an old encryption this computer refuses; export it again from the bank or Windows with AES encryption.',
    certificate_key_mismatch:
      'The private key is not the one of this certificate; choose the key file that came with it.',
    certificate_expired:
      'The company certificate expired on {{validTo}}; ask your accountant or the bank for the new one and add it in Settings → Bank connections.',
    certificate_not_yet_valid:
      "The company certificate is only valid from {{validFrom}}; check this computer's date or use the current certificate.",
    certificate_refused:
      'The bank refused the company certificate; check that it is the one registered with the bank for the Pix API, or ask the bank to register it.',
    server_untrusted:
      "The bank's address did not present a certificate this computer trusts; check the addresses (use the bank's published ones), or add the bank's authority certificate to the connection if the bank says its API uses one.",
    ca_unreadable:
      'The authority certificate could not be read; choose the .pem, .crt or .cer file the bank publishes for its API (not the company certificate).',
    credentials_refused:
      "The bank refused the client ID or secret; copy them again from the bank's developer portal.",
    scope_missing:
      'The bank did not grant reading received Pix (scope pix.read) to this application; ask the bank to enable it for your client ID.',
    rate_limited: 'The bank asked to wait {{seconds}} s before reading again; the next cycle will try again.',
    bank_unavailable: "The bank's Pix API is unavailable (HTTP {{status}}); the next cycle will try again.",
    unreachable: "Cannot reach the bank's Pix API; check the internet connection and the addresses.",
    bad_answer:
      "The bank's Pix API answered in a form Quita does not know; the details are in the log, send them to support.",
    period_refused: "The bank refused the period asked; check the computer's date and time, then try again.",
    pages_kept_changing:
      "The bank's list kept changing while it was read; the next cycle will read it again.",
    secrets_missing:
      'The client secret and certificate of this connection are not stored for its current addresses; type them again in Settings → Bank connections.',
    not_found: 'This bank connection no longer exists; refresh the screen.',
    unknown_account: "The chosen account is not this branch's; sync first or choose another.",
    secrets_required:
      'Type the client secret and choose the certificate: they are asked again whenever an address or the client ID changes.',
  },
};

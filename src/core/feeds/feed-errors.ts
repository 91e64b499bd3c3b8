import { AppError } from '../errors';

/**
 * Every failure of a bank feed the clerk may see: one English sentence (CLI, log) and a code the screens word in
 * Portuguese (`errors.feeds.<code>`, shared/i18n/feeds.pt-BR.ts), each naming what to do. The details (status,
 * body, OpenSSL's words) go to the log only, never into these messages: they may name a bank's internals.
 */
const e = (
  kind: ConstructorParameters<typeof AppError>[0],
  code: string,
  message: string,
  params?: Record<string, string | number>,
) => new AppError(kind, message, { code: `feeds.${code}`, ...(params ? { params } : {}) });

export const feedErrors = {
  certificatePassword: () =>
    e(
      'auth',
      'certificate_password',
      'The certificate password is wrong; type it again as the bank or your accountant gave it.',
    ),
  certificateUnreadable: () =>
    e(
      'validation',
      'certificate_unreadable',
      'The certificate file could not be read; choose the company certificate (.pfx or .p12, or the PEM certificate and its key) again.',
    ),
  certificateLegacy: () =>
    e(
      'validation',
      'certificate_legacy',
      'The certificate file uses an old encryption this computer refuses; export it again from the bank or Windows with AES encryption.',
    ),
  certificateKeyMismatch: () =>
    e(
      'validation',
      'certificate_key_mismatch',
      'The private key is not the one of this certificate; choose the key file that came with it.',
    ),
  certificateExpired: (validTo: string) =>
    e(
      'auth',
      'certificate_expired',
      `The company certificate expired on ${validTo}; ask your accountant or the bank for the new one and add it in Configurações → Conexões bancárias.`,
      { validTo },
    ),
  certificateNotYetValid: (validFrom: string) =>
    e(
      'auth',
      'certificate_not_yet_valid',
      `The company certificate is only valid from ${validFrom}; check this computer's date or use the current certificate.`,
      { validFrom },
    ),
  certificateRefused: () =>
    e(
      'auth',
      'certificate_refused',
      'The bank refused the company certificate; check that it is the one registered with the bank for the Pix API, or ask the bank to register it.',
    ),
  serverUntrusted: () =>
    e(
      'external',
      'server_untrusted',
      "The bank's address did not present a certificate this computer trusts; check the addresses (use the bank's published ones), or add the bank's authority certificate to the connection if the bank says its API uses one.",
    ),
  caUnreadable: () =>
    e(
      'validation',
      'ca_unreadable',
      'The authority certificate could not be read; choose the .pem, .crt or .cer file the bank publishes for its API (not the company certificate).',
    ),
  credentialsRefused: () =>
    e(
      'auth',
      'credentials_refused',
      "The bank refused the client id or secret; copy them again from the bank's developer portal.",
    ),
  scopeMissing: () =>
    e(
      'forbidden',
      'scope_missing',
      'The bank did not grant reading received Pix (scope pix.read) to this application; ask the bank to enable it for your client id.',
    ),
  rateLimited: (seconds: number) =>
    e(
      'rate_limited',
      'rate_limited',
      `The bank asked to wait ${seconds} s before reading again; the next cycle will try again.`,
      { seconds },
    ),
  bankUnavailable: (status: number) =>
    e(
      'external',
      'bank_unavailable',
      `The bank's Pix API is unavailable (HTTP ${status}); the next cycle will try again.`,
      { status },
    ),
  unreachable: () =>
    e(
      'offline',
      'unreachable',
      "Cannot reach the bank's Pix API; check the internet connection and the addresses.",
    ),
  badAnswer: () =>
    e(
      'external',
      'bad_answer',
      "The bank's Pix API answered in a form Quita does not know; the details are in the log, send them to support.",
    ),
  periodRefused: () =>
    e(
      'external',
      'period_refused',
      "The bank refused the period asked; check the computer's date and time, then try again.",
    ),
  pagesKeptChanging: () =>
    e(
      'external',
      'pages_kept_changing',
      "The bank's list kept changing while it was read; the next cycle will read it again.",
    ),
  secretsMissing: () =>
    e(
      'auth',
      'secrets_missing',
      'The client secret and certificate of this connection are not stored for its current addresses; type them again in Configurações → Conexões bancárias.',
    ),
  notFound: (id: number) => e('not_found', 'not_found', `Bank feed #${id} does not exist.`, { id }),
  unknownAccount: (id: number) =>
    e(
      'validation',
      'unknown_account',
      `Bank account #${id} is not one of this branch's accounts; sync first or choose another.`,
      { id },
    ),
  secretsRequired: () =>
    e(
      'validation',
      'secrets_required',
      'Type the client secret and choose the certificate: they are asked again whenever an address or the client id changes.',
    ),
};

/**
 * Real banks' production Pix API addresses, offered in Conexões bancárias on every branch (the sandbox's preset,
 * DEMO_PRESET, only on the demonstration branch). A bank is here only when its addresses were found in its own
 * developer documentation or in at least two independent public client libraries that agree, **and** the standard
 * connector (core/feeds/pix/) talks to it as it is: token by HTTP Basic with `grant_type=client_credentials&scope=
 * pix.read`, `GET {baseUrl}/pix` with no extra key. The banks left out, and why: docs/feeds.md, "Presets".
 *
 * `baseUrl` goes up to the version, without `/pix` (the connector adds it), like the form's field.
 */
export interface BankPreset {
  /** Stored in `bank_feeds.preset` (at most 40 characters, feeds.save). */
  id: string;
  /** As shown in the form's "Banco" select. */
  name: string;
  tokenUrl: string;
  baseUrl: string;
  /** Where the addresses were read (repository + path, or the bank's page). */
  source: string;
  /** What differs from the standard or was not confirmed (docs/feeds.md repeats it). */
  notes: string;
}

export const BANK_PRESETS: readonly BankPreset[] = [
  {
    id: 'sicredi',
    name: 'Sicredi',
    tokenUrl: 'https://api-pix.sicredi.com.br/oauth/token',
    baseUrl: 'https://api-pix.sicredi.com.br/api/v2',
    source:
      'github.com/laddertech/pypix-api pypix_api/banks/sicredi.py (TOKEN_URL; BASE_URL …/api with pix in v2); ' +
      'github.com/frones/ACBr Fontes/ACBrPIXCD/ACBrPIXPSPSicredi.pas (same host, /oauth/token, /api)',
    notes:
      'Token by HTTP Basic with scope pix.read among its scopes (both libraries); mutual TLS (pypix-api). ' +
      'Not confirmed: the page size it allows, the authority that signs its server.',
  },
];

import type { officeLinkErrorsPtBR, officeLinkPtBR } from './office-link.pt-BR';

export const officeLinkEn: typeof officeLinkPtBR = {
  title: 'Office server',
  explain:
    "If the office runs a Quita server, this app can open its screens instead of this computer's data: each person signs in as themselves. The IT team gives the address and, if Quita made the certificate itself, its fingerprint.",
  url: 'Server address',
  urlPlaceholder: 'https://quita.office.local:8443/',
  fingerprint: "Certificate's fingerprint (SHA-256)",
  fingerprintHint: "Leave it empty if the server's certificate comes from a recognised authority.",
  test: 'Test',
  testing: 'Testing…',
  connect: 'Connect to this server',
  disconnect: "Use this computer's data",
  seen: 'The server showed the certificate {{fingerprint}}.',
  trusted: 'The certificate matches and the Quita server answered. You can connect.',
  trustedNotQuita: 'The certificate matches, but what answered is not a Quita server.',
  untrusted:
    'This computer does not recognise this certificate. Compare the fingerprint above with the one the IT team gave and, if it is the same, copy it into the field.',
  mismatch: 'The fingerprint does not match the one given. Do not connect: talk to the IT team.',
  connected: 'Connected to {{url}}. Close and open Quita to enter the server.',
  disconnected: "Disconnected from the server. Close and open Quita to go back to this computer's data.",
  current: 'This app opens the server {{url}}.',
  leave: "Use this computer's data",
};

export const officeLinkErrorsEn: typeof officeLinkErrorsPtBR = {
  desktop_only: 'Only the installed app connects to an office server.',
  unreachable: 'The server {{url}} cannot be reached: check the address and that it is running.',
  untrusted:
    "This computer does not recognise the server's certificate ({{fingerprint}}): enter the fingerprint the IT team gave.",
  fingerprint_mismatch:
    'The server showed another certificate ({{fingerprint}}), not the one given. Do not connect: talk to the IT team.',
  not_quita: 'The address answered, but it is not a Quita server.',
};

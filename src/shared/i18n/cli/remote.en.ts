import type { cliRemotePtBR } from './remote.pt-BR';

/** English texts of `quita --server URL` (same keys as remote.pt-BR.ts). */
export const cliRemoteEn: typeof cliRemotePtBR = {
  remote: {
    usage: {
      server: 'runs the command on the office server (https://name:8443/), with your personal token',
      tokenStdin:
        'reads the token from the first line of standard input (without it: from QUITA_TOKEN; never as an argument)',
      fingerprint:
        "the SHA-256 fingerprint quita server prints, for a certificate it made (without it: the system's authorities)",
    },
    needsServer: '--token-stdin and --fingerprint only go with --server URL.',
    tokenArgument:
      "A token is never an argument (it would stay in the shell's history and the process list): use --token-stdin or QUITA_TOKEN.",
    noToken:
      'No token: put it in QUITA_TOKEN or send it on standard input with --token-stdin (an administrator makes one with quita usuarios token LOGIN, on the server).',
    noTokenStdin:
      'No token on standard input: send it on one line (for example, quita --server URL --token-stdin status < file).',
    badUrl:
      'The server address "{{url}}" is not valid: use the one quita server prints, such as https://server:8443/.',
    notHttps:
      'The server address must start with https:// (a token never travels unencrypted): got "{{url}}".',
    badFingerprint:
      'The fingerprint "{{value}}" is not valid: it is 32 pairs of letters and digits separated by colons, as quita server prints it.',
    localOnly:
      "quita {{name}} only works on the machine itself (the branch's or the server's), not with --server: run it there, without --server.",
    tokenRefused:
      'The server refused the token: it may have been revoked, or the user deactivated or their role or password changed. Ask an administrator for a new one.',
    throttled: 'Too many attempts with wrong tokens from this computer: try again in {{seconds}} s.',
    misdirected:
      'The server {{server}} does not answer to this name: use the address quita server prints (or have it added with --nome).',
    badAnswer:
      "The server {{server}} gave an unexpected answer (HTTP {{status}}): check that the address is Quita's.",
    fingerprintWrong:
      "The server's certificate is not the expected one: its fingerprint is {{got}}, not {{expected}}. Nothing was sent. Check with whoever runs the server.",
    fingerprintChanged:
      "The server {{server}}'s certificate changed during the connection: nothing more was sent. Check with whoever runs the server.",
    untrusted:
      "The server {{server}}'s certificate is not trusted by this computer. If quita server made it itself, use --fingerprint with the fingerprint it prints.",
    unreachable: 'Could not reach the server {{server}}: {{reason}}.',
    reason: {
      ECONNREFUSED: 'nobody answers on that port (is quita server running?)',
      ENOTFOUND: 'that name does not exist on the network',
      EAI_AGAIN: 'the name could not be looked up now (is the network up?)',
      ETIMEDOUT: 'the server did not answer in time',
      ECONNRESET: 'the connection dropped midway',
      EHOSTUNREACH: 'the server is out of reach from this network',
      ENETUNREACH: 'this computer has no network',
      other: 'the connection failed ({{code}})',
    },
  },
};

import type { cliMigratePtBR } from './migrate.pt-BR';

/** English texts of `quita migrate-to-server` (same keys as migrate.pt-BR.ts). */
export const cliMigrateEn: typeof cliMigratePtBR = {
  'migrate-to-server': {
    summary: "Moves a branch from this data folder into the office server's folder, and checks the copy",
    help: [
      'quita migrate-to-server --destino SERVER_FOLDER [--perfil ID] [--chave-destino FILE] [--banco URL]',
      "  --destino        the server's data folder (the same as quita server --data-dir); alias --destination",
      "  --perfil         the branch to move (default: this data folder's active branch); alias --profile",
      "  --chave-destino  the key file quita server uses (default: QUITA_KEY_FILE, else this user's default key file); alias --destination-key",
      "  --banco          the office's PostgreSQL database, postgres://user:password@host/database (default:",
      "                   QUITA_DATABASE_URL); with it, the branch's data goes into a schema of its own there, and its",
      "                   settings, key and anchor into the server's folder. The password is never shown. Alias --database",
      "Run it on the computer that holds both folders, with the server stopped. The source is this desk's data",
      "folder (--data-dir, or the default). It copies the branch's database (a consistent copy, even with the app",
      "open), the branch's settings, its EVO key (sealed again in the server's secret store) and the audit",
      "anchor. After the copy, every table's row count and the audit verification are compared in both folders;",
      'if anything differs, the copy is deleted and nothing is left half-moved.',
      "This desk's copy stays as it was (with a note in its audit log).",
    ].join('\n'),
    missingDestination: "Name the server's data folder with --destino.",
    refused: {
      source_no_profile:
        'There is no branch {{profile}} with data in {{path}}: connect one, or name it with --perfil.',
      missing: "The folder {{path}} does not exist: name the office server's data folder with --destino.",
      not_quita:
        "The folder {{path}} is not a Quita server's (it has no office users): create the first administrator there with quita usuarios adicionar, or name the right folder.",
      profile_exists:
        'The branch {{profile}} is already on the server in {{path}}: nothing was copied or replaced.',
      server_running: 'The office server is running on {{path}}: stop quita server and run this again.',
      server_running_database:
        'An office server is running on the office database at {{server}}: stop quita server and run this again.',
      source_damaged:
        "This branch's database is damaged: nothing was copied. Restore the latest backup (quita restore --latest) and run this again.",
      source_audit_broken:
        "This branch's audit log does not verify ({{reason}}): it was changed outside Quita, so nothing was copied.",
      database_url:
        "The office database's address is not a valid postgres:// URL: check --banco or QUITA_DATABASE_URL.",
      database_unreachable:
        'Could not get into the office database at {{server}}: check that PostgreSQL is up, the address, the user and the password (--banco or QUITA_DATABASE_URL); nothing was copied.',
      database_rights:
        "The office database's user at {{server}} may not create the schema {{schema}}: ask whoever runs the database for CREATE on it; nothing was copied.",
      schema_exists:
        'The branch {{profile}} is already in the office database at {{server}} (schema {{schema}}, with data): nothing was copied or replaced.',
    },
    done: 'Branch "{{name}}" ({{profile}}) moved to the server in {{to}} and checked.',
    failed:
      'The copy of branch "{{name}}" ({{profile}}) did not check out, so it was deleted from the server and nothing changed there. What differed:',
    tables: 'Tables: {{tables}}, {{rows}} rows, equal in both folders.',
    pg: {
      where: "The branch's data: PostgreSQL database at {{server}}, schema {{schema}}.",
      tables:
        "Tables: {{tables}}, {{rows}} rows copied, equal here and in the database (each table's count and contents).",
      audit: 'Audit log: {{entries}} entries, verified here and in the database, with the same last entry.',
      audit_one: 'Audit log: {{entries}} entry, verified here and in the database, with the same last entry.',
    },
    audit: 'Audit log: {{entries}} entries, verified in both folders, with the same last entry.',
    audit_one: 'Audit log: {{entries}} entry, verified in both folders, with the same last entry.',
    anchor: 'Audit anchor: verifies on the server.',
    key: "EVO key: kept in the server's secret store.",
    noKey: 'EVO key: none was stored on this desk; enter it on the server (Configurações).',
    stays: "This desk's copy stays as it was; both audit logs note the move.",
    diff: {
      table: '  table {{table}}: {{source}} here, {{destination}} on the server',
      source_changed:
        "  table {{table}} changed here during the copy ({{before}} → {{after}}): close this desk's app and try again",
      audit:
        '  audit log: {{sourceEntries}} entries here ({{sourceOk}}), {{destEntries}} on the server ({{destOk}}), or another last entry',
      anchor: "  the server's audit anchor: {{reason}}",
      rows: '  table {{table}}: the same number of rows, but other contents on the server',
      source_rows_changed:
        "  table {{table}} had rows changed here during the copy: close this desk's app and try again",
    },
    ok: 'verifies',
    notOk: 'does not verify',
    none: 'none',
  },
};

import { resolve } from 'node:path';
import {
  AppError,
  isAppError,
  migrateToServer,
  type MigrationDifference,
  type MigrationResult,
} from '../../core';
import type { Say } from '../i18n';
import { UsageError, type Subcommand } from '../types';

const REFUSALS = new Set([
  'source_no_profile',
  'missing',
  'not_quita',
  'profile_exists',
  'server_running',
  'server_running_database',
  'source_damaged',
  'source_audit_broken',
  'database_url',
  'database_unreachable',
  'database_rights',
  'schema_exists',
]);

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function differenceLine(d: MigrationDifference, say: Say): string {
  const t = (k: string, p: Record<string, unknown>) => say.t(`cli.migrate-to-server.diff.${k}`, p);
  const n = (x: number | null) => (x === null ? say.t('cli.migrate-to-server.none') : say.n(x));
  const okWord = (ok: boolean) => say.t(`cli.migrate-to-server.${ok ? 'ok' : 'notOk'}`);
  switch (d.kind) {
    case 'table':
      return t('table', { table: d.table, source: n(d.source), destination: n(d.destination) });
    case 'source_changed':
      return t('source_changed', { table: d.table, before: n(d.before), after: n(d.after) });
    case 'rows':
      return t('rows', { table: d.table });
    case 'source_rows_changed':
      return t('source_rows_changed', { table: d.table });
    case 'audit':
      return t('audit', {
        sourceEntries: say.n(d.source.entries),
        sourceOk: okWord(d.source.ok),
        destEntries: say.n(d.destination.entries),
        destOk: okWord(d.destination.ok),
      });
    case 'anchor':
      return t('anchor', { reason: d.reason });
  }
}

function summary(r: MigrationResult, say: Say): string {
  const t = (k: string, p: Record<string, unknown> = {}) => say.t(`cli.migrate-to-server.${k}`, p);
  if (!r.ok)
    return [
      t('failed', { name: r.profileName, profile: r.profileId }),
      ...r.differences.map((d) => differenceLine(d, say)),
    ].join('\n');
  const pg = r.database?.kind === 'postgres' ? r.database : null;
  const tables = {
    tables: say.n(r.tables.length),
    rows: say.n(r.tables.reduce((sum, x) => sum + x.source, 0)),
  };
  const entries = { count: r.audit.source.entries, entries: say.n(r.audit.source.entries) };
  return [
    t('done', { name: r.profileName, profile: r.profileId, to: r.to }),
    ...(pg ? [t('pg.where', { server: pg.server, schema: pg.schema })] : []),
    pg ? t('pg.tables', tables) : t('tables', tables),
    pg ? t('pg.audit', entries) : t('audit', entries),
    t('anchor'),
    t(r.keyMoved ? 'key' : 'noKey'),
    t('stays'),
  ].join('\n');
}

/**
 * `quita migrate-to-server --destino PASTA [--banco postgres://…]`: the active branch (or --perfil) of this data
 * folder moved into the office server's data folder, its data into the folder or into its own schema of the
 * office's PostgreSQL database, verified after (core/migrate-server). A refusal is one sentence (exit 1); a copy
 * that did not verify is removed and the differences are listed (exit 1).
 */
export const migrateCommand: Subcommand = {
  name: 'migrate-to-server',
  options: {
    destino: { type: 'string' },
    destination: { type: 'string' },
    perfil: { type: 'string' },
    profile: { type: 'string' },
    'chave-destino': { type: 'string' },
    'destination-key': { type: 'string' },
    banco: { type: 'string' },
    database: { type: 'string' },
  },
  async run(v, positionals, core, { say, env }) {
    const destDir = text(v.destino) ?? text(v.destination);
    if (destDir === undefined || positionals.length)
      throw new UsageError(say.t('cli.migrate-to-server.missingDestination'));
    const keyFile = text(v['chave-destino']) ?? text(v['destination-key']);
    // The option wins over the environment; either may hold a password, which is never printed.
    const databaseUrl = text(v.banco) ?? text(v.database) ?? text(env.QUITA_DATABASE_URL);
    let r: MigrationResult;
    try {
      r = await migrateToServer({
        sourceDir: core.dataDir,
        destDir: resolve(destDir),
        profileId: text(v.perfil) ?? text(v.profile),
        destKeyFile: keyFile === undefined ? undefined : resolve(keyFile),
        databaseUrl,
        env,
      });
    } catch (e) {
      if (!isAppError(e)) throw e;
      const reason = e.code?.startsWith('migrate.') ? e.code.slice(8) : null;
      if (reason === null || !REFUSALS.has(reason)) throw e;
      // Worded here, in the clerk's language: a `cli.` code tells runCli the sentence is ready.
      throw new AppError(e.kind, say.t(`cli.migrate-to-server.refused.${reason}`, e.params ?? {}), {
        code: `cli.migrate-to-server.${reason}`,
      });
    }
    return { json: r, text: summary(r, say), exitCode: r.ok ? 0 : 1 };
  },
};

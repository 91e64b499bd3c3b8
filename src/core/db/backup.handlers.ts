import { join } from 'node:path';
import { restartAnchor } from '../audit/audit-anchor';
import { appendAudit } from '../audit/audit.store';
import {
  backupDir,
  backupNow,
  discardStaged,
  installRestore,
  listBackups,
  stageRestore,
  type BackupInfo,
} from './backups';
import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';

const info = (b: BackupInfo) => ({ name: b.name, at: b.at, reason: b.reason, bytes: b.bytes });

/**
 * Backups of the active profile's database. Listing and restoring never open that database first: they are what
 * a clerk reaches for when it is damaged.
 */
export const backupHandlers: HandlerGroup<'db.backups' | 'db.backup' | 'db.restore'> = (ctx) => {
  /** A branch kept in the office's PostgreSQL is backed up by PostgreSQL's own tools (docs/server.md), not here. */
  const onFileOnly = () => {
    if (ctx.databases.inOfficeDatabase)
      throw new AppError(
        'conflict',
        'This branch is kept in the office’s PostgreSQL: its backups are PostgreSQL’s own.',
        {
          code: 'db.on_office_database',
        },
      );
  };
  return {
    'db.backups': async () => {
      onFileOnly();
      const file = ctx.databases.path(ctx.activeProfileId());
      return { backups: listBackups(file).map(info), folder: backupDir(file) };
    },
    'db.backup': async () => {
      onFileOnly();
      const profileId = ctx.activeProfileId();
      const b = backupNow(ctx.db(), ctx.databases.path(profileId), 'manual');
      await ctx.audit('db.backup', null, { after: info(b) });
      return info(b);
    },
    'db.restore': async ({ name, latest }) => {
      onFileOnly();
      const profileId = ctx.activeProfileId();
      const file = ctx.databases.path(profileId);
      const all = listBackups(file);
      const chosen = latest ? all[0] : all.find((b) => b.name === name);
      if (!chosen)
        throw new AppError('not_found', latest ? 'There is no backup yet.' : `No backup named ${name}.`, {
          code: 'db.no_backup',
        });
      // Checked first, on a copy: a backup refused (damaged, not Quita's, newer, another branch's, its audit log
      // changed) leaves the current database as it was, not even backed up again.
      const checked = stageRestore(file, join(backupDir(file), chosen.name), profileId);
      // The current database, if it still opens, is backed up too: a restore can itself be undone.
      const current = (() => {
        try {
          return ctx.dbFor(profileId);
        } catch {
          return null; // damaged: it is moved aside whole below
        }
      })();
      let movedAside: string | null;
      try {
        if (current) backupNow(current, file, 'pre-restore');
        ctx.databases.close(profileId);
        ({ movedAside } = installRestore(file, checked));
      } catch (e) {
        discardStaged(checked);
        throw e;
      }
      // The restored log is older than the anchor on purpose: the anchor restarts from it (one generation above any
      // seen, audit-anchor.ts), and the entry says what it replaced, so the restore itself stays on record.
      const before = restartAnchor(ctx.dbFor(profileId), ctx.secrets, profileId);
      const actor = ctx.actor();
      await ctx.storeFor(profileId).write((tx) =>
        appendAudit(tx, {
          actor,
          profileId,
          at: new Date().toISOString(),
          action: 'db.restored',
          subject: null,
          after: { backup: chosen.name, takenAt: chosen.at, movedAside, replacedAnchor: before },
        }),
      );
      return { restored: info(chosen), movedAside };
    },
  };
};

import { randomUUID } from 'node:crypto';
import { listBankAccounts } from '../cache/bank-accounts.repo';
import { countDebtors } from '../cache/debtors.repo';
import { countReceivablesByStatus, queryReceivables } from '../cache/receivables.repo';
import { getSyncState, SYNC_KINDS } from '../cache/sync-state.repo';
import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import { statementsToRefresh, suggest } from '../matching/suggest';
import { runSync } from './sync.service';

export const syncHandlers: HandlerGroup<
  'sync.run' | 'sync.cancel' | 'sync.status' | 'cache.bankAccounts' | 'cache.receivables'
> = (ctx) => {
  // One sync per profile at a time in this process; cancel reaches it through its controller.
  const running = new Map<string, AbortController>();

  return {
    'sync.run': async (input) => {
      const profileId = ctx.activeProfileId();
      if (running.has(profileId))
        throw new AppError('conflict', 'A sync is already running for this branch.', {
          code: 'sync.running',
        });
      const controller = new AbortController();
      running.set(profileId, controller);
      const jobId = `sync-${randomUUID().slice(0, 8)}`;
      try {
        const access = await ctx.api.forActiveProfile();
        const summary = await runSync(
          {
            store: ctx.store(),
            client: access.client,
            limiter: access.limiter,
            requestCount: () => access.requests(),
            signal: controller.signal,
            // [V] A multi-location key reads a network (docs/branches.md).
            network: access.profile.keyKind === 'admin',
            onProgress: (p) =>
              ctx.events.emit('job.progress', {
                jobId,
                phase: `sync.phase.${p.phase}`,
                done: p.done,
                total: p.total,
                etaMs: p.etaMs,
                waitingMs: p.waitingMs,
              }),
          },
          input,
        );
        // New or changed receivables may explain lines nobody decided yet: suggest again (decisions are kept).
        let suggestionsRefreshed = 0;
        if (summary.receivables.fetched > 0) {
          for (const statementId of await statementsToRefresh(ctx.store())) {
            try {
              await suggest(ctx, statementId, 'sync');
              suggestionsRefreshed++;
            } catch (e) {
              ctx.log.error(`suggesting matches again for statement ${statementId} after a sync failed`, e);
            }
          }
        }
        ctx.events.emit('job.finished', { jobId, ok: true });
        await ctx.audit('sync.completed', null, {
          after: {
            ...input,
            requests: summary.requests,
            receivables: summary.receivables,
            bankAccounts: summary.bankAccounts,
            debtors: summary.debtors,
            // [V] A network's read, in Auditoria's words ("Unidades: leitura: a rede inteira de uma vez, …").
            ...(summary.network ? { branches: summary.network } : {}),
            suggestionsRefreshed,
          },
        });
        return { jobId, ...summary, suggestionsRefreshed };
      } catch (e) {
        const cancelled = controller.signal.aborted;
        ctx.events.emit('job.finished', {
          jobId,
          ok: false,
          message: cancelled ? 'cancelled' : e instanceof Error ? e.message : String(e),
        });
        if (cancelled) {
          throw new AppError('conflict', 'The sync was cancelled; what had been fetched is kept.', {
            code: 'sync.cancelled',
          });
        }
        throw e;
      } finally {
        running.delete(profileId);
      }
    },
    'sync.cancel': async () => {
      const controller = running.get(ctx.activeProfileId());
      controller?.abort();
      return { cancelled: !!controller };
    },
    'sync.status': async () =>
      ctx.store().read(async (tx) => {
        const kinds = [];
        for (const k of SYNC_KINDS) {
          const s = await getSyncState(tx, k);
          kinds.push({
            kind: k,
            lastSuccessAt: s.lastSuccessAt,
            lastAttemptAt: s.lastAttemptAt,
            lastError: s.lastError,
            itemCount: s.itemCount,
          });
        }
        const r = await getSyncState(tx, 'receivables');
        return {
          running: running.has(ctx.activeProfileId()),
          kinds,
          window: r.windowFrom && r.windowTo ? { from: r.windowFrom, to: r.windowTo } : null,
          receivablesByStatus: Object.fromEntries(
            Object.entries(await countReceivablesByStatus(tx)).map(([k, v]) => [String(k), v]),
          ),
          debtors: await countDebtors(tx),
        };
      }),
    'cache.bankAccounts': async () =>
      ctx.store().read(async (tx) => ({
        accounts: await listBankAccounts(tx),
        syncedAt: (await getSyncState(tx, 'bank_accounts')).lastSuccessAt,
      })),
    'cache.receivables': async ({ statuses, branchId, limit, offset }) =>
      ctx.store().read(async (tx) => {
        const { rows, total } = await queryReceivables(tx, {
          ...(statuses ? { statuses } : {}),
          branchId,
          limit,
          offset,
        });
        return { rows, total, syncedAt: (await getSyncState(tx, 'receivables')).lastSuccessAt };
      }),
  };
};

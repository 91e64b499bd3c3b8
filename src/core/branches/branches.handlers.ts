import { listBankAccounts } from '../cache/bank-accounts.repo';
import { appendAudit } from '../audit/audit.store';
import { AppError } from '../errors';
import type { Store, Tx } from '../store/store';
import type { HandlerGroup } from '../handlers';
import { isNetwork } from './branches';
import { branchesRepo } from './branches.repo';
import type { BranchesViewDto } from '../../shared/contract/branches';

/** The branch list and the accounts' places, as every front door shows them. */
export async function branchesView(store: Store): Promise<BranchesViewDto> {
  return store.read(async (tx) => {
    const places = await branchesRepo.accountBranches(tx);
    const open = await branchesRepo.openPerBranch(tx);
    const accounts = (await listBankAccounts(tx)).map((a) => {
      const p = places.get(a.id);
      return {
        accountId: a.id,
        description: a.description,
        inactive: a.inactive,
        branchId: p?.branchId ?? null,
        placed: p !== undefined,
        source: p?.source ?? null,
      };
    });
    const branches = [];
    for (const b of await branchesRepo.list(tx))
      branches.push({
        ...b,
        openReceivables: open.get(b.id) ?? 0,
        accounts: accounts.filter((a) => a.placed && a.branchId === b.id).length,
        syncedAt: (await branchesRepo.syncState(tx, b.id)).lastSuccessAt,
      });
    return { network: await isNetwork(tx), branches, accounts };
  });
}

async function knownBranch(tx: Tx, id: number) {
  const b = await branchesRepo.get(tx, id);
  if (!b)
    throw new AppError('not_found', `Branch ${id} is not known here: sync first, or add it by its id.`, {
      code: 'branches.not_found',
      params: { id },
    });
  return b;
}

export const branchesHandlers: HandlerGroup<
  'branches.list' | 'branches.update' | 'branches.add' | 'branches.placeAccount'
> = (ctx) => {
  /**
   * Who changes the branch's settings, for the audit entry written in the change's own transaction: the change
   * and its entry commit together or not at all (ctx.audit would write it in a second one, after).
   */
  const who = () => ({ actor: ctx.actor(), profileId: ctx.activeProfileId() });
  return {
    'branches.list': async () => branchesView(ctx.store()),

    'branches.update': async ({ id, name, chosen }) => {
      await ctx.store().write(async (tx) => {
        const known = await knownBranch(tx, id);
        if (
          chosen === false &&
          known.chosen &&
          (await branchesRepo.list(tx)).filter((b) => b.chosen).length === 1
        )
          throw new AppError('validation', 'At least one branch must stay chosen.', {
            code: 'branches.last_chosen',
            field: 'chosen',
          });
        await branchesRepo.update(tx, id, {
          ...(name !== undefined ? { name } : {}),
          ...(chosen !== undefined ? { chosen } : {}),
        });
        await appendAudit(tx, {
          ...who(),
          action: 'settings.changed',
          subject: `branch:${id}`,
          before: { name: known.name, chosen: known.chosen },
          after: { name: name === undefined ? known.name : name, chosen: chosen ?? known.chosen },
        });
      });
      return branchesView(ctx.store());
    },

    'branches.add': async ({ id, name }) => {
      await ctx.store().write(async (tx) => {
        if (!(await branchesRepo.add(tx, id, name ?? null, new Date().toISOString())))
          throw new AppError('conflict', `Branch ${id} is already in the list.`, {
            code: 'branches.exists',
            params: { id },
          });
        await appendAudit(tx, {
          ...who(),
          action: 'settings.changed',
          subject: `branch:${id}`,
          after: { added: id, name: name ?? null },
        });
      });
      return branchesView(ctx.store());
    },

    'branches.placeAccount': async ({ accountId, branchId, clear }) => {
      // In words in Auditoria: "Unidade (número no EVO)", "Conta da rede", "Definida por: o escritório".
      const said = (p: { branchId: number | null; source: string } | null) =>
        p && { branchId: p.branchId, network: p.branchId === null, source: p.source };
      await ctx.store().write(async (tx) => {
        if (!(await listBankAccounts(tx)).some((a) => a.id === accountId))
          throw new AppError('not_found', `Bank account ${accountId} is not in the cache: sync first.`, {
            code: 'branches.account_not_found',
            params: { accountId },
          });
        const was = (await branchesRepo.accountBranches(tx)).get(accountId) ?? null;
        if (clear) await branchesRepo.clearAccountBranch(tx, accountId);
        else {
          if (branchId === undefined)
            throw new AppError(
              'validation',
              'Say which branch the account belongs to, or that it is the network’s.',
              {
                code: 'branches.place_missing',
                field: 'branchId',
              },
            );
          if (branchId !== null) await knownBranch(tx, branchId);
          await branchesRepo.setAccountBranch(tx, accountId, branchId, 'office', new Date().toISOString());
        }
        await appendAudit(tx, {
          ...who(),
          action: 'settings.changed',
          subject: `account_branch:${accountId}`,
          before: said(was),
          after: clear ? null : said({ branchId: branchId ?? null, source: 'office' }),
        });
      });
      return branchesView(ctx.store());
    },
  };
};

import { listBankAccounts } from '../cache/bank-accounts.repo';
import type { Db } from '../db/open-db';
import { AppError } from '../errors';
import { storeOfDb } from '../store/sqlite-store';
import type { HandlerGroup } from '../handlers';
import { isNetwork } from './branches';
import { branchesRepo } from './branches.repo';
import type { BranchesViewDto } from '../../shared/contract/branches';

/** The branch list and the accounts' places, as every front door shows them. */
export async function branchesView(db: Db): Promise<BranchesViewDto> {
  const places = branchesRepo.accountBranches(db);
  const open = branchesRepo.openPerBranch(db);
  const accounts = (await storeOfDb(db).read(listBankAccounts)).map((a) => {
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
  const branches = branchesRepo.list(db).map((b) => ({
    ...b,
    openReceivables: open.get(b.id) ?? 0,
    accounts: accounts.filter((a) => a.placed && a.branchId === b.id).length,
    syncedAt: branchesRepo.syncState(db, b.id).lastSuccessAt,
  }));
  return { network: isNetwork(db), branches, accounts };
}

function knownBranch(db: Db, id: number) {
  const b = branchesRepo.get(db, id);
  if (!b)
    throw new AppError('not_found', `Branch ${id} is not known here: sync first, or add it by its id.`, {
      code: 'branches.not_found',
      params: { id },
    });
  return b;
}

export const branchesHandlers: HandlerGroup<
  'branches.list' | 'branches.update' | 'branches.add' | 'branches.placeAccount'
> = (ctx) => ({
  'branches.list': async () => branchesView(ctx.db()),

  'branches.update': async ({ id, name, chosen }) => {
    const db = ctx.db();
    const before = knownBranch(db, id);
    if (chosen === false && before.chosen && branchesRepo.list(db).filter((b) => b.chosen).length === 1)
      throw new AppError('validation', 'At least one branch must stay chosen.', {
        code: 'branches.last_chosen',
        field: 'chosen',
      });
    branchesRepo.update(db, id, {
      ...(name !== undefined ? { name } : {}),
      ...(chosen !== undefined ? { chosen } : {}),
    });
    ctx.audit('settings.changed', `branch:${id}`, {
      before: { name: before.name, chosen: before.chosen },
      after: { name: name === undefined ? before.name : name, chosen: chosen ?? before.chosen },
    });
    return branchesView(db);
  },

  'branches.add': async ({ id, name }) => {
    const db = ctx.db();
    if (!branchesRepo.add(db, id, name ?? null, new Date().toISOString()))
      throw new AppError('conflict', `Branch ${id} is already in the list.`, {
        code: 'branches.exists',
        params: { id },
      });
    ctx.audit('settings.changed', `branch:${id}`, { after: { added: id, name: name ?? null } });
    return branchesView(db);
  },

  'branches.placeAccount': async ({ accountId, branchId, clear }) => {
    const db = ctx.db();
    if (!(await ctx.store().read(listBankAccounts)).some((a) => a.id === accountId))
      throw new AppError('not_found', `Bank account ${accountId} is not in the cache: sync first.`, {
        code: 'branches.account_not_found',
        params: { accountId },
      });
    const before = branchesRepo.accountBranches(db).get(accountId) ?? null;
    if (clear) branchesRepo.clearAccountBranch(db, accountId);
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
      if (branchId !== null) knownBranch(db, branchId);
      branchesRepo.setAccountBranch(db, accountId, branchId, 'office', new Date().toISOString());
    }
    // In words in Auditoria: "Unidade (número no EVO)", "Conta da rede", "Definida por: o escritório".
    const said = (p: { branchId: number | null; source: string } | null) =>
      p && { branchId: p.branchId, network: p.branchId === null, source: p.source };
    ctx.audit('settings.changed', `account_branch:${accountId}`, {
      before: said(before),
      after: clear ? null : said({ branchId: branchId ?? null, source: 'office' }),
    });
    return branchesView(db);
  },
});

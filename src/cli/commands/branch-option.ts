import type { Core } from '../../core';
import type { BranchScope } from '../../shared/contract/branches';
import { fold } from '../../shared/text';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { UsageError } from '../types';

/** The words `--branch` takes for the network's own accounts (central, or not placed in a branch yet). */
const NETWORK_WORDS = new Set(['rede', 'network']);

/**
 * [V] `--branch` of any command that acts on a network's data: a branch's number in EVO, the name the office gave
 * it (accents and case aside), or "rede" for the network's own accounts. Absent: every branch. A single branch's
 * connection refuses it, and an unknown branch is a usage error, each in one sentence.
 */
export async function branchOption(core: Core, value: unknown, say: Say): Promise<BranchScope | undefined> {
  if (typeof value !== 'string') return undefined;
  const view = await runCommand(core, 'branches.list', {});
  if (!view.network) throw new UsageError(say.t('cli.branches.status.notNetwork'));
  const asked = fold(value).trim();
  if (NETWORK_WORDS.has(asked)) return 'network';
  // A number is a branch's id first (a branch named "5" does not hide branch 5), then a name.
  const b =
    view.branches.find((x) => String(x.id) === value.trim()) ??
    view.branches.find((x) => x.name !== null && fold(x.name).trim() === asked);
  if (!b) throw new UsageError(say.t('cli.branches.status.unknown', { value }));
  return b.id;
}

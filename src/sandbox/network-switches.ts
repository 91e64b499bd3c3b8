import { checkModes } from './data/network';
import type { AdminWithoutBranch, IdBranchMode, NetworkParams } from './data/model';

/** What the routes read of network mode, as it was when a request arrived. */
export interface NetworkView {
  idBranch: IdBranchMode;
  adminWithoutBranch: AdminWithoutBranch;
  /** The branch the branch key belongs to: it sees only that branch (and the central account). */
  branchKeyBranch: number;
  /** Every branch id of the network (an unknown idBranch lists nothing). */
  branchIds: ReadonlySet<number>;
}

/** setNetwork's argument: the fields given replace the current ones, the others stay. */
export interface NetworkSwitch {
  idBranch?: IdBranchMode;
  adminWithoutBranch?: AdminWithoutBranch;
  branchKeyBranch?: number;
}

/**
 * The live network switches (null = single-branch mode, where the routes behave as they always did). Like the
 * lenient switches, every request reads them once at its start, so a test can flip idBranch handling between two
 * requests of the same sandbox.
 */
export function createNetworkSwitches(net: NetworkParams | undefined) {
  let current: NetworkView | null = net
    ? {
        idBranch: net.idBranch,
        adminWithoutBranch: net.adminWithoutBranch,
        branchKeyBranch: net.branchKeyBranch,
        branchIds: new Set(Array.from({ length: net.branches }, (_, i) => i + 1)),
      }
    : null;
  const set = (p: NetworkSwitch): NetworkView => {
    if (current === null) throw new Error('setNetwork: the sandbox was not started in network mode');
    if (typeof p !== 'object' || p === null) throw new Error('setNetwork: an object is required');
    const unknown = Object.keys(p).filter(
      (k) => !['idBranch', 'adminWithoutBranch', 'branchKeyBranch'].includes(k),
    );
    if (unknown.length > 0) throw new Error(`setNetwork: unknown option(s) ${unknown.join(', ')}`);
    const modes = checkModes({
      idBranch: p.idBranch ?? current.idBranch,
      adminWithoutBranch: p.adminWithoutBranch ?? current.adminWithoutBranch,
    });
    const keyBranch = p.branchKeyBranch ?? current.branchKeyBranch;
    if (!current.branchIds.has(keyBranch))
      throw new Error(`setNetwork: branchKeyBranch ${String(keyBranch)} is not a branch of the network`);
    current = { ...current, ...modes, branchKeyBranch: keyBranch };
    return current;
  };
  return { set, get: (): NetworkView | null => current };
}

export type NetworkSwitches = ReturnType<typeof createNetworkSwitches>;

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CommandOutput } from '../../shared/contract';
import { call } from './api/client';

type BranchesView = CommandOutput<'branches.list'>;

/**
 * [V] Which branch Conciliar and Enviar show: every one (`all`), one branch by its EVO id, or the network's own
 * accounts (`network`: a central account, or one not placed in a branch yet — Início's "Rede" row counts the same).
 */
export type BranchChoice = 'all' | 'network' | number;

interface BranchFilter {
  branch: BranchChoice;
  setBranch: (b: BranchChoice) => void;
}

const BranchFilterContext = createContext<BranchFilter | null>(null);

/**
 * Holds the branch chosen above the screens, so Início's row click lands on Conciliar filtered and Enviar, opened
 * next from the menu, keeps it. Keyed by the connection in App: another connection starts on every branch.
 */
export function BranchFilterProvider({ children }: { children: ReactNode }) {
  const [branch, setBranch] = useState<BranchChoice>('all');
  const value = useMemo(() => ({ branch, setBranch }), [branch]);
  return <BranchFilterContext.Provider value={value}>{children}</BranchFilterContext.Provider>;
}

/** The branch chosen; outside a provider (a screen rendered alone), every branch and a choice that is not kept. */
export function useBranchFilter(): BranchFilter {
  return useContext(BranchFilterContext) ?? { branch: 'all', setBranch: () => undefined };
}

export interface BranchPlaces {
  /** More than one branch: the screens offer the filter. */
  network: boolean;
  /** The branches reconciled here, in the order Configurações → Unidades lists them. */
  branches: BranchesView['branches'];
  /** Whether a bank account is shown under the choice (an account the list does not know is the network's). */
  inBranch: (accountId: number, choice: BranchChoice) => boolean;
  /** The branch an account belongs to; null: the network's (central, or not placed yet). */
  branchOf: (accountId: number) => number | null;
}

/** Where each bank account belongs, from `branches.list`. */
export function branchPlaces(view: BranchesView): BranchPlaces {
  const place = new Map(view.accounts.map((a) => [a.accountId, a.placed ? a.branchId : null]));
  const branchOf = (accountId: number) => place.get(accountId) ?? null;
  return {
    network: view.network,
    branches: view.branches.filter((b) => b.chosen),
    branchOf,
    inBranch: (accountId, choice) =>
      choice === 'all' ||
      (choice === 'network' ? branchOf(accountId) === null : branchOf(accountId) === choice),
  };
}

/**
 * Where each bank account belongs, or null: a single branch (nothing to filter), or `branches.list` failed — the
 * filter is a convenience, and the lists then stay whole as for a single branch.
 */
export async function loadNetworkPlaces(): Promise<BranchPlaces | null> {
  try {
    const places = branchPlaces(await call('branches.list', {}));
    return places.network ? places : null;
  } catch {
    return null;
  }
}

/** The network's places, read once per screen (null until they come, and for a single branch). */
export function useNetworkPlaces(): BranchPlaces | null {
  const [places, setPlaces] = useState<BranchPlaces | null>(null);
  useEffect(() => {
    let live = true;
    void loadNetworkPlaces().then((p) => live && setPlaces(p));
    return () => {
      live = false;
    };
  }, []);
  return places;
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchChoice, BranchPlaces } from '../branch-filter';
import './home/branches.css';

/** A branch as the screens call it: its name, or "Unidade <id>" until the office names it. */
export function branchName(
  t: (key: string, opts?: Record<string, unknown>) => string,
  b: { id: number; name: string | null },
) {
  return b.name ?? t('home.branches.unnamed', { id: b.id });
}

/** [V] Conciliar's and Enviar's "Unidade": every branch, one branch reconciled here, or the network's accounts. */
export function BranchSelect({
  places,
  value,
  onChange,
  withNetwork = true,
}: {
  places: BranchPlaces;
  value: BranchChoice;
  onChange: (b: BranchChoice) => void;
  /** False where the network's own accounts mean nothing (Inadimplentes: a debtor belongs to a branch). */
  withNetwork?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field branch-field">
      <label htmlFor={id}>{t('home.branchFilter.label')}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(e) => {
          const v = e.target.value;
          onChange(v === 'all' || v === 'network' ? v : Number(v));
        }}
      >
        <option value="all">{t('home.branchFilter.all')}</option>
        {places.branches.map((b) => (
          <option key={b.id} value={String(b.id)}>
            {branchName(t, b)}
          </option>
        ))}
        {/* A branch left out since it was chosen (Início's row of an earlier day): still said, not a blank. */}
        {typeof value === 'number' && !places.branches.some((b) => b.id === value) && (
          <option value={String(value)}>{t('home.branches.unnamed', { id: value })}</option>
        )}
        {withNetwork && <option value="network">{t('home.branchFilter.network')}</option>}
      </select>
    </div>
  );
}

import { useEffect, useId, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountPlaceDto, BranchDto, BranchesViewDto } from '../../../../shared/contract/branches';
import { call, CommandError } from '../../api/client';
import { describeError } from '../../i18n';

/** Where the sentence is said: under the part of the panel the clerk just used (the panel is long). */
type Where = 'branches' | 'add' | 'accounts';
type Status = { tone: 'ok' | 'error'; text: string; at: Where } | null;

const describe = (e: unknown) => (e instanceof CommandError ? describeError(e.info) : String(e));

/**
 * A network's 200 branches (or its accounts) scroll inside the panel, under a header that stays in view: the rest
 * of Configurações stays one short scroll away. The styles are inline because only this panel has such a list.
 */
const SCROLL: CSSProperties = { maxHeight: '22rem', overflowY: 'auto', margin: '0.5rem 0' };
// A sticky cell loses its collapsed border as the rows pass under it: the line is drawn as a shadow instead.
const STICKY: CSSProperties = {
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: 'var(--surface)',
  boxShadow: 'inset 0 -1px 0 var(--border)',
};
const NETWORK = 'network';
const CLEAR = 'clear';

/**
 * Configurações → Unidades ([V]): a multi-location key's branches — each one's name (edited in place), whether it
 * is reconciled here, what it has open — a form to add one the sync did not see, and which branch each bank
 * account belongs to. Shown only for a network (more than one branch); a branch key's connection never sees it.
 */
export function Branches() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<BranchesViewDto | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call('branches.list', {}).then(setView, (e: unknown) =>
      setStatus({ tone: 'error', text: describe(e), at: 'branches' }),
    );
  }, []);

  if (!view) return status ? <p className="status error">{status.text}</p> : null;
  if (!view.network && view.branches.length <= 1) return null;

  const nameOf = (b: Pick<BranchDto, 'id' | 'name'>) => b.name ?? t('branches.unnamed', { id: b.id });
  /** Runs one change; the view it returns replaces the shown one, and its sentence (or the refusal's) is said. */
  // The fields stay enabled while a change is saved (a disabled field drops the keyboard's focus); one at a time.
  const change = async (
    at: Where,
    f: () => Promise<BranchesViewDto>,
    said: (v: BranchesViewDto) => string,
  ) => {
    if (busy) return false;
    setBusy(true);
    setStatus(null);
    try {
      const v = await f();
      setView(v);
      setStatus({ tone: 'ok', text: said(v), at });
      return true;
    } catch (e) {
      setStatus({ tone: 'error', text: describe(e), at });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const rename = (b: BranchDto, name: string | null) =>
    change(
      'branches',
      () => call('branches.update', { id: b.id, name }),
      () => (name === null ? t('branches.nameCleared', { id: b.id }) : t('branches.renamed', { name })),
    );
  const choose = (b: BranchDto, chosen: boolean) =>
    change(
      'branches',
      () => call('branches.update', { id: b.id, chosen }),
      () => t(chosen ? 'branches.chosenOn' : 'branches.chosenOff', { name: nameOf(b) }),
    );
  const place = (a: AccountPlaceDto, value: string) =>
    change(
      'accounts',
      () =>
        call(
          'branches.placeAccount',
          value === CLEAR
            ? { accountId: a.accountId, clear: true }
            : { accountId: a.accountId, branchId: value === NETWORK ? null : Number(value) },
        ),
      (v) => {
        const now = v.accounts.find((x) => x.accountId === a.accountId);
        return value === CLEAR || !now
          ? t('branches.accounts.cleared', { account: a.description })
          : t('branches.accounts.moved', { account: a.description, place: placeText(now, v) });
      },
    );
  const placeText = (a: AccountPlaceDto, v: BranchesViewDto) => {
    if (!a.placed) return t('branches.place.unknown');
    const b = v.branches.find((x) => x.id === a.branchId);
    const where =
      a.branchId === null
        ? t('branches.place.network')
        : b?.name
          ? t('branches.place.branch', { name: b.name })
          : t('branches.place.branchNumber', { id: a.branchId });
    return a.source
      ? t('branches.place.said', { place: where, by: t(`branches.place.by.${a.source}`) })
      : where;
  };

  const chosen = view.branches.filter((b) => b.chosen).length;
  const statusAt = (at: Where) =>
    status?.at === at && (
      <p role={status.tone === 'error' ? 'alert' : 'status'} className={`status ${status.tone}`}>
        {status.text}
      </p>
    );
  return (
    <section className="card branches" aria-labelledby="branches-title">
      <h2 id="branches-title">{t('branches.title')}</h2>
      <p className="muted">{t('branches.explain')}</p>
      <p>
        {t('branches.summary', {
          branches: t('branches.count', { count: view.branches.length }),
          chosen: t('branches.chosenCount', { count: chosen }),
        })}
      </p>
      <div
        style={SCROLL}
        role="region"
        aria-label={t('branches.table.caption')}
        // Focusable, so a keyboard can scroll the list (a scrolling region with nothing to focus is out of reach).
        tabIndex={0}
        data-testid="branches-list"
      >
        <table className="table">
          <caption className="visually-hidden">{t('branches.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="num" style={STICKY}>
                {t('branches.table.id')}
              </th>
              <th scope="col" style={STICKY}>
                {t('branches.table.name')}
              </th>
              <th scope="col" className="num" style={STICKY}>
                {t('branches.table.open')}
              </th>
              <th scope="col" className="num" style={STICKY}>
                {t('branches.table.accounts')}
              </th>
              <th scope="col" style={STICKY}>
                {t('branches.table.chosen')}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.branches.map((b) => (
              <tr key={b.id}>
                <td className="num">{b.id}</td>
                <td>
                  {/* Keyed by the saved name: a name saved elsewhere (quita branches) starts the field again. */}
                  <BranchName key={b.name ?? ''} branch={b} onSave={(name) => rename(b, name)} />
                </td>
                <td className="num">{b.openReceivables.toLocaleString(i18n.language)}</td>
                <td className="num">{b.accounts}</td>
                <td>
                  <input
                    type="checkbox"
                    checked={b.chosen}
                    aria-busy={busy}
                    aria-label={
                      b.name
                        ? t('branches.chosenLabel', { name: b.name })
                        : t('branches.chosenLabelNumber', { id: b.id })
                    }
                    onChange={(e) => void choose(b, e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {statusAt('branches')}

      <AddBranch
        disabled={busy}
        onAdd={(id, name) =>
          change(
            'add',
            () => call('branches.add', { id, ...(name ? { name } : {}) }),
            () => t('branches.add.added', { name: name ?? t('branches.unnamed', { id }) }),
          )
        }
        onInvalid={(text) => setStatus({ tone: 'error', text, at: 'add' })}
      />
      {statusAt('add')}

      <h3 id="branch-accounts-title">{t('branches.accounts.title')}</h3>
      <p className="muted">{t('branches.accounts.hint')}</p>
      {view.accounts.length === 0 ? (
        <p className="muted">{t('branches.accounts.none')}</p>
      ) : (
        <div
          style={SCROLL}
          role="region"
          aria-labelledby="branch-accounts-title"
          tabIndex={0}
          data-testid="branch-accounts"
        >
          <table className="table">
            <caption className="visually-hidden">{t('branches.accounts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" style={STICKY}>
                  {t('branches.accounts.account')}
                </th>
                <th scope="col" style={STICKY}>
                  {t('branches.accounts.place')}
                </th>
                <th scope="col" style={STICKY}>
                  {t('branches.accounts.change')}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.accounts.map((a) => (
                <tr key={a.accountId}>
                  <td>
                    {a.description}
                    {a.inactive && <span className="muted"> ({t('branches.accounts.inactive')})</span>}
                  </td>
                  <td>{placeText(a, view)}</td>
                  <td>
                    <select
                      value={a.placed ? (a.branchId === null ? NETWORK : String(a.branchId)) : ''}
                      aria-busy={busy}
                      aria-label={t('branches.accounts.changeLabel', { account: a.description })}
                      // One width for every row, whichever options (the office's "Desfazer…") each one has.
                      style={{ width: '100%', minWidth: '14rem' }}
                      onChange={(e) => void place(a, e.target.value)}
                    >
                      {!a.placed && (
                        <option value="" disabled>
                          {t('branches.accounts.choose')}
                        </option>
                      )}
                      {view.branches.map((b) => (
                        <option key={b.id} value={String(b.id)}>
                          {nameOf(b)}
                        </option>
                      ))}
                      <option value={NETWORK}>{t('branches.accounts.network')}</option>
                      {a.source === 'office' && <option value={CLEAR}>{t('branches.accounts.clear')}</option>}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {statusAt('accounts')}
    </section>
  );
}

/** The name cell: typed in place, saved when the field is left or Enter is pressed; Esc puts the saved one back. */
function BranchName({
  branch,
  onSave,
}: {
  branch: BranchDto;
  onSave: (name: string | null) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(branch.name ?? '');
  const save = async () => {
    const name = draft.trim() === '' ? null : draft.trim();
    if (name === branch.name) return;
    if (!(await onSave(name))) setDraft(branch.name ?? '');
  };
  return (
    <input
      type="text"
      value={draft}
      maxLength={80}
      placeholder={t('branches.namePlaceholder', { id: branch.id })}
      aria-label={t('branches.nameLabel', { id: branch.id })}
      style={{ width: '100%', minWidth: '12rem' }}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => void save()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') setDraft(branch.name ?? '');
      }}
    />
  );
}

/** Adds a branch the sync did not list (a server that names no branch without `idBranch`), by its EVO number. */
function AddBranch({
  disabled,
  onAdd,
  onInvalid,
}: {
  disabled: boolean;
  onAdd: (id: number, name: string | null) => Promise<boolean>;
  onInvalid: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = /^\d+$/.test(number.trim()) ? Number(number.trim()) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) return onInvalid(t('branches.add.badId'));
    if (await onAdd(n, name.trim() === '' ? null : name.trim())) {
      setNumber('');
      setName('');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{t('branches.add.title')}</h3>
      <p className="muted">{t('branches.add.hint')}</p>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-number`}>{t('branches.add.id')}</label>
          <input
            id={`${id}-number`}
            type="text"
            inputMode="numeric"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('branches.add.name')}</label>
          <input
            id={`${id}-name`}
            type="text"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button type="submit" disabled={disabled}>
          {t('branches.add.submit')}
        </button>
      </div>
    </form>
  );
}

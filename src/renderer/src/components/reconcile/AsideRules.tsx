import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { ASIDE_REASONS, type AsideReason } from '../../../../shared/contract/matching';
import { call, CommandError } from '../../api/client';
import { formatDateTime, formatMoney } from '../../format';
import { describeError } from '../../i18n';
import { useAllowed } from '../../me';
import { centsToInput, readRange } from './rule-narrowing';
import { confirmOf, RulePreview, useRulePreview, wideUnconfirmed } from './RulePreview';

type Rule = CommandOutput<'review.asideRules'>['rows'][number];
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];
interface Editing {
  id: number;
  pattern: string;
  reason: AsideReason;
  note: string;
  bankAccountId: number | null;
  /** The rule's account's name, offered even when it is not among the active accounts any more. */
  accountName: string | null;
  from: string;
  to: string;
}

/**
 * The set-aside rules, seen, edited and removed ([M] item 3). Editing or removing a rule gives its lines back
 * to matching (the core re-runs their statements); `onChanged` reloads the lines. Removing asks first, with
 * the safe answer focused. Editing shows what the rule would catch now and lets the clerk narrow it (account,
 * amount range) or confirm it ([R] item 4, `RuleEdit`).
 */
export function AsideRules({
  rules,
  onChanged,
  onClose,
}: {
  rules: readonly Rule[];
  onChanged: (message: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [accounts, setAccounts] = useState<Account[]>([]);
  useEffect(() => {
    call('cache.bankAccounts', {}).then(
      (r) => setAccounts(r.accounts.filter((a) => !a.inactive)),
      () => setAccounts([]),
    );
  }, []);
  const [asking, setAsking] = useState<Rule | null>(null);
  // [W] Everyone sees the rules; changing or removing one is a supervisor's (roles.ts), said on the buttons.
  const editRule = useAllowed('review.updateAsideRule', 'rules');
  const removeRule = useAllowed('review.removeAsideRule', 'rules');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await fn());
      setEditing(null);
      setAsking(null);
    } catch (e) {
      setError(
        e instanceof CommandError ? describeError(e.info) : e instanceof Error ? e.message : String(e),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="card aside-rules"
      role="dialog"
      aria-labelledby="aside-rules-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !editing && !asking) {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="notify-head">
        <h2 id="aside-rules-title">{t('workspace.rules.title')}</h2>
        <button type="button" ref={closeRef} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p className="muted small">{t('workspace.rules.explain')}</p>
      {rules.length === 0 ? (
        <p className="muted">{t('workspace.rules.none')}</p>
      ) : (
        <ul className="rule-list" aria-label={t('workspace.rules.title')}>
          {rules.map((r) =>
            editing?.id === r.id ? (
              <li key={r.id}>
                <RuleEdit
                  editing={editing}
                  accounts={accounts}
                  busy={busy}
                  onChange={setEditing}
                  onCancel={() => setEditing(null)}
                  onSave={(patch) =>
                    void run(async () => {
                      const out = await call('review.updateAsideRule', { id: r.id, ...patch });
                      if (out.needsConfirmation)
                        throw new Error(t('workspace.rulePreview.needsConfirmation'));
                      return t('workspace.rules.saved');
                    })
                  }
                />
              </li>
            ) : (
              <li key={r.id}>
                <span className="rule-words">“{r.pattern}”</span>
                <span>
                  {t(`workspace.reasons.${r.reason}`)}
                  {r.note ? ` — ${r.note}` : ''}
                </span>
                <span className="muted small">
                  {r.bankAccountName ?? t('workspace.rules.anyAccount')} ·{' '}
                  {r.minCents !== null || r.maxCents !== null
                    ? `${rangeText(r, locale, t('workspace.rules.rangeFrom'), t('workspace.rules.rangeTo'))} · `
                    : ''}
                  {t('workspace.rules.lines', { count: r.timesApplied })} ·{' '}
                  {formatDateTime(r.createdAt, locale)}
                </span>
                {asking?.id === r.id ? (
                  <span
                    className="rule-ask"
                    role="alertdialog"
                    aria-label={t('workspace.rules.removeAsk', { pattern: r.pattern })}
                  >
                    <span>{t('workspace.rules.removeAsk', { pattern: r.pattern })}</span>
                    <button
                      type="button"
                      className="danger"
                      disabled={busy}
                      onClick={() =>
                        void run(async () => {
                          const out = await call('review.removeAsideRule', { id: r.id });
                          return t('workspace.rules.removed', { count: out.linesReleased });
                        })
                      }
                    >
                      {t('workspace.rules.removeYes')}
                    </button>
                    <button type="button" autoFocus onClick={() => setAsking(null)}>
                      {t('workspace.rules.cancel')}
                    </button>
                  </span>
                ) : (
                  <span className="rule-buttons">
                    <button
                      type="button"
                      aria-label={t('workspace.rules.editLabel', { pattern: r.pattern })}
                      disabled={!editRule.allowed}
                      data-forbidden={editRule.allowed ? undefined : ''}
                      title={editRule.why}
                      onClick={() =>
                        setEditing({
                          id: r.id,
                          pattern: r.pattern,
                          reason: r.reason,
                          note: r.note ?? '',
                          bankAccountId: r.bankAccountId,
                          accountName: r.bankAccountName,
                          from: centsToInput(r.minCents),
                          to: centsToInput(r.maxCents),
                        })
                      }
                    >
                      {t('workspace.rules.edit')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('workspace.rules.removeLabel', { pattern: r.pattern })}
                      disabled={!removeRule.allowed}
                      data-forbidden={removeRule.allowed ? undefined : ''}
                      title={removeRule.why}
                      onClick={() => setAsking(r)}
                    >
                      {t('workspace.rules.remove')}
                    </button>
                  </span>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
    </section>
  );
}

const rangeText = (r: Rule, locale: string, from: string, to: string) =>
  [
    r.minCents !== null ? `${from} ${formatMoney(r.minCents, locale)}` : '',
    r.maxCents !== null ? `${to} ${formatMoney(r.maxCents, locale)}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * A rule being edited: words, reason, note, and the narrowing (account, amount range), with what it would catch
 * now. Saving a wide rule needs "save it anyway"; lines with a proposal, approved or in EVO are taken only ticked.
 */
function RuleEdit({
  editing,
  accounts,
  busy,
  onChange,
  onCancel,
  onSave,
}: {
  editing: Editing;
  accounts: readonly Account[];
  busy: boolean;
  onChange: (e: Editing) => void;
  onCancel: () => void;
  onSave: (patch: {
    pattern: string;
    reason: AsideReason;
    note: string | null;
    bankAccountId: number | null;
    minCents: number | null;
    maxCents: number | null;
    confirm?: { wide: boolean; lineIds: number[] };
  }) => void;
}) {
  const { t } = useTranslation();
  const ids = {
    pattern: useId(),
    reason: useId(),
    note: useId(),
    account: useId(),
    from: useId(),
    to: useId(),
  };
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [wideOk, setWideOk] = useState(false);
  const [tried, setTried] = useState(false);
  const range = readRange(editing.from, editing.to);
  const patternOk = editing.pattern.trim().length >= 3;
  const { preview, loading, error } = useRulePreview(
    patternOk && range.ok
      ? {
          pattern: editing.pattern.trim(),
          bankAccountId: editing.bankAccountId,
          minCents: range.minCents,
          maxCents: range.maxCents,
          ruleId: editing.id,
        }
      : null,
  );
  const confirm = { ticked, wideOk };
  const options = accounts.map((a) => ({ id: a.id, name: a.description }));
  if (editing.bankAccountId !== null && !options.some((a) => a.id === editing.bankAccountId))
    options.push({ id: editing.bankAccountId, name: editing.accountName ?? `#${editing.bankAccountId}` });
  return (
    <form
      className="rule-edit"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!patternOk || !range.ok || wideUnconfirmed(preview, confirm)) return;
        onSave({
          pattern: editing.pattern,
          reason: editing.reason,
          note: editing.note.trim() ? editing.note.trim() : null,
          bankAccountId: editing.bankAccountId,
          minCents: range.minCents,
          maxCents: range.maxCents,
          ...confirmOf(preview, confirm),
        });
      }}
    >
      <div className="field grow">
        <label htmlFor={ids.pattern}>{t('workspace.rules.pattern')}</label>
        <input
          id={ids.pattern}
          autoFocus
          value={editing.pattern}
          maxLength={120}
          aria-invalid={tried && !patternOk}
          onChange={(e) => onChange({ ...editing, pattern: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.reason}>{t('workspace.rules.reason')}</label>
        <select
          id={ids.reason}
          value={editing.reason}
          onChange={(e) => onChange({ ...editing, reason: e.target.value as AsideReason })}
        >
          {ASIDE_REASONS.map((x) => (
            <option key={x} value={x}>
              {t(`workspace.reasons.${x}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field grow">
        <label htmlFor={ids.note}>{t('workspace.rules.note')}</label>
        <input
          id={ids.note}
          value={editing.note}
          maxLength={200}
          onChange={(e) => onChange({ ...editing, note: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.account}>{t('workspace.rules.account')}</label>
        <select
          id={ids.account}
          value={editing.bankAccountId ?? ''}
          onChange={(e) =>
            onChange({ ...editing, bankAccountId: e.target.value ? Number(e.target.value) : null })
          }
        >
          <option value="">{t('workspace.rules.anyAccount')}</option>
          {options.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>{t('workspace.rulePreview.from')}</label>
        <input
          id={ids.from}
          inputMode="decimal"
          value={editing.from}
          maxLength={16}
          aria-invalid={!range.ok && range.field === 'from'}
          onChange={(e) => onChange({ ...editing, from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>{t('workspace.rulePreview.to')}</label>
        <input
          id={ids.to}
          inputMode="decimal"
          value={editing.to}
          maxLength={16}
          aria-invalid={!range.ok && range.field === 'to'}
          onChange={(e) => onChange({ ...editing, to: e.target.value })}
        />
      </div>
      {!range.ok && <span className="warn small">{t('workspace.rulePreview.rangeInvalid')}</span>}
      <RulePreview
        preview={preview}
        loading={loading}
        error={error}
        confirm={confirm}
        onTick={(lineId, on) => {
          const next = new Set(ticked);
          if (on) next.add(lineId);
          else next.delete(lineId);
          setTicked(next);
        }}
        onWideOk={setWideOk}
        showWideNeeded={tried}
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('workspace.rules.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('workspace.rules.cancel')}
        </button>
      </div>
    </form>
  );
}

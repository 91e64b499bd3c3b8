import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { ASIDE_REASONS, type AsideReason } from '../../../../shared/contract/matching';
import { call, CommandError } from '../../api/client';
import { formatDateTime } from '../../format';
import { describeError } from '../../i18n';

type Rule = CommandOutput<'review.asideRules'>['rows'][number];

/**
 * The set-aside rules, seen, edited and removed ([M] item 3). Editing or removing a rule gives its lines back
 * to matching (the core re-runs their statements); `onChanged` reloads the lines. Removing asks first, with
 * the safe answer focused.
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
  const ids = { pattern: useId(), reason: useId(), note: useId() };
  const [editing, setEditing] = useState<{
    id: number;
    pattern: string;
    reason: AsideReason;
    note: string;
  } | null>(null);
  const [asking, setAsking] = useState<Rule | null>(null);
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
      setError(e instanceof CommandError ? describeError(e.info) : String(e));
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
                <form
                  className="rule-edit"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(async () => {
                      await call('review.updateAsideRule', {
                        id: r.id,
                        pattern: editing.pattern,
                        reason: editing.reason,
                        note: editing.note.trim() ? editing.note.trim() : null,
                      });
                      return t('workspace.rules.saved');
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
                      onChange={(e) => setEditing({ ...editing, pattern: e.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={ids.reason}>{t('workspace.rules.reason')}</label>
                    <select
                      id={ids.reason}
                      value={editing.reason}
                      onChange={(e) => setEditing({ ...editing, reason: e.target.value as AsideReason })}
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
                      onChange={(e) => setEditing({ ...editing, note: e.target.value })}
                    />
                  </div>
                  <div className="actions">
                    <button type="submit" className="primary" disabled={busy}>
                      {t('workspace.rules.save')}
                    </button>
                    <button type="button" onClick={() => setEditing(null)}>
                      {t('workspace.rules.cancel')}
                    </button>
                  </div>
                </form>
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
                      onClick={() =>
                        setEditing({ id: r.id, pattern: r.pattern, reason: r.reason, note: r.note ?? '' })
                      }
                    >
                      {t('workspace.rules.edit')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('workspace.rules.removeLabel', { pattern: r.pattern })}
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

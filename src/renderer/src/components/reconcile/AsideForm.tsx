import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASIDE_REASONS, type AsideReason } from '../../../../shared/contract/matching';
import type { MatchLine } from './MatchRow';

/** Words of the line's text worth a rule: no numbers (document numbers change every day), no single letters. */
export function defaultPattern(line: Pick<MatchLine, 'description' | 'payerText'>): string {
  return line.description
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && !/\d/.test(w))
    .slice(0, 6)
    .join(' ');
}

/** A first guess of the reason from the bank's words; the clerk confirms or changes it. */
function guessReason(text: string): AsideReason {
  const t = text.toUpperCase();
  if (/RENDIMENTO|REND\b|APLIC|JUROS/.test(t)) return 'interest';
  if (/MESMA TITULARIDADE|TRANSF.*PROPRIA|ENTRE CONTAS/.test(t)) return 'own_transfer';
  if (/GYMPASS|TOTALPASS|WELLHUB|REPASSE/.test(t)) return 'partner_payout';
  if (/ESTORNO|DEVOLU/.test(t)) return 'refund';
  return 'other';
}

export interface AsideChoice {
  reason: AsideReason;
  note?: string;
  rule?: { pattern: string; thisAccountOnly: boolean };
}

/**
 * Set a line (or the selected lines) aside with a reason; optionally "always set aside lines like this", with
 * the words proposed from the line's text and editable. Inline in the workspace, the reason focused first.
 */
export function AsideForm({
  line,
  count,
  busy,
  onSubmit,
  onCancel,
}: {
  line: MatchLine;
  /** How many lines will be set aside (the selection, or this one). */
  count: number;
  busy: boolean;
  onSubmit: (choice: AsideChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ids = { note: useId(), pattern: useId(), rule: useId(), account: useId(), help: useId() };
  const [reason, setReason] = useState<AsideReason>(() =>
    guessReason(`${line.description} ${line.payerText ?? ''}`),
  );
  const [note, setNote] = useState('');
  const [makeRule, setMakeRule] = useState(false);
  const [pattern, setPattern] = useState(() => defaultPattern(line));
  const [thisAccountOnly, setThisAccountOnly] = useState(true);
  const [tried, setTried] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const noteMissing = reason === 'other' && note.trim() === '';
  const submit = () => {
    setTried(true);
    if (noteMissing || (makeRule && pattern.trim().length < 3)) return;
    onSubmit({
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(makeRule ? { rule: { pattern: pattern.trim(), thisAccountOnly } } : {}),
    });
  };
  return (
    <form
      className="aside-form"
      aria-labelledby="aside-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 id="aside-title">
        {t('workspace.aside.title')}
        {count > 1 ? ` (${count})` : ''}
      </h3>
      <p className="muted small">{t('workspace.aside.explain')}</p>
      <fieldset>
        <legend>{t('workspace.aside.reason')}</legend>
        {ASIDE_REASONS.map((r, i) => (
          <label key={r} className="radio">
            <input
              ref={i === 0 ? first : undefined}
              type="radio"
              name="aside-reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {t(`workspace.reasons.${r}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.note}>{t('workspace.aside.note')}</label>
        <input
          id={ids.note}
          value={note}
          maxLength={200}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={tried && noteMissing}
        />
        {tried && noteMissing && <span className="warn small">{t('workspace.aside.noteRequired')}</span>}
      </div>
      <label className="radio" htmlFor={ids.rule}>
        <input
          id={ids.rule}
          type="checkbox"
          checked={makeRule}
          onChange={(e) => setMakeRule(e.target.checked)}
        />
        {t('workspace.aside.makeRule')}
      </label>
      {makeRule && (
        <div className="aside-rule">
          <div className="field grow">
            <label htmlFor={ids.pattern}>{t('workspace.aside.pattern')}</label>
            <input
              id={ids.pattern}
              value={pattern}
              maxLength={120}
              aria-describedby={ids.help}
              onChange={(e) => setPattern(e.target.value)}
            />
            <span id={ids.help} className="muted small">
              {t('workspace.aside.patternHelp')}
            </span>
          </div>
          <label className="radio" htmlFor={ids.account}>
            <input
              id={ids.account}
              type="checkbox"
              checked={thisAccountOnly}
              onChange={(e) => setThisAccountOnly(e.target.checked)}
            />
            {t('workspace.aside.thisAccountOnly')}
          </label>
        </div>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('workspace.aside.confirm')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('workspace.aside.cancel')}
        </button>
      </div>
    </form>
  );
}

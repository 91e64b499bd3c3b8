import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASIDE_REASONS, type AsideReason } from '../../../../shared/contract/matching';
import type { MatchLine } from './MatchRow';
import { deniedProps, useAllowed } from '../../me';
import { readRange } from './rule-narrowing';
import { confirmOf, RulePreview, useRulePreview, wideUnconfirmed } from './RulePreview';

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
  rule?: {
    pattern: string;
    thisAccountOnly: boolean;
    minCents: number | null;
    maxCents: number | null;
  };
  confirm?: { wide: boolean; lineIds: number[] };
}

/**
 * Set a line (or the selected lines) aside with a reason; optionally "always set aside lines like this", with
 * the words proposed from the line's text and editable, narrowed to this account and an amount range, and the
 * lines the rule would catch now shown as the clerk types ([R] item 4): a wide rule is saved only once the clerk
 * says so, and lines with a proposal, approved or already in EVO are taken only when ticked one by one. Inline
 * in the workspace, the reason focused first.
 */
export function AsideForm({
  line,
  count,
  scope,
  busy,
  onSubmit,
  onCancel,
}: {
  line: MatchLine;
  /** How many lines will be set aside (the selection, or this one). */
  count: number;
  /** The statement's bank account and the matches being set aside by hand (not counted in the preview). */
  scope: { bankAccountId: number | null; matchIds: number[] };
  busy: boolean;
  onSubmit: (choice: AsideChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  // [W] Setting this line aside is the clerk's; a rule for every line like it is a supervisor's (roles.ts).
  const ruling = useAllowed('review.setAside', 'asideRule', { rule: {} });
  const ids = {
    note: useId(),
    pattern: useId(),
    rule: useId(),
    account: useId(),
    help: useId(),
    from: useId(),
    to: useId(),
  };
  const [reason, setReason] = useState<AsideReason>(() =>
    guessReason(`${line.description} ${line.payerText ?? ''}`),
  );
  const [note, setNote] = useState('');
  const [makeRule, setMakeRule] = useState(false);
  const [pattern, setPattern] = useState(() => defaultPattern(line));
  const [thisAccountOnly, setThisAccountOnly] = useState(true);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [wideOk, setWideOk] = useState(false);
  const [tried, setTried] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const noteMissing = reason === 'other' && note.trim() === '';
  const range = readRange(from, to);
  const patternOk = pattern.trim().length >= 3;
  const { preview, loading, error } = useRulePreview(
    makeRule && patternOk && range.ok
      ? {
          pattern: pattern.trim(),
          bankAccountId: thisAccountOnly ? scope.bankAccountId : null,
          minCents: range.minCents,
          maxCents: range.maxCents,
          exceptMatchIds: scope.matchIds,
        }
      : null,
  );
  const confirm = { ticked, wideOk };
  const submit = () => {
    setTried(true);
    if (noteMissing) return;
    if (makeRule && (!patternOk || !range.ok || wideUnconfirmed(preview, confirm))) return;
    onSubmit({
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(makeRule && range.ok
        ? {
            rule: {
              pattern: pattern.trim(),
              thisAccountOnly,
              minCents: range.minCents,
              maxCents: range.maxCents,
            },
            ...confirmOf(preview, confirm),
          }
        : {}),
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
      <label className="radio" htmlFor={ids.rule} title={ruling.why}>
        <input
          id={ids.rule}
          type="checkbox"
          checked={makeRule}
          disabled={!ruling.allowed}
          {...deniedProps(ruling)}
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
          <fieldset className="rule-range">
            <legend>{t('workspace.rulePreview.range')}</legend>
            <div className="field">
              <label htmlFor={ids.from}>{t('workspace.rulePreview.from')}</label>
              <input
                id={ids.from}
                inputMode="decimal"
                value={from}
                maxLength={16}
                aria-invalid={!range.ok && range.field === 'from'}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.to}>{t('workspace.rulePreview.to')}</label>
              <input
                id={ids.to}
                inputMode="decimal"
                value={to}
                maxLength={16}
                aria-invalid={!range.ok && range.field === 'to'}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
            {!range.ok && <span className="warn small">{t('workspace.rulePreview.rangeInvalid')}</span>}
          </fieldset>
          {tried && !patternOk && (
            <span className="warn small">{t('errors.review.aside_pattern_empty')}</span>
          )}
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

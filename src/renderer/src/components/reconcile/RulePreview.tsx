import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandInput } from '../../../../shared/contract';
import { ASIDE_STANDINGS, type AsidePreview, type AsideStanding } from '../../../../shared/contract/review';
import { call, CommandError } from '../../api/client';
import { formatDate, formatMoney } from '../../format';
import { useLatest } from '../../hooks/latest';
import { describeError } from '../../i18n';
import { statementLabel } from '../../../../shared/statement-label';

export type PreviewQuery = CommandInput<'review.previewAsideRule'>;

/** Standings the clerk may tick for the rule to set aside too (the core's CONFIRMABLE). */
const TICKABLE: readonly AsideStanding[] = ['suggested', 'recorded', 'matched', 'review'];

/**
 * The lines a rule would catch now, asked again shortly after the clerk stops typing (an older answer never
 * overwrites a newer one). `query` null: nothing to ask (the words are too short, a bound is not a number).
 */
export function useRulePreview(query: PreviewQuery | null): {
  preview: AsidePreview | null;
  loading: boolean;
  error: string | null;
} {
  const latest = useLatest();
  // The answer, with the question it answers: a newer question makes it stale (shown, marked loading).
  const [answer, setAnswer] = useState<{
    key: string;
    preview: AsidePreview | null;
    error: string | null;
  }>({ key: '', preview: null, error: null });
  const key = query ? JSON.stringify(query) : '';
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => {
      latest(() => call('review.previewAsideRule', JSON.parse(key) as PreviewQuery)).then(
        (r) => r.current && setAnswer({ key, preview: r.value, error: null }),
        (e: unknown) =>
          setAnswer({
            key,
            preview: null,
            error: e instanceof CommandError ? describeError(e.info) : String(e),
          }),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [key, latest]);
  if (!key) return { preview: null, loading: false, error: null };
  return { preview: answer.preview, loading: answer.key !== key, error: answer.error };
}

/** What the clerk answers to a preview: the lines ticked (taken too) and "save it although it is wide". */
export interface RuleConfirmState {
  ticked: ReadonlySet<number>;
  wideOk: boolean;
}

/** The preview blocks saving: wide, and the clerk has not said "save it anyway". */
export const wideUnconfirmed = (p: AsidePreview | null, c: RuleConfirmState) => !!p?.wide && !c.wideOk;

/** The `confirm` to send with the rule: only when the preview asked for one. */
export const confirmOf = (p: AsidePreview | null, c: RuleConfirmState) =>
  p?.needsConfirmation ? { confirm: { wide: c.wideOk, lineIds: [...c.ticked] } } : {};

/**
 * The preview inside a rule's form: how many lines the rule would catch and where they stand (in words), a
 * warning when it is wide (with "save it anyway") or catches lines with a proposal, approved or already in EVO,
 * and a short list of those lines — the ones the clerk may tick to set aside too, first.
 */
export function RulePreview({
  preview,
  loading,
  error,
  confirm,
  onTick,
  onWideOk,
  showWideNeeded,
}: {
  preview: AsidePreview | null;
  loading: boolean;
  error: string | null;
  confirm: RuleConfirmState;
  onTick: (lineId: number, on: boolean) => void;
  onWideOk: (ok: boolean) => void;
  /** The clerk tried to save a wide rule without confirming it. */
  showWideNeeded: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { title: useId(), wide: useId() };
  if (error)
    return (
      <p role="alert" className="status error">
        {error}
      </p>
    );
  if (!preview) return loading ? <p className="muted small">{t('workspace.rulePreview.loading')}</p> : null;
  const guarded = preview.caught - preview.counts.free - preview.counts.aside;
  const widest = [...preview.statements].sort((a, b) => b.caught / b.credits - a.caught / a.credits)[0];
  const parts = ASIDE_STANDINGS.filter((s) => preview.counts[s] > 0).map((s) =>
    t(`workspace.rulePreview.parts.${s}`, { count: preview.counts[s] }),
  );
  return (
    <section
      className={`rule-preview${preview.needsConfirmation ? ' needs' : ''}`}
      aria-labelledby={ids.title}
      aria-busy={loading}
    >
      <h4 id={ids.title}>{t('workspace.rulePreview.title')}</h4>
      {preview.caught === 0 ? (
        <p className="muted small">{t('workspace.rulePreview.none')}</p>
      ) : (
        <p className="small">
          {t('workspace.rulePreview.caught', { count: preview.caught })} {parts.join(' · ')}.
        </p>
      )}
      {preview.wide && widest && (
        <div className="rule-warning" role="note">
          <p>
            {t('workspace.rulePreview.wide', {
              caught: widest.caught,
              credits: widest.credits,
              file: statementLabel(
                { ...widest, id: widest.statementId },
                widest.accountName,
                i18n.language,
                t,
              ),
              percent: preview.widePercent,
            })}
          </p>
          <label className="radio" htmlFor={ids.wide}>
            <input
              id={ids.wide}
              type="checkbox"
              checked={confirm.wideOk}
              aria-invalid={showWideNeeded && !confirm.wideOk}
              onChange={(e) => onWideOk(e.target.checked)}
            />
            {t('workspace.rulePreview.wideOk', { count: preview.caught })}
          </label>
          {showWideNeeded && !confirm.wideOk && (
            <span className="warn small">{t('workspace.rulePreview.wideNeeded')}</span>
          )}
        </div>
      )}
      {guarded > 0 && (
        <p className="rule-warning" role="note">
          {t('workspace.rulePreview.guarded', { count: guarded })}
        </p>
      )}
      {preview.lines.length > 0 && (
        <ul className="rule-preview-list" aria-label={t('workspace.rulePreview.listLabel')}>
          {preview.lines.map((l) => {
            const tickable = TICKABLE.includes(l.standing);
            const text = `${formatDate(l.date, locale)} · ${formatMoney(l.amountCents, locale)} · ${l.description}`;
            return (
              <li key={l.lineId} className={`standing-${l.standing}`}>
                {tickable ? (
                  <label className="radio">
                    <input
                      type="checkbox"
                      checked={confirm.ticked.has(l.lineId)}
                      onChange={(e) => onTick(l.lineId, e.target.checked)}
                      aria-label={t('workspace.rulePreview.tick', { line: text })}
                    />
                    <span className="rule-line-text" title={text}>
                      {text}
                    </span>
                  </label>
                ) : (
                  <span className="rule-line-text" title={text}>
                    {text}
                  </span>
                )}
                <span className="rule-standing small">
                  {t(`workspace.rulePreview.standing.${l.standing}`)}
                </span>
              </li>
            );
          })}
          {preview.more > 0 && (
            <li className="muted small">{t('workspace.rulePreview.more', { count: preview.more })}</li>
          )}
        </ul>
      )}
    </section>
  );
}

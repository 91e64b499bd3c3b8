import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { useReasonText } from './reason-text';

/**
 * The confirmation a low-score choice needs before it is applied ([M] item 4), wherever the clerk chose (the
 * candidate list or the search): the score, the engine's reasons, "use once" or "use and remember the name"
 * (only when the line names someone), and "back" focused — the safe answer.
 */
export function WeakChoice({
  weak,
  canLearn,
  busy,
  details,
  onConfirm,
  onBack,
}: {
  weak: CommandOutput<'review.override'>;
  canLearn: boolean;
  busy: boolean;
  /** What the clerk compares (the bank's name beside the chosen ones, the amounts). */
  details?: ReactNode;
  onConfirm: (learn: boolean) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const title = useId();
  return (
    <div className="override-weak" role="alertdialog" aria-labelledby={title}>
      <h3 id={title}>{t('reconcile.override.low.title')}</h3>
      <p>{t('reconcile.override.low.score', { score: weak.score })}</p>
      {details}
      <p className="muted small">
        {weak.reasons.length
          ? weak.reasons.map(reasonText).join(' · ')
          : t('reconcile.override.low.noReasons')}
      </p>
      <p>
        <strong>{t('reconcile.override.low.question')}</strong>
      </p>
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => onConfirm(false)}>
          {t('reconcile.override.low.useOnce')}
        </button>
        {canLearn && (
          <button type="button" disabled={busy} onClick={() => onConfirm(true)}>
            {t('reconcile.override.low.useAndLearn')}
          </button>
        )}
        <button type="button" className="primary" autoFocus onClick={onBack}>
          {t('reconcile.override.low.back')}
        </button>
      </div>
    </div>
  );
}

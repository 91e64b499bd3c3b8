import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_NAMES } from '../../../shared/banks';
import type { CommandOutput } from '../../../shared/contract';

type Check = CommandOutput<'import.preview'>['accountCheck'];
type Hint = NonNullable<Check['fileAccount']>;

/** "Itaú (341) · ag. 1234 · c/c 56789-0": what the file says, in the clerk's words. */
export function useDescribeAccount(): (h: Hint) => string {
  const { t } = useTranslation();
  return (h) =>
    [
      h.bankCode !== null
        ? BANK_NAMES[h.bankCode]
          ? t('import.accountCheck.bankNamed', { name: BANK_NAMES[h.bankCode], code: h.bankCode })
          : t('import.accountCheck.bank', { code: h.bankCode })
        : null,
      h.agency ? t('import.accountCheck.agency', { agency: h.agency }) : null,
      h.account ? t('import.accountCheck.number', { account: h.account }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

/**
 * What the file says about its own account, beside the account chosen: a quiet line when they agree, a warning
 * with an explicit confirmation when they do not (a file of another account must never go in silently).
 */
export function AccountCheckNote({
  check,
  chosen,
  confirmed,
  onConfirm,
}: {
  check: Check;
  chosen: string | null;
  confirmed: boolean;
  onConfirm: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const describe = useDescribeAccount();
  if (!check.fileAccount) return null;
  const file = describe(check.fileAccount);
  if (check.verdict !== 'different')
    return (
      <p className="muted account-check">
        {t(check.verdict === 'same' ? 'import.accountCheck.same' : 'import.accountCheck.said', { file })}
      </p>
    );
  return (
    <div className="account-check mismatch" role="alert">
      <p>
        <strong>{t('import.accountCheck.attention')}</strong>{' '}
        {t(
          check.basis === 'remembered'
            ? 'import.accountCheck.differentRemembered'
            : 'import.accountCheck.different',
          { file, chosen: chosen ?? '—' },
        )}
      </p>
      <label htmlFor={id} className="check">
        <input id={id} type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />{' '}
        {t('import.accountCheck.confirm', { chosen: chosen ?? '—' })}
      </label>
    </div>
  );
}

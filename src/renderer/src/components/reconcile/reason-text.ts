import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReasonDto } from '../../../../shared/contract/matching';
import { formatDate, formatMoney } from '../../format';
import { englishReason } from '../../../../shared/i18n/reasons.en';

/** The reasons in the clerk's language: pt-BR shows the core's own sentence, English words the codes. */
export function useReasonText() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (r: ReasonDto) =>
      locale.startsWith('pt')
        ? r.text
        : englishReason(
            r,
            (c) => formatMoney(c, locale),
            (d) => formatDate(d, locale),
          ),
    [locale],
  );
}

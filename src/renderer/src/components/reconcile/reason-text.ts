import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReasonDto } from '../../../../shared/contract/matching';
import { formatDate, formatMoney } from '../../format';
import { englishReason } from '../../../../shared/i18n/reasons.en';
import { renderReason } from '../../../../shared/i18n/reasons.pt';

/**
 * The reasons in the clerk's language: pt-BR shows the core's own sentence, worded here with the core's own
 * function when the list came without it (`match.lines` `details: false`); English words the codes.
 */
export function useReasonText() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (r: ReasonDto) =>
      locale.startsWith('pt')
        ? r.text || renderReason(r)
        : englishReason(
            r,
            (c) => formatMoney(c, locale),
            (d) => formatDate(d, locale),
          ),
    [locale],
  );
}

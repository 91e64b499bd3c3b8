import { formatDate, formatMoney } from '../../format';

/**
 * formatMoney and formatDate remembered per locale: each call of those builds an Intl formatter (tens of
 * microseconds), and Conciliar's rows and its search ask for the same few thousand amounts and dates of a
 * statement again and again. The text is the shared functions' own, so it cannot differ from theirs.
 */
function remembered<K>(format: (key: K, locale: string) => string) {
  let locale = '';
  let known = new Map<K, string>();
  return (key: K, lang: string): string => {
    // Another language, or a cache grown past any statement's amounts and dates: start again.
    if (lang !== locale || known.size > 50_000) {
      locale = lang;
      known = new Map();
    }
    let text = known.get(key);
    if (text === undefined) {
      text = format(key, lang);
      known.set(key, text);
    }
    return text;
  };
}

export const moneyText = remembered<number>(formatMoney);
export const dateText = remembered<string | null>(formatDate);

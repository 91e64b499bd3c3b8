import type { TFunction } from 'i18next';
import type { MatchLine } from './MatchRow';

/** The bank's words for a day's boleto credit ("2 TIT", "5 TITULOS"), which some parsers keep as the payer. */
const TITLE_COUNT = /^\s*\d+\s*(tit|tits|titulos?|títulos?)\.?\s*$/i;

/**
 * Who paid a line, in the place the payer's name goes ([T] item 2): a boleto credit the return file explains
 * names its titles' payer (one title) or says "2 boletos do arquivo retorno" (the table lists them); the bank's
 * own count ("2 TIT") is never shown as a name. Otherwise the payer the statement names, or null.
 */
export function payerLabel(line: Pick<MatchLine, 'payerText' | 'returnTitles'>, t: TFunction): string | null {
  const titles = line.returnTitles ?? [];
  if (titles.length === 1 && titles[0]!.payerName) return titles[0]!.payerName;
  if (titles.length > 0) return t('workspace.titlesPayer', { count: titles.length });
  if (!line.payerText || TITLE_COUNT.test(line.payerText)) return null;
  return line.payerText;
}

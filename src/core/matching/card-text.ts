/**
 * What a statement line says of a card deposit ([J] item 1). Acquirers write it in many ways: brand and
 * product ("REDE VISA CD", "CIELO MASTER DEB"), the product only ("CIELO DEBITO", "GETNET CREDITO"), the
 * acquirer only ("STONE PAGAMENTOS"), or nothing useful ("CRED CARTAO", "VENDAS CARTAO"): the acquirer and
 * the brand are then '' and the product null, and the card pass tries each way the deposit may be grouped.
 */
import { cardDescriptor, type CardDescriptor } from './text';

export interface LineCard extends CardDescriptor {
  /** What the words say of the product; null when they say nothing (`credit` is then true, as before). */
  product: 'credit' | 'debit' | null;
}

/** A card credit whose text names no acquirer. */
const GENERIC =
  /\b(cred(ito)?|vendas?|recebimento|receb|liquidacao|antecipacao|antecip)\s+(de\s+|com\s+|em\s+)?(cartao|cartoes|cartao de credito|cartao de debito|cart)\b|\bantecipacao de recebiveis\b/;
/** "CRED CARTAO" says the account was credited, not that the product is credit. */
const CREDITED = /\bcred(ito)?\s+(de\s+)?cart(ao|oes)?\b/g;
const DEBIT = /\b(debito|deb|db|maestro|electron)\b/;
const CREDIT = /\b(credito|cred|cd|cr|parcelado|parc|rotativo|antecipacao|antecip)\b/;

export function lineCard(folded: string): LineCard | null {
  const named = cardDescriptor(folded);
  if (!named && !GENERIC.test(folded)) return null;
  const words = folded.replace(CREDITED, ' ');
  const debit = DEBIT.test(words);
  const credit = CREDIT.test(words);
  const product = debit && !credit ? 'debit' : credit && !debit ? 'credit' : null;
  return {
    acquirer: named?.acquirer ?? '',
    flag: named?.flag ?? '',
    credit: product !== 'debit',
    product,
  };
}

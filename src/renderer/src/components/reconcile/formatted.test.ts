import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../format';
import { dateText, moneyText } from './formatted';

describe("Conciliar's remembered formatting", () => {
  it('says what formatMoney and formatDate say, in either language, asked once or again', () => {
    for (const locale of ['pt-BR', 'en', 'pt-BR']) {
      for (const cents of [0, 1, 12990, -4500, 123456789, 12990]) {
        expect(moneyText(cents, locale)).toBe(formatMoney(cents, locale));
      }
      for (const iso of ['2026-11-20', '2026-01-02T10:00:00Z', null, '2026-11-20']) {
        expect(dateText(iso, locale)).toBe(formatDate(iso, locale));
      }
    }
  });
});

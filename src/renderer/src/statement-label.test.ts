/**
 * [T] item 5: one name for a statement, its account and period, as Conciliar's picker, Início and Importar's
 * history show it — never the machine file name, which only tells two of the same account and days apart.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/i18n/resources';
import { periodText, statementLabel, statementLabels } from './statement-label';

async function tr(lng: string) {
  const i = i18next.createInstance();
  await i.init({ resources, lng, interpolation: { escapeValue: false } });
  return i.t.bind(i) as (key: string, params?: Record<string, unknown>) => string;
}

const st = (
  id: number,
  periodFrom: string | null,
  periodTo: string | null,
  fileName = `extrato_${id}.ofx`,
) => ({
  id,
  fileName,
  periodFrom,
  periodTo,
});

describe('statementLabel', () => {
  it('names a statement by its account and period, the year said once when both ends share it', async () => {
    const t = await tr('pt-BR');
    const s = st(1, '2026-10-27', '2026-11-26', 'extrato_1_3263_679230_2026-10-27_2026-11-26.ofx');
    expect(statementLabel(s, 'Itaú - Conta Movimento', 'pt-BR', t)).toBe(
      'Itaú - Conta Movimento · 27/10 a 26/11/2026',
    );
    expect(periodText('2025-12-28', '2026-01-03', 'pt-BR', t)).toBe('28/12/2025 a 03/01/2026');
    expect(periodText('2026-11-03', '2026-11-03', 'pt-BR', t)).toBe('03/11/2026');
    expect(periodText(null, null, 'pt-BR', t)).toBeNull();
  });

  it('without the account, the period; without either, the file name is all there is', async () => {
    const t = await tr('pt-BR');
    expect(statementLabel(st(1, '2026-10-27', '2026-11-26'), null, 'pt-BR', t)).toBe(
      'Extrato de 27/10 a 26/11/2026',
    );
    expect(statementLabel(st(1, null, null, 'x.ofx'), 'Itaú', 'pt-BR', t)).toBe('Itaú');
    expect(statementLabel(st(1, null, null, 'x.ofx'), null, 'pt-BR', t)).toBe('x.ofx');
  });

  it('in English, the same label in its words and date order', async () => {
    const t = await tr('en');
    expect(statementLabel(st(1, '2026-10-27', '2026-11-26'), 'Itaú', 'en', t)).toBe(
      'Itaú · 10/27 to 11/26/2026',
    );
  });

  it('two statements of one account over the same days are told apart by their file names', async () => {
    const t = await tr('pt-BR');
    const labels = statementLabels(
      [
        { ...st(1, '2026-10-27', '2026-11-26', 'a.ofx'), accountName: 'Itaú' },
        { ...st(2, '2026-10-27', '2026-11-26', 'b.csv'), accountName: 'Itaú' },
        { ...st(3, '2026-09-27', '2026-10-26', 'c.ofx'), accountName: 'Itaú' },
      ],
      'pt-BR',
      t,
    );
    expect([...labels.values()]).toEqual([
      'Itaú · 27/10 a 26/11/2026 (a.ofx)',
      'Itaú · 27/10 a 26/11/2026 (b.csv)',
      'Itaú · 27/09 a 26/10/2026',
    ]);
  });
});

/**
 * [T] item 5: one name for a statement, its account and period, as Conciliar's picker, Início and Importar's
 * history show it — never the machine file name, which only tells two of the same account and days apart.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from './i18n/resources';
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

  it('two statements of one account over the same days: told apart by their kind of file, else by when each was imported', async () => {
    const t = await tr('pt-BR');
    const at = (iso: string) =>
      new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
    const of = (id: number, from: string, to: string, format: string, importedAt: string) => ({
      ...st(id, from, to),
      accountName: 'Itaú',
      format,
      importedAt,
    });
    const labels = statementLabels(
      [
        of(1, '2026-10-27', '2026-11-26', 'ofx', '2026-11-27T10:00:00Z'),
        of(2, '2026-10-27', '2026-11-26', 'ofx', '2026-11-27T11:30:00Z'),
        of(3, '2026-09-27', '2026-10-26', 'ofx', '2026-10-27T10:00:00Z'),
        of(4, '2026-09-27', '2026-10-26', 'csv', '2026-10-27T11:00:00Z'),
        of(5, '2026-08-27', '2026-09-26', 'csv', '2026-09-27T11:00:00Z'),
      ],
      'pt-BR',
      t,
    );
    expect([...labels.values()]).toEqual([
      `Itaú · 27/10 a 26/11/2026 (importado em ${at('2026-11-27T10:00:00Z')})`,
      `Itaú · 27/10 a 26/11/2026 (importado em ${at('2026-11-27T11:30:00Z')})`,
      'Itaú · 27/09 a 26/10/2026 (OFX)',
      'Itaú · 27/09 a 26/10/2026 (CSV)',
      'Itaú · 27/08 a 26/09/2026',
    ]);
  });
});

/** [W] What Conciliar says when a decision met lines someone else changed first (conflict-text.ts). */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { conflictText } from '../../src/renderer/src/components/reconcile/conflict-text';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
    lng: 'pt-BR',
    interpolation: { escapeValue: false },
  });
});
const t = (...a: Parameters<typeof i18n.t>) => i18n.t(...a);
/** 13:42 UTC is 10:42 in Brasília, whatever the machine's zone. */
const NOW = new Date('2026-11-27T14:00:00Z');
const c = (x: Partial<Parameters<typeof conflictText>[0][number]>) => ({
  matchId: 1,
  lineId: 10,
  by: 'ana',
  at: '2026-11-27T13:42:00.000Z',
  state: 'approved',
  ...x,
});

describe('conflictText', () => {
  it('one line decided alone: who, what and when, in Brasília', () => {
    expect(conflictText([c({})], 1, t as never, 'pt-BR', NOW)).toBe(
      'Esta linha já foi aprovada por ana às 10:42 — a lista foi atualizada.',
    );
    expect(conflictText([c({ state: 'set_aside', by: 'joão' })], 1, t as never, 'pt-BR', NOW)).toBe(
      'Esta linha já foi deixada de lado por joão às 10:42 — a lista foi atualizada.',
    );
  });

  it('another day: the date too; nobody recorded: still a sentence, never empty names', () => {
    expect(conflictText([c({ at: '2026-11-26T13:42:00.000Z' })], 1, t as never, 'pt-BR', NOW)).toBe(
      'Esta linha já foi aprovada por ana em 26/11/2026 às 10:42 — a lista foi atualizada.',
    );
    expect(conflictText([c({ by: '', at: '' })], 1, t as never, 'pt-BR', NOW)).toBe(
      'Esta linha mudou enquanto você a via — a lista foi atualizada.',
    );
  });

  it('a batch: how many, and who and when for each', () => {
    const text = conflictText(
      [c({}), c({ matchId: 2, by: 'bia', state: 'rejected', at: '2026-11-27T13:43:00.000Z' })],
      5,
      t as never,
      'pt-BR',
      NOW,
    );
    expect(text).toBe(
      '2 linhas já tinham sido mudadas por outras pessoas e ficaram como estavam (ana às 10:42, aprovada; bia às 10:43, rejeitada) — a lista foi atualizada.',
    );
  });

  it('in English from the catalogue', async () => {
    await i18n.changeLanguage('en');
    expect(conflictText([c({})], 1, t as never, 'en', NOW)).toBe(
      'This line was already approved by ana at 10:42 AM — the list was refreshed.',
    );
    await i18n.changeLanguage('pt-BR');
  });
});

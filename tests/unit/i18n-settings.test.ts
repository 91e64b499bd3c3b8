import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/shared/i18n/resources';

/** [P] item 3: every sentence a connection test, a save after a failed test or a removal can show, in both languages. */
describe('connection test texts', () => {
  it('words connection.not_api for each kind of body, the nested part resolved, in pt-BR and English', async () => {
    for (const lng of ['pt-BR', 'en'] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ resources, lng, interpolation: { escapeValue: false } });
      for (const received of ['html', 'text', 'empty', 'json']) {
        const text = i18n.t('errors.connection.not_api', { received });
        expect(text).not.toMatch(/\$t\(|\{\{|connectionCheck\./);
        expect(text).toContain(i18n.t(`connectionCheck.received.${received}`));
      }
      expect(i18n.t('errors.connection.key_not_guid')).toMatch(/GUID|3f2504e0/);
      expect(i18n.t('connectionCheck.notices.key_sees_branches', { count: 2, branches: '7, 12' })).toContain(
        '7, 12',
      );
      expect(i18n.t('profileRemove.ask', { name: 'Unidade Centro' })).toContain('Unidade Centro');
    }
  });
  it('reads “veio uma página da web” in Portuguese', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
    expect(i18n.t('errors.connection.not_api', { received: 'html' })).toMatch(
      /^O endereço respondeu, mas não como a API de integração do EVO: em vez da lista de contas bancárias, veio uma página da web\./,
    );
  });
});

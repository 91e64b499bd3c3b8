import { describe, expect, it } from 'vitest';
import { formatBrasilia } from './format';

describe('formatBrasilia: instants as Brasília’s clock shows them, whatever the computer’s zone', () => {
  it('00:30 UTC is still the previous evening in Brasília (UTC−3)', () => {
    const iso = '2026-11-21T00:30:00.000Z';
    expect(formatBrasilia(iso, 'pt-BR')).toBe('20/11/2026, 21:30');
    expect(formatBrasilia(iso, 'pt-BR', { dateStyle: 'short' })).toBe('20/11/2026');
    expect(formatBrasilia(iso, 'pt-BR', { timeStyle: 'short' })).toBe('21:30');
    expect(formatBrasilia(null, 'pt-BR')).toBe('—');
  });
});

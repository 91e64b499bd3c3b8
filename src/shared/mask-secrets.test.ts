import { describe, expect, it } from 'vitest';
import { maskSecrets } from './mask-secrets';

describe('maskSecrets (audit screen and audit exports)', () => {
  it('hides secret-looking fields at any depth and keeps everything else', () => {
    expect(
      maskSecrets({
        baseUrl: 'https://evo.example',
        password: 'k-123',
        nested: [{ apiKey: 'x', chave: 'y', amountCents: 990 }],
        token: '',
        senha: null,
      }),
    ).toEqual({
      baseUrl: 'https://evo.example',
      password: '***',
      nested: [{ apiKey: '***', chave: '***', amountCents: 990 }],
      token: '',
      senha: null,
    });
  });
});

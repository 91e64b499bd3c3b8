import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRows } from '../../src/renderer/src/components/audit/audit-text';
import { resources } from '../../src/shared/i18n/resources';

/** A label or value the clerk cannot read: a stored key (camelCase), a snake_case code, English. */
const RAW =
  /[a-z][A-Z]|[a-z]_[a-z]|\b(all|received|first|mode|dropped|skipped|kind|layout|acquirer|sales|payments|titles|settlements|inserted)\b|cielo-edi/;

/**
 * [T] item 4: Auditoria's entry details for a return file, a card file, a sync and a send say every stored key and
 * value in words (“Banco: Itaú (341)”, “Tipo: arquivo retorno de boletos”), not `bankCode`, `cnab_return`,
 * `readBack: all received`.
 */
describe('audit entry details in words', () => {
  let t: TFunction;
  let exists: (key: string) => boolean;
  beforeAll(async () => {
    const i = i18next.createInstance();
    await i.init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
    t = i.t.bind(i);
    exists = (k) => i.exists(k);
  });
  const said = (value: unknown) =>
    (changeRows(t, exists, value, 'pt-BR') ?? []).map((r) => `${r.label}: ${r.text}`);

  it('a return file’s import', () => {
    const rows = said({
      fileName: 'retorno.ret',
      bankAccountId: 2,
      kind: 'cnab_return',
      bankCode: '341',
      layout: '400',
      titles: 7,
      settlements: 5,
      inserted: 5,
      alreadyKnown: 0,
      sameFile: false,
    });
    expect(rows).toContain('Banco: Itaú (341)');
    expect(rows).toContain('Tipo: arquivo retorno de boletos');
    expect(rows).toContain('Formato: linhas de 400 caracteres');
    expect(rows).toContain('Boletos pagos: 5');
    for (const r of rows) expect(r).not.toMatch(RAW);
    // The account by its name where the screen knows it; its number only when it does not.
    expect(rows).toContain('Conta bancária: 2');
    const named = (
      changeRows(t, exists, { bankAccountId: 2 }, 'pt-BR', {
        accounts: new Map([[2, 'Itaú - Conta Movimento']]),
      }) ?? []
    ).map((r) => `${r.label}: ${r.text}`);
    expect(named).toEqual(['Conta bancária: Itaú - Conta Movimento']);
  });

  it('a card file’s import', () => {
    const rows = said({
      fileName: 'cielo.txt',
      kind: 'acquirer_file',
      acquirer: 'cielo',
      layout: 'cielo-edi-15',
      sales: 5,
      payments: 2,
      inserted: 6,
    });
    expect(rows).toContain('Empresa do cartão: Cielo');
    expect(rows).toContain('Formato: extrato eletrônico, versão 15');
    for (const r of rows) expect(r).not.toMatch(RAW);
  });

  it('a sync’s counts and a send’s check in EVO', () => {
    const sync = said({
      receivables: { fetched: 593, skipped: 0, dropped: 0, mode: 'first', windowFetches: 1 },
    });
    expect(sync.join(' ')).toContain('Modo: primeira sincronização');
    for (const r of sync) expect(r).not.toMatch(RAW);
    expect(said({ readBack: 'all received' })).toEqual(['Conferência no EVO: todos constam como recebidos']);
    expect(said({ readBack: 'none received: safe to send again' })).toEqual([
      'Conferência no EVO: nenhum consta como recebido: pode ser enviado de novo',
    ]);
  });
});

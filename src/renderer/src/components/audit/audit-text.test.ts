import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../../shared/i18n/resources';
import { actionText, actorText, changeRows, subjectText } from './audit-text';

/** [T] item 4: Auditoria in the clerk's words — what, about what, and who. */
describe('audit entries in words', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
  });
  const exists = (key: string) => i18n.exists(key);

  it('names each kind of imported file by its subject, old entries included', () => {
    expect(actionText(i18n.t, exists, 'import.committed', 'statement:3')).toBe('Extrato importado');
    expect(actionText(i18n.t, exists, 'import.committed', 'return_file:1')).toBe('Arquivo retorno importado');
    expect(actionText(i18n.t, exists, 'import.committed', 'acquirer_file:1')).toBe(
      'Arquivo de vendas do cartão importado',
    );
    expect(actionText(i18n.t, exists, 'import.removed', 'statement:3')).toBe('Extrato removido');
    expect(actionText(i18n.t, exists, 'outbox.sent', 'batch:2')).toBe('Lote enviado');
    expect(actionText(i18n.t, exists, 'match.set_aside', 'line:2')).toBe('Lançamento deixado de lado');
    expect(actionText(i18n.t, exists, 'something.new', null)).toBe('something.new');
  });

  it('says what an entry is about by name, else by kind and number — never `kind:id`', () => {
    expect(subjectText(i18n.t, exists, 'return_file:1', 'retorno.ret')).toBe('Arquivo retorno retorno.ret');
    expect(subjectText(i18n.t, exists, 'statement:3', 'extrato_nov.ofx')).toBe('Extrato extrato_nov.ofx');
    expect(subjectText(i18n.t, exists, 'acquirer_file:2', 'cielo.txt')).toBe(
      'Arquivo de vendas do cartão cielo.txt',
    );
    expect(subjectText(i18n.t, exists, 'batch:2', null)).toBe('Lote 2');
    expect(subjectText(i18n.t, exists, 'return_file:1', null)).toBe('Arquivo retorno nº 1');
    expect(subjectText(i18n.t, exists, 'member:42', 'Maria Souza')).toBe('Aluno Maria Souza');
    expect(subjectText(i18n.t, exists, 'send_policy:3')).toBe('Regra de envio automático, versão 3');
    expect(subjectText(i18n.t, exists, 'cycle 12')).toBe('Ciclo automático nº 12');
    expect(subjectText(i18n.t, exists, 'update.feed')).toBe('Endereço das atualizações');
    expect(subjectText(i18n.t, exists, 'settings')).toBe('Preferências do Quita');
    expect(subjectText(i18n.t, exists, null)).toBe('—');
    expect(subjectText(i18n.t, exists, 'weird thing')).toBe('weird thing');
  });

  it('says who and how, the scheduled cycle by the name the screens give it', () => {
    expect(actorText(i18n.t, 'root (browser)')).toBe('root, pelo navegador');
    expect(actorText(i18n.t, 'maria (desktop)')).toBe('maria, pelo aplicativo');
    expect(actorText(i18n.t, 'maria (cli)')).toBe('maria, pela linha de comando');
    expect(actorText(i18n.t, 'maria (schedule)')).toBe('ciclo automático');
    // [W] On the office server, the person logged in and that it was there.
    expect(actorText(i18n.t, 'ana (server)')).toBe('ana, pelo servidor do escritório');
    expect(actorText(i18n.t, 'ana.souza (server)')).toBe('ana.souza, pelo servidor do escritório');
    expect(actorText(i18n.t, 'regra de envio automático 3')).toBe('regra de envio automático 3');
  });

  it('[V] says a branch change in words: the branch by name, the account whose branch changed, who set it', () => {
    expect(subjectText(i18n.t, exists, 'branch:11', 'Centro')).toBe('Unidade Centro');
    expect(subjectText(i18n.t, exists, 'branch:11', null)).toBe('Unidade 11');
    expect(subjectText(i18n.t, exists, 'account_branch:2', 'Banco do Brasil - Conta Movimento')).toBe(
      'Unidade da conta Banco do Brasil - Conta Movimento',
    );
    expect(subjectText(i18n.t, exists, 'account_branch:2', null)).toBe('Unidade da conta bancária nº 2');
    const rows = changeRows(i18n.t, exists, { branchId: null, network: true, source: 'office' }, 'pt-BR');
    expect(rows).toEqual([
      { label: 'Unidade (número no EVO)', text: '—' },
      { label: 'Conta da rede', text: 'sim' },
      { label: 'Definida por', text: 'o escritório' },
    ]);
    expect(
      changeRows(
        i18n.t,
        exists,
        { branches: { read: 'branches', branchesRead: 5, newBranches: [7] } },
        'pt-BR',
      ),
    ).toEqual([
      {
        label: 'Unidades',
        text: 'Leitura: unidade por unidade, Unidades lidas uma a uma: 5, Unidades novas (número no EVO): 7',
      },
    ]);
    expect(changeRows(i18n.t, exists, { name: 'Centro', chosen: false }, 'pt-BR')).toEqual([
      { label: 'Nome', text: 'Centro' },
      { label: 'Conciliada aqui', text: 'não' },
    ]);
  });
});

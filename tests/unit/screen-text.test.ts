import { describe, expect, it } from 'vitest';
import {
  checkCodes,
  checkEnglish,
  checkJson,
  checkPaths,
  checkPlurals,
  compareKnown,
  countTable,
  cutFindings,
  DATA_DIR,
  ENGLISH_WORDS,
  knownFileText,
  LOG_FILE,
  normalisePaths,
  type Finding,
} from '../e2e/screen-text';

/** The screen-text check's pure parts ([T]): what each check finds, and what it lets through. */
const texts = (hits: { text: string }[]) => hits.map((h) => h.text);

describe('codes', () => {
  it('finds i18n keys, snake_case, kind:id and camelCase', () => {
    expect(texts(checkCodes('Aviso: import.notices.cnab_x ao importar'))).toEqual(['import.notices.cnab_x']);
    expect(texts(checkCodes('Sobre return_file:1 e RETURN_FILE'))).toEqual(['return_file:1', 'RETURN_FILE']);
    expect(texts(checkCodes('Detalhe readBack: tudo'))).toEqual(['readBack']);
    expect(texts(checkCodes('tipo cnab_return'))).toEqual(['cnab_return']);
  });
  it('lets through file names, addresses, domains, decimals, times, abbreviations and placeholders', () => {
    const fine = [
      'Arquivo retorno flow-itau-400-day.ret importado',
      'Extrato extrato_1_3263_679230_2026-11-27.ofx',
      'cielo-04-pagamentos-crlf-stripped.txt',
      'O normal é https://evo-integracao-api.w12app.com.br/api/v1',
      'Escreva para suporte@quita.com.br',
      'sandbox.evo.local e quita.app',
      'R$ 1.234,56 às 10:30, versão 0.1.0',
      'p.ex. a conta; Ex.: Unidade Centro',
      'Inserir: {nome} {primeiro_nome} {dias_atraso}',
      'iPhone e eSocial',
    ];
    for (const s of fine) expect(texts(checkCodes(s)), s).toEqual([]);
  });
});

describe('English words', () => {
  it('finds whole words of the list, any case, and says the word', () => {
    expect(texts(checkEnglish('Status: pending · 3 lines matched'))).toEqual(['pending', 'lines', 'matched']);
    expect(texts(checkEnglish('root (browser)'))).toEqual(['browser']);
    expect(texts(checkEnglish('valor NaN, undefined'))).toEqual(['nan', 'undefined']);
  });
  it('never inside a Portuguese word, never a proper name, a state or a file name', () => {
    expect(texts(checkEnglish('Importar o extrato; importado; pendente; arquivos; linhas'))).toEqual([]);
    expect(texts(checkEnglish('Cielo, Rede, Stone, Getnet, PagBank, Itaú, Pix, OFX, EVO, Quita'))).toEqual(
      [],
    );
    expect(texts(checkEnglish('Tocantins (TO) · Espírito Santo (ES)'))).toEqual([]);
    expect(texts(checkEnglish('cielo-04-pagamentos-crlf-stripped.txt'))).toEqual([]);
    // A hash shown to the clerk: letters glued to digits are a code (the CLI's audit verify prints one).
    expect(texts(checkEnglish('código de conferência (hash) do registro: 5a49c1be0f451906…'))).toEqual([]);
    expect(texts(checkEnglish('be 3 lines'))).toEqual(['be', 'lines']);
    expect(texts(checkEnglish('Total R$ 10,00 · status · se for o caso, use a data · não serve'))).toEqual(
      [],
    );
  });
  it('has about 150 or more words, none of them Portuguese as well', () => {
    expect(ENGLISH_WORDS.length).toBeGreaterThanOrEqual(150);
    for (const w of ['a', 'as', 'do', 'no', 'me', 'for', 'use', 'serve', 'data', 'total', 'status', 'via'])
      expect(ENGLISH_WORDS).not.toContain(w);
  });
});

describe('raw JSON', () => {
  it('finds objects, keys and stringified objects', () => {
    expect(checkJson('Erro: {"code":"x"}')).not.toEqual([]);
    expect(checkJson('"amountCents": 100')).not.toEqual([]);
    expect(texts(checkJson('Valor [object Object]'))).toEqual(['[object Object]']);
  });
  it('lets through quotes in words', () => {
    expect(checkJson('Regra “cred ted”: 3 lançamentos; a palavra "cred" pega 8')).toEqual([]);
  });
});

describe('paths', () => {
  const host = {
    dataDir: '/tmp/quita-e2e-Ab12/data',
    logFile: '/tmp/quita-e2e-Ab12/data/logs/quita.log',
    root: '/tmp/quita-e2e-Ab12',
  };
  it('names the host folders the same on every run', () => {
    expect(
      normalisePaths('em /tmp/quita-e2e-Ab12/data/logs/quita.log e /tmp/quita-e2e-Ab12/data', host),
    ).toBe(`em ${LOG_FILE} e ${DATA_DIR}`);
    expect(normalisePaths('/tmp/quita-e2e-Zz99/keys', host)).toBe('/tmp/quita-e2e-*/keys');
  });
  it('finds paths and internal files; allows exactly what the screen may show', () => {
    expect(texts(checkPaths(`Pasta ${DATA_DIR} e ${DATA_DIR}/backups`))).toEqual([
      DATA_DIR,
      `${DATA_DIR}/backups`,
    ]);
    expect(texts(checkPaths(`Pasta ${DATA_DIR} e ${DATA_DIR}/backups`, [DATA_DIR]))).toEqual([
      `${DATA_DIR}/backups`,
    ]);
    expect(texts(checkPaths('em /home/ana/quita e C:\\Users\\ana e \\\\servidor\\pasta'))).toEqual([
      '/home/ana/quita',
      'C:\\Users\\ana',
      '\\\\servidor\\pasta',
    ]);
    expect(texts(checkPaths('o banco quita.sqlite e settings.json'))).toEqual([
      'quita.sqlite',
      'settings.json',
    ]);
    expect(texts(checkPaths('importado pagbank.json', [], ['pagbank.json']))).toEqual([]);
  });
  it('lets through addresses, dates and amounts', () => {
    expect(checkPaths('https://exemplo.com.br/tmp/x · 27/11/2026 · R$ 1/2')).toEqual([]);
  });
});

describe('plurals', () => {
  it('finds "(s)" and its kin glued to a word', () => {
    expect(texts(checkPlurals('3 lançamento(s) de alguém(ns), CRÉDITO(S)'))).toEqual([
      'lançamento(s)',
      'alguém(ns)',
      'CRÉDITO(S)',
    ]);
  });
  it('lets through a state in parentheses', () => {
    expect(checkPlurals('Espírito Santo (ES) · Sergipe (SE)')).toEqual([]);
  });
});

describe('cut names', () => {
  const cut = {
    where: 'table › td.ellipsis',
    text: 'Eduardo de Teixeira Oliveira',
    needed: 24,
    roomWhy: 'in column 8',
  };
  it('reports a cut only where its row has room, once per place', () => {
    expect(
      cutFindings([
        { ...cut, room: 42 },
        { ...cut, text: 'outro', room: 60 },
      ]),
    ).toHaveLength(1);
    expect(cutFindings([{ ...cut, room: 39 }])).toEqual([]);
    expect(cutFindings([{ ...cut, needed: 0, room: 100 }])).toEqual([]);
  });
});

describe('the known list', () => {
  const f = (screen: string, text: string): Finding => ({
    screen,
    stop: 's',
    check: 'english',
    text,
    context: text,
  });
  it('fails on what it does not hold and on what no longer occurs', () => {
    const known = [
      { screen: 'Auditoria', check: 'english' as const, text: 'kind', why: 'a' },
      { screen: 'Auditoria', check: 'english' as const, text: 'gone', why: 'b' },
    ];
    const r = compareKnown([f('Auditoria', 'kind'), f('Auditoria', 'kind'), f('Enviar', 'kind')], known);
    expect(r.fresh.map((x) => x.screen)).toEqual(['Enviar']);
    expect(r.stale.map((x) => x.text)).toEqual(['gone']);
  });
  it('counts per screen and check, and is written back keeping the why', () => {
    const t = countTable(
      [f('Auditoria', 'kind'), f('Auditoria', 'kind'), f('Auditoria', 'sales')],
      ['Início', 'Auditoria'],
    );
    expect(t['Início']!.total).toBe(0);
    expect(t.Auditoria!.english).toBe(2);
    expect(t.total!.total).toBe(2);
    const file = knownFileText(
      [f('Auditoria', 'kind'), f('Auditoria', 'sales')],
      [{ screen: 'Auditoria', check: 'english', text: 'kind', why: 'the raw key' }],
    );
    expect(file).toContain('"why":"the raw key"');
    expect(file).toContain('TODO say why');
  });
});

import * as XLSX from 'xlsx';
import { storeOfDb } from '../store/sqlite-store';
import { describe, expect, it } from 'vitest';
import { appendAudit } from '../audit/audit.repo';
import { auditLogReport } from './audit-log.report';
import { pdfPages } from './pdf-text.testing';
import { reconciliationReport } from './reconciliation.report';
import { auditLogFile, capped, reconciliationFile, type ReportMeta } from './report-files';
import { ANA, INJECTION, buildScenario } from './scenario.testing';
import { outboxOn } from '../outbox/testing';

const meta: ReportMeta = {
  branch: 'Academia Centro (centro.w12app)',
  generatedAt: new Date('2026-11-21T15:00:00.000Z'),
  today: '2026-11-21',
};
const NOV = { from: '2026-11-01', to: '2026-11-30' };
const csvLines = (b: Buffer) =>
  b
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
const sheetOf = (b: Buffer) => {
  const book = XLSX.read(b, { type: 'buffer', cellDates: true });
  const name = book.SheetNames[0]!;
  const sheet = book.Sheets[name]!;
  return { name, cell: (ref: string) => sheet[ref] as XLSX.CellObject | undefined };
};
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('reconciliation report files', () => {
  it('CSV: one row per receivable, Brazilian formats, formulas neutralised, totals at the end', async () => {
    const { db } = await buildScenario();
    const f = await reconciliationFile(await reconciliationReport(storeOfDb(db), NOV), 'csv', NOV, meta);
    expect(f).toMatchObject({ fileName: 'conciliacao-2026-11-01_a_2026-11-30.csv', mediaType: 'text/csv' });
    const lines = csvLines(f.bytes);
    expect(lines[0]).toMatch(
      /^Recebível;Aluno \(id\);Pagador;Valor do recebível;Valor creditado;Vencimento;Conta bancária;Data no banco;Data registrada no EVO;Situação da data no EVO;Mês diferente do banco;Descrição no extrato;/,
    );
    expect(lines[1]).toBe(
      '101;501;Maria José da Silva;150,00;150,00;05/11/2026;Itaú Centro 1234-5;06/11/2026;20/11/2026;confirmada;;' +
        'PIX RECEBIDO MARIA JOSE DA SILVA;' +
        '150,00;extrato-itau-novembro.ofx;96;verde;ana, pelo aplicativo;20/11/2026 10:05:00;ana, pelo aplicativo;20/11/2026 10:10:00;' +
        '20/11/2026 10:11:05;20/11/2026 10:12:00;2;confirmado;',
    );
    // A payer name and a bank description that a spreadsheet would run as formulas stay text.
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""clique"")"`);
    expect(lines[2]).toContain(";'-PIX RECEBIDO SEM NOME;");
    expect(lines[3]).toContain('Zoë Łukasz 😀');
    expect(lines[3]).toContain('precisa de revisão;a API recusou: recebível já recebido');
    expect(lines.slice(4, 9).map(nbsp)).toEqual([
      '',
      'Total: 3 recebíveis, R$ 369,90.',
      'Confirmados pela API: 2 recebíveis, R$ 249,90.',
      'Com data no EVO em mês diferente da data no banco: 0 recebíveis, R$ 0,00.',
      '',
    ]);
    // The legend says why the bank date and the EVO's date can differ.
    expect(lines[9]).toMatch(/^Nota: ao marcar como pago, a API do EVO não recebe a data do crédito\. /);
    expect(lines[9]).toContain(
      'O EVO registra como data de recebimento o dia do envio (horário de Brasília)',
    );
    expect(lines[10]).toMatch(
      /^“prevista \(dia do envio\)”: enviado, mas o recebimento ainda não foi confirmado/,
    );
  });

  it('a card sale: the receivable’s value and, beside it (under it in the PDF), what the bank credited', async () => {
    const { db } = await buildScenario();
    db.prepare('UPDATE outbox_items SET amount_cents = 14700 WHERE receivable_id = 101').run();
    const report = await reconciliationReport(storeOfDb(db), NOV);
    const csv = csvLines((await reconciliationFile(report, 'csv', NOV, meta)).bytes);
    expect(csv[1]).toMatch(/^101;501;Maria José da Silva;150,00;147,00;05\/11\/2026;/);
    const pdf = (await pdfPages((await reconciliationFile(report, 'pdf', NOV, meta)).bytes)).flat().map(nbsp);
    expect(pdf).toContain('(creditado)');
    const at = pdf.indexOf('R$ 150,00');
    expect(pdf.slice(at, at + 2)).toEqual(['R$ 150,00', '(R$ 147,00)']);
  });

  it('XLSX: money as numbers, dates and Brasília times as dates, formulas as text, totals below', async () => {
    const { db } = await buildScenario();
    const f = await reconciliationFile(await reconciliationReport(storeOfDb(db), NOV), 'xlsx', NOV, meta);
    expect(f.fileName).toBe('conciliacao-2026-11-01_a_2026-11-30.xlsx');
    const { name, cell } = sheetOf(f.bytes);
    expect(name).toBe('Conciliação');
    expect(cell('A2')?.v).toBe(101);
    // The receivable's value (what EVO records) and the bank credit's share for it.
    expect([cell('D1')?.v, cell('E1')?.v]).toEqual(['Valor do recebível', 'Valor creditado']);
    expect(cell('D2')).toMatchObject({ t: 'n', v: 150 });
    expect(cell('E2')).toMatchObject({ t: 'n', v: 150 });
    expect((cell('H2')?.v as Date).toISOString().slice(0, 10)).toBe('2026-11-06');
    // "Aprovado em": 13:05 UTC is 10:05 in Brasília, stored as wall-clock time.
    expect((cell('R2')?.v as Date).toISOString()).toBe('2026-11-20T10:05:00.000Z');
    expect(cell('I1')?.v).toBe('Data registrada no EVO');
    expect((cell('I2')?.v as Date).toISOString().slice(0, 10)).toBe('2026-11-20');
    expect(cell('C3')?.v).toBe(`'${INJECTION}`);
    expect(cell('C3')?.f).toBeUndefined();
    expect(cell('C4')?.v).toBe('Zoë Łukasz 😀');
    expect(nbsp(String(cell('A6')?.v))).toBe('Total: 3 recebíveis, R$ 369,90.');
  });

  it('PDF: title, period, branch, every row, accents kept, other characters replaced, totals, page numbers', async () => {
    const { db } = await buildScenario();
    const f = await reconciliationFile(await reconciliationReport(storeOfDb(db), NOV), 'pdf', NOV, meta);
    expect(f).toMatchObject({
      fileName: 'conciliacao-2026-11-01_a_2026-11-30.pdf',
      mediaType: 'application/pdf',
    });
    expect(f.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(f.bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!.map(nbsp);
    expect(text).toEqual(
      expect.arrayContaining([
        'Quita: relatório de conciliação',
        'Período: 01/11/2026 a 30/11/2026',
        'Filial / perfil: Academia Centro (centro.w12app)',
        'Gerado em: 21/11/2026 12:00:00 (horário de Brasília)',
        'Maria José da Silva',
        'R$ 150,00',
        'Zoë Lukasz ?',
        // Who approved, as the Auditoria screen says it ([T]), not the log's `ana (desktop)`.
        'ana, pelo aplicativo',
        'conf. 20/11/2026 10:12',
        'Total: 3 recebíveis, R$ 369,90.',
        'Confirmados pela API: 2 recebíveis, R$ 249,90.',
        'Página 1 de 1',
      ]),
    );
    expect(text.join(' ')).toContain('=HYPERLINK');
  });
});

describe('reconciliation files: bank date beside the date the EVO records', () => {
  /** October's line sent on 3 November and not confirmed yet: the EVO will record November. */
  const sentInNovember = async () => {
    const { db } = await buildScenario();
    await outboxOn(db).transition(1, 'sending', ANA, { attempt: true, now: '2026-11-03T12:00:00.000Z' });
    await outboxOn(db).transition(1, 'sent', ANA, { now: '2026-11-03T12:00:01.000Z' });
    return await reconciliationReport(storeOfDb(db), {});
  };

  it('CSV: "Data no banco", "Data registrada no EVO", expected or confirmed, and the change of month flagged', async () => {
    const f = await reconciliationFile(await sentInNovember(), 'csv', {}, meta);
    const lines = csvLines(f.bytes);
    const header = lines[0]!.split(';');
    const col = (name: string) => header.indexOf(name);
    expect(col('Data registrada no EVO')).toBe(col('Data no banco') + 1);
    const october = lines[1]!.split(';');
    expect(october[0]).toBe('104');
    expect(october[col('Data no banco')]).toBe('30/10/2026');
    expect(october[col('Data registrada no EVO')]).toBe('03/11/2026');
    expect(october[col('Situação da data no EVO')]).toBe('prevista (dia do envio)');
    expect(october[col('Mês diferente do banco')]).toBe('sim');
    const zoe = lines[4]!.split(';');
    expect(zoe[0]).toBe('103');
    expect([zoe[col('Data registrada no EVO')], zoe[col('Mês diferente do banco')]]).toEqual(['', '']);
    expect(lines.map(nbsp)).toContain(
      'Com data no EVO em mês diferente da data no banco: 1 recebível, R$ 50,00.',
    );
  });

  it('XLSX: the EVO date is a real date cell', async () => {
    const f = await reconciliationFile(await sentInNovember(), 'xlsx', {}, meta);
    const { cell } = sheetOf(f.bytes);
    expect([cell('H1')?.v, cell('I1')?.v, cell('J1')?.v, cell('K1')?.v]).toEqual([
      'Data no banco',
      'Data registrada no EVO',
      'Situação da data no EVO',
      'Mês diferente do banco',
    ]);
    expect((cell('I2')?.v as Date).toISOString().slice(0, 10)).toBe('2026-11-03');
    expect([cell('J2')?.v, cell('K2')?.v]).toEqual(['prevista (dia do envio)', 'sim']);
  });

  it('PDF: both dates, "prevista" and "mês diferente" in the cell, and the legend after the totals', async () => {
    const f = await reconciliationFile(await sentInNovember(), 'pdf', {}, meta);
    const text = (await pdfPages(f.bytes)).flat().map(nbsp);
    expect(text).toEqual(
      expect.arrayContaining([
        // The headers, wrapped between words.
        'Data no',
        'banco',
        'registrada',
        'no EVO',
        '30/10/2026',
        '03/11/2026',
        'prevista',
        'mês diferente',
        'Com data no EVO em mês diferente da data no banco: 1 recebível, R$ 50,00.',
      ]),
    );
    expect(text.join(' ')).toContain(
      'O EVO registra como data de recebimento o dia do envio (horário de Brasília)',
    );
  });
});

describe('audit log files', () => {
  it('CSV: one row per entry with compact JSON and hash prefix, then the verification result', async () => {
    const { db } = await buildScenario();
    const f = await auditLogFile(await auditLogReport(storeOfDb(db), {}), 'csv', {}, meta);
    expect(f.fileName).toBe('auditoria-inicio_a_2026-11-21.csv');
    const lines = csvLines(f.bytes);
    expect(lines[0]).toBe(
      'Nº;Data e hora (Brasília);Quem;Perfil;Ação;Descrição;Assunto;Antes;Depois;Código de conferência (hash, início)',
    );
    expect(lines[2]).toMatch(
      /^2;20\/11\/2026 10:05:00;ana, pelo aplicativo;p-centro;match\.approved;Sugestão aprovada;line:2;"\{""matchId"":2,""state"":""suggested""\}";"\{""matchId"":2,""state"":""approved""\}";[0-9a-f]{16}$/,
    );
    expect(lines[5]).toContain('"{""apiKey"":""***"",""timeoutMs"":5000}"');
    expect(f.bytes.toString('utf8')).not.toContain('secret');
    expect(lines.at(-5)).toBe('');
    expect(lines.at(-4)).toBe('12 registros no período.');
    // [T] the verification as a sentence, as the screen says it: no “cadeia de hashes”, “âncora” or “cabeça”.
    expect(lines.at(-3)).toBe(
      'Verificação da auditoria: íntegra. Os 12 registros foram conferidos, e nenhum foi alterado ou apagado.',
    );
    // No anchor given to the report: the file says that truncation could not be checked.
    expect(lines.at(-2)).toBe(
      'Ainda não há uma cópia de conferência guardada neste computador: se registros fossem apagados do fim, a verificação não perceberia.',
    );
  });

  it('says where the chain is broken after an entry was edited behind the app’s back', async () => {
    const { db } = await buildScenario();
    db.exec('DROP TRIGGER audit_log_no_update');
    db.prepare(`UPDATE audit_log SET actor = 'mallory' WHERE seq = 3`).run();
    const csv = await auditLogFile(await auditLogReport(storeOfDb(db), {}), 'csv', {}, meta);
    const broken =
      'Verificação da auditoria: ADULTERADA. A sequência se rompe no registro nº 3 (o registro nº 3 foi alterado depois de escrito).';
    expect(csvLines(csv.bytes).at(-3)).toBe(broken);
    const pdf = await auditLogFile(await auditLogReport(storeOfDb(db), {}), 'pdf', {}, meta);
    expect((await pdfPages(pdf.bytes))[0]!.join(' ')).toContain(broken);
  });

  it('XLSX: typed cells, only the period’s entries, verification below', async () => {
    const { db } = await buildScenario();
    appendAudit(db, { actor: 'x', profileId: 'p', action: 'sync.completed', at: '2026-12-02T12:00:00.000Z' });
    const f = await auditLogFile(await auditLogReport(storeOfDb(db), NOV), 'xlsx', NOV, meta);
    const { name, cell } = sheetOf(f.bytes);
    expect(name).toBe('Auditoria');
    expect(cell('A2')).toMatchObject({ t: 'n', v: 1 });
    expect((cell('B2')?.v as Date).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(cell('E2')?.v).toBe('import.committed');
    expect(cell('A13')?.v).toBe(12);
    expect(cell('A14')).toBeUndefined();
    expect(cell('A15')?.v).toBe('12 registros no período.');
    expect(cell('A16')?.v).toBe(
      'Verificação da auditoria: íntegra. Os 13 registros foram conferidos, e nenhum foi alterado ou apagado.',
    );
  });

  it('PDF: a long log spans pages, each with the table header and its number; long JSON is cut, not lost', async () => {
    const { db } = await buildScenario();
    db.transaction(() => {
      for (let i = 0; i < 400; i++)
        appendAudit(db, {
          actor: 'Zoë Łukasz 😀 (desktop)',
          profileId: 'p-centro',
          action: i % 2 ? 'match.rejected' : 'custom.thing',
          subject: `line:${i}`,
          after: { note: 'x'.repeat(2000), i },
        });
    })();
    const f = await auditLogFile(await auditLogReport(storeOfDb(db), {}), 'pdf', {}, meta);
    const pages = await pdfPages(f.bytes);
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((p, i) => expect(p).toContain(`Página ${i + 1} de ${pages.length}`));
    // Every page of the table repeats its header (the totals may end up alone on a last page).
    expect(pages.filter((p) => p.includes('Depois')).length).toBeGreaterThanOrEqual(pages.length - 1);
    const all = pages.flat();
    // Who, as the screen says it (the cell wraps after “pelo”): accents kept, other characters replaced.
    expect(all).toContain('Zoë Lukasz ?, pelo');
    expect(all.join(' ')).not.toContain('(desktop)');
    expect(all).toContain('Sugestão rejeitada');
    // [T] a known action in words only; one the catalogue does not know, as written.
    expect(all).not.toContain('match.rejected');
    expect(all).toContain('custom.thing');
    expect(all).toContain('412');
    expect(all.some((l) => l.endsWith('…'))).toBe(true);
    expect(all.join(' ')).toContain(
      'Verificação da auditoria: íntegra. Os 412 registros foram conferidos, e nenhum foi alterado ou apagado.',
    );
  });
});

describe('PDF size limit', () => {
  it('stops at the limit and says how many rows were left out', () => {
    expect(capped([1, 2, 3], 3)).toEqual({ rows: [1, 2, 3], note: [] });
    const c = capped(
      Array.from({ length: 25_000 }, (_, i) => i),
      20_000,
    );
    expect(c.rows).toHaveLength(20_000);
    expect(c.note[0]).toBe(
      'Este PDF mostra as primeiras 20.000 de 25.000 linhas; exporte em CSV ou XLSX para ter todas, ou escolha um período menor.',
    );
  });
});

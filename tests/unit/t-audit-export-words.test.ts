import i18next from 'i18next';
import { storeOfDb } from '../../src/core/store/sqlite-store';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../src/core/audit/audit.repo';
import type { AuditVerification } from '../../src/core/audit/audit-verify';
import {
  actionLabelPt,
  anchorSentence,
  auditLogReport,
  verificationSentence,
} from '../../src/core/reports/audit-log.report';
import { pdfPages } from '../../src/core/reports/pdf-text.testing';
import { reconciliationReport } from '../../src/core/reports/reconciliation.report';
import { auditLogFile, reconciliationFile, type ReportMeta } from '../../src/core/reports/report-files';
import { buildScenario } from '../../src/core/reports/scenario.testing';
import { actorPt } from '../../src/core/reports/words-pt';
import { actionText, actorText } from '../../src/renderer/src/components/audit/audit-text';
import {
  actionText as sharedActionText,
  actorText as sharedActorText,
} from '../../src/shared/i18n/audit-words';
import { resources } from '../../src/shared/i18n/resources';

const meta: ReportMeta = {
  branch: 'Academia Centro (centro.w12app)',
  generatedAt: new Date('2026-11-21T15:00:00.000Z'),
  today: '2026-11-21',
};
const text = (b: Buffer) => b.toString('utf8');
/** What a clerk must not meet in an exported audit file ([T] item 4). */
const RAW = /\((browser|desktop|cli|schedule)\)|Âncora|âncora|cabeça|cadeia de hashes|QUEBRADA/;
const HEAD = 'ab'.repeat(32);

/**
 * [T] item 4: the exported audit log and reconciliation report say who did it as the Auditoria screen does (one
 * function, src/shared/i18n/audit-words.ts) and the verification as a sentence; the hash only where an auditor
 * needs it, labelled in words.
 */
describe('audit exports in the screen’s words', () => {
  let t: (key: string | string[], params?: Record<string, unknown>) => string;
  beforeAll(async () => {
    const i = i18next.createInstance();
    await i.init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
    t = (k, p) => String(i.t(k, p));
  });

  it('one function words the actor for the screen and the files', () => {
    expect(actorText).toBe(sharedActorText);
    expect(actionText).toBe(sharedActionText);
    expect(actionLabelPt('import.committed', 'return_file:1')).toBe(
      actionText(t, () => true, 'import.committed', 'return_file:1'),
    );
    for (const actor of ['root (browser)', 'maria (desktop)', 'joão (cli)', 'maria (schedule)', 'regra 3'])
      expect(actorPt(actor), actor).toBe(actorText(t, actor));
    expect(actorPt('root (browser)')).toBe('root, pelo navegador');
    expect(actorPt('maria (schedule)')).not.toMatch(/maria|schedule/);
  });

  it('the audit log file (CSV, XLSX, PDF) says who in words and the verification as a sentence', async () => {
    const { db } = await buildScenario();
    appendAudit(db, { actor: 'root (browser)', profileId: 'p-centro', action: 'sync.completed' });
    appendAudit(db, { actor: 'maria (schedule)', profileId: 'p-centro', action: 'sync.completed' });
    const report = await auditLogReport(storeOfDb(db), {});
    const csv = text((await auditLogFile(report, 'csv', {}, meta)).bytes);
    expect(csv).toContain(';root, pelo navegador;');
    expect(csv).toContain(`;${actorPt('maria (schedule)')};`);
    expect(csv).toContain('Verificação da auditoria: íntegra. Os 14 registros foram conferidos');
    expect(csv).toContain('Código de conferência (hash, início)');
    expect(csv).not.toMatch(RAW);
    const pdf = (await pdfPages((await auditLogFile(report, 'pdf', {}, meta)).bytes)).flat().join(' ');
    expect(pdf).toContain('root, pelo navegador');
    expect(pdf).not.toMatch(RAW);
    // The action as the screen says it, without its code (the CSV keeps the code in “Ação” for a script).
    expect(pdf).toContain('Sincronização concluída');
    expect(pdf).not.toMatch(/sync\.completed|match\.approved|import\.committed/);
    // What it is about, by name as the screen says it, not the stored `line:2` (the CSV keeps it in “Assunto”).
    expect(pdf).toContain('Lançamento «');
    expect(pdf).not.toMatch(/\b[a-z_]+:\d+\b/);
  });

  it('the reconciliation report says who approved and queued in words', async () => {
    const { db } = await buildScenario();
    const csv = text(
      (await reconciliationFile(await reconciliationReport(storeOfDb(db), {}), 'csv', {}, meta)).bytes,
    );
    expect(csv).toContain(';ana, pelo aplicativo;');
    expect(csv).not.toMatch(RAW);
  });

  it('the check copy: what it confirms in words, its hash labelled for the auditor', () => {
    const anchor = { generation: 3, count: 14, head: HEAD, at: '2026-11-21T13:05:00.000Z' };
    const ok: AuditVerification = { ok: true, entries: 14, brokenAt: null, reason: null, anchor };
    expect(anchorSentence(ok)).toBe(
      'Uma cópia de conferência guardada neste computador, fora do banco de dados, confirma também que nenhum registro foi apagado do fim. ' +
        `Para o auditor: cópia de conferência gravada em 21/11/2026 10:05, com 14 registros. Código de conferência (hash) do último registro: ${HEAD}.`,
    );
    const cut: AuditVerification = {
      ok: false,
      entries: 12,
      brokenAt: 13,
      reason: 'the log ends at entry 12, but entry 14 was written',
      anchor,
    };
    expect(verificationSentence(cut)).toBe(
      'Verificação da auditoria: ADULTERADA. A sequência se rompe no registro nº 13 (o registro nº 14 já tinha sido escrito, mas a auditoria termina no nº 12: registros foram apagados do fim).',
    );
    // A broken copy is said by the reason; the file does not also claim it confirms anything.
    expect(anchorSentence(cut)).toMatch(/^Para o auditor: /);
    for (const s of [anchorSentence(ok), verificationSentence(cut), anchorSentence({ ...ok, anchor: null })])
      expect(s).not.toMatch(RAW);
  });
});

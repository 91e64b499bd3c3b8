import type { AnchorCheck } from '../audit/audit-anchor';
import { auditRowsBetween, canonicalJson } from '../audit/audit.repo';
import { verifyAudit, type AuditVerification } from '../audit/audit-verify';
import type { Db } from '../db/open-db';
import { utcBounds, type Period } from './period';
import { maskSecrets } from '../../shared/mask-secrets';

export interface AuditLogRow {
  seq: number;
  at: string;
  actor: string;
  profileId: string;
  action: string;
  subject: string | null;
  /** Compact JSON as stored (keys sorted), with secret-looking fields masked; null when absent. */
  before: string | null;
  after: string | null;
  hash: string;
}

export interface AuditLogReport {
  rows: AuditLogRow[];
  /** Always of the whole chain, not just the period: a gap before the period matters just as much. */
  verification: AuditVerification;
}

/** How the known actions read in the exported files (Portuguese: they go to the branch's manager). */
export const ACTION_LABELS_PT: Record<string, string> = {
  'import.committed': 'Extrato importado',
  'import.removed': 'Extrato removido',
  'settings.profile_removed': 'Conexão removida',
  'match.approved': 'Sugestão aprovada',
  'match.rejected': 'Sugestão rejeitada',
  'match.overridden': 'Par corrigido manualmente',
  'match.to_review': 'Marcado para revisão',
  'match.unmatched': 'Par desfeito',
  'outbox.queued': 'Lote na fila de envio',
  'outbox.sending': 'Lote sendo enviado',
  'outbox.sent': 'Lote enviado',
  'outbox.confirmed': 'Lote confirmado pela API',
  'outbox.unknown': 'Lote com resultado incerto',
  'outbox.needs_review': 'Lote precisa de revisão',
  'notification.sent': 'Notificação enviada',
  'notification.failed': 'Notificação falhou',
  'notification.unknown': 'Notificação com resultado incerto',
  'settings.changed': 'Configuração alterada',
  'sync.completed': 'Sincronização concluída',
};

/** Actions that read otherwise for what they are about: a return file or a card sales file is not a statement. */
const ACTION_LABELS_BY_KIND_PT: Record<string, Record<string, string>> = {
  return_file: { 'import.committed': 'Arquivo retorno importado' },
  acquirer_file: { 'import.committed': 'Arquivo de vendas do cartão importado' },
};

/** How an entry's action reads in the exported files, by what it is about when that says it better. */
export function actionLabelPt(action: string, subject: string | null): string | undefined {
  const kind = subject ? /^([a-z_]+):./.exec(subject)?.[1] : undefined;
  return (kind && ACTION_LABELS_BY_KIND_PT[kind]?.[action]) ?? ACTION_LABELS_PT[action];
}

/**
 * Writers are told never to put secrets in the log, but an export leaves the machine, so anything that
 * looks like one is masked here as a second line of defence (src/shared/mask-secrets.ts, the one rule).
 */
export function maskedJson(json: string | null): string | null {
  if (json === null || !/pass|secret|token|key|senha|chave/i.test(json)) return json;
  try {
    return canonicalJson(maskSecrets(JSON.parse(json) as unknown));
  } catch {
    return json;
  }
}

/** Every entry of a period (Brasília days, inclusive), oldest first, plus the verification of the chain. */
export function auditLogReport(
  db: Db,
  q: Period & { action?: string | undefined } = {},
  anchor: AnchorCheck | null = null,
): AuditLogReport {
  const { fromUtc, toUtc } = utcBounds(q);
  const rows = auditRowsBetween(db, { fromUtc, toUtc, actionPrefix: q.action }).map((r): AuditLogRow => ({
    seq: r.seq,
    at: r.at,
    actor: r.actor,
    profileId: r.profile_id,
    action: r.action,
    subject: r.subject,
    before: maskedJson(r.before_json),
    after: maskedJson(r.after_json),
    hash: r.hash,
  }));
  return { rows, verification: verifyAudit(db, anchor) };
}

/** verifyAudit's reasons (English, for the CLI and logs) as the Portuguese files say them. */
function reasonPt(reason: string | null): string {
  if (!reason) return 'motivo desconhecido';
  // Several reasons are joined with "; " (the anchor's own problem, then what the log shows against it).
  return reason.split('; ').map(oneReasonPt).join('; ');
}

function oneReasonPt(reason: string): string {
  const cut = /^the log ends at entry (\d+), but entry (\d+) was written/.exec(reason);
  if (cut)
    return `o registro ${cut[2]} foi escrito, mas o log termina no ${cut[1]} (registros removidos do fim)`;
  const rewritten = /^entry (\d+) is not the one anchored/.exec(reason);
  if (rewritten)
    return `o registro ${rewritten[1]} não é o que foi ancorado (o log foi reescrito e recalculado)`;
  const missing =
    /^the anchor kept outside the database is missing, but the database shows anchor no\. (\d+)/.exec(reason);
  if (missing)
    return `a âncora guardada fora do banco de dados foi apagada (o banco de dados mostra que a âncora nº ${missing[1]} estava guardada)`;
  const older =
    /^the anchor kept outside the database is an older one \(no\. (\d+), the database shows no\. (\d+)\)/.exec(
      reason,
    );
  if (older)
    return `uma âncora mais antiga foi reposta fora do banco de dados (nº ${older[1]}, o banco de dados mostra a nº ${older[2]})`;
  if (/^the database's copy of the anchor was not sealed/.test(reason))
    return 'a cópia da âncora no banco de dados não foi selada com a chave deste computador (foi forjada)';
  if (/^the anchor kept outside the database cannot be opened/.test(reason))
    return 'a âncora guardada fora do banco de dados não pode ser aberta (foi danificada ou trocada)';
  const m = /^entry (\d+) (is missing|does not follow entry (\d+)|was changed after it was written)$/.exec(
    reason,
  );
  if (!m) return reason;
  if (m[2] === 'is missing') return `o registro ${m[1]} foi removido`;
  if (m[3]) return `o registro ${m[1]} não continua o registro ${m[3]}`;
  return `o registro ${m[1]} foi alterado depois de escrito`;
}

/** The verification in one Portuguese sentence, for the end of every audit-log file. */
export function verificationSentence(v: AuditVerification): string {
  return v.ok
    ? `Verificação da cadeia de hashes: OK (${v.entries} ${v.entries === 1 ? 'registro conferido' : 'registros conferidos'}).`
    : `Verificação da cadeia de hashes: QUEBRADA no registro ${v.brokenAt ?? '?'} (${reasonPt(v.reason)}).`;
}

/** Which anchor (kept outside the database) the log was checked against, in one sentence. */
export function anchorSentence(v: AuditVerification): string {
  return v.anchor
    ? `Âncora: ${v.anchor.count} registros, cabeça ${v.anchor.head.slice(0, 16)}…, de ${v.anchor.at}.`
    : 'Sem âncora guardada neste computador: registros removidos do fim não seriam percebidos.';
}

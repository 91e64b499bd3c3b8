import { auditVerification } from '../audit/audit-anchor.store';
import { canonicalJson } from '../audit/audit.repo';
import type { AuditVerification } from '../audit/audit-verify';
import { auditRowsBetween, verifyAudit } from '../audit/audit.store';
import type { SecretStore } from '../secrets/secret-store';
import type { Store, Tx } from '../store/store';
import { utcBounds, type Period } from './period';
import { maskSecrets } from '../../shared/mask-secrets';
import { subjectText, verifyReasonText } from '../../shared/i18n/audit-words';
import { withSubjectNamesIn } from '../audit/audit-subject';
import { dateTimePt } from './format-pt';
import { actionPt, existsPt, tPt } from './words-pt';

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
  /** The name of what the entry is about (a file's, a member's), when one is known: the PDF says it in words. */
  subjectName?: string | null;
}

export interface AuditLogReport {
  rows: AuditLogRow[];
  /** Always of the whole chain, not just the period: a gap before the period matters just as much. */
  verification: AuditVerification;
}

/**
 * How an entry's action reads in the exported files: the Auditoria screen's words (one catalogue, `audit.actions`,
 * by what it is about when that says it better); undefined for an action the catalogue does not know.
 */
export function actionLabelPt(action: string, subject: string | null): string | undefined {
  const words = actionPt(action, subject);
  return words === action ? undefined : words;
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

/**
 * Every entry of a period (Brasília days, inclusive), oldest first, plus the verification of the chain — against the
 * branch's anchor when `anchor` names it (the app's export), the chain alone otherwise — in one read transaction of
 * the Store.
 */
export function auditLogReport(
  store: Store,
  q: Period & { action?: string | undefined } = {},
  anchor: { secrets: SecretStore; profileId: string } | null = null,
): Promise<AuditLogReport> {
  return store.read((tx) => auditLogReportIn(tx, q, anchor));
}

async function auditLogReportIn(
  tx: Tx,
  q: Period & { action?: string | undefined },
  anchor: { secrets: SecretStore; profileId: string } | null,
): Promise<AuditLogReport> {
  const { fromUtc, toUtc } = utcBounds(q);
  const stored = await auditRowsBetween(tx, { fromUtc, toUtc, actionPrefix: q.action });
  const rows = stored.map((r): AuditLogRow => ({
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
  const verification = anchor
    ? await auditVerification(tx, anchor.secrets, anchor.profileId)
    : { ...(await verifyAudit(tx)), anchor: null };
  return { rows: await withNames(tx, rows), verification };
}

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
};

/** Each row with the name of what it is about, found as the Auditoria screen finds it (audit-subject.ts). */
async function withNames(tx: Tx, rows: AuditLogRow[]): Promise<AuditLogRow[]> {
  const entries = rows.map((r) => ({ ...r, before: parsed(r.before), after: parsed(r.after) }));
  const names = await withSubjectNamesIn(tx, entries);
  return rows.map((r, i) => ({ ...r, subjectName: names[i]!.subjectName }));
}

/** What an entry is about as the screen says it (“Arquivo retorno retorno.ret”, “Lote 2”), for the PDF. */
export const subjectPt = (r: Pick<AuditLogRow, 'subject' | 'subjectName'>): string =>
  r.subject ? subjectText(tPt, existsPt, r.subject, r.subjectName ?? null) : '';

/**
 * The verification in words, for the end of every audit-log file ([T]): the same sentence as the Auditoria screen
 * (intact, or where it breaks and why), never “cadeia de hashes” or “QUEBRADA”.
 */
export function verificationSentence(v: AuditVerification): string {
  if (!v.ok)
    return tPt('audit.file.broken', { n: v.brokenAt ?? '?', reason: verifyReasonText(tPt, v.reason) });
  return v.entries === 0 ? tPt('audit.file.okEmpty') : tPt('audit.file.ok', { count: v.entries });
}

/**
 * What the copy kept outside the database adds, in words; for the auditor, when it was written and the check code
 * (hash) of the entry it holds, labelled — never “Âncora … cabeça 7d8f…”.
 */
export function anchorSentence(v: AuditVerification): string {
  if (!v.anchor) return tPt('audit.verify.noAnchor');
  const technical = tPt('audit.file.anchorTechnical', {
    count: v.anchor.count,
    head: v.anchor.head,
    when: dateTimePt(v.anchor.at),
  });
  // A broken anchor is said by the verification's reason; what it confirms only when it holds.
  return v.ok ? `${tPt('audit.verify.anchor')} ${technical}` : technical;
}

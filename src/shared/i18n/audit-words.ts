/**
 * The audit log's words shared by the Auditoria screen and its exported files (CSV, XLSX, PDF; [T]): who did it and
 * what the verification found, in one wording — the files are read by the same manager as the screen.
 */

/**
 * A translate function: i18next's `t` (the screen's, the files' pt-BR) or the command line's `say.t` (a key, or keys
 * tried in order, with its parameters).
 */
export type Words = (key: string | string[], params?: Record<string, unknown>) => string;

/** `return_file:1` → `return_file`; null for a subject of another shape. */
const subjectKind = (subject: string | null | undefined): string | null =>
  subject ? (/^([a-z_]+):./.exec(subject)?.[1] ?? null) : null;

/**
 * A known action in words ("Sugestão aprovada"), for the screen and the files alike; anything else exactly as
 * written in the log. What it is about may say it better: `import.committed` of a `return_file:…` is "Arquivo
 * retorno importado", not a statement's.
 */
export function actionText(
  t: Words,
  exists: (key: string) => boolean,
  action: string,
  subject?: string | null,
): string {
  if (!/^[a-z_]+\.[a-z_]+$/.test(action)) return action;
  const kind = subjectKind(subject);
  if (kind && exists(`audit.actionsByKind.${kind}.${action}`))
    return t(`audit.actionsByKind.${kind}.${action}`);
  const key = `audit.actions.${action}`;
  return exists(key) ? t(key) : action;
}

/** Subjects written without a `kind:` (`update.feed`, `cycle 12`) and the key that says them. */
const OTHER_SUBJECTS: [RegExp, string][] = [
  [/^update\.feed$/, 'updateFeed'],
  [/^cycle (\d+)$/, 'cycle'],
];

/**
 * What an entry is about, in words: by its name when the core found one ("Arquivo retorno retorno.ret",
 * `subjectName` of audit.list), else by kind and number ("batch:2" → "Lote 2"); an unknown subject exactly as
 * written.
 */
export function subjectText(
  t: Words,
  exists: (key: string) => boolean,
  subject: string | null,
  name?: string | null,
): string {
  if (!subject) return '—';
  const m = /^([a-z_]+):(.+)$/.exec(subject);
  if (m && name && exists(`audit.subjectsNamed.${m[1]}`)) return t(`audit.subjectsNamed.${m[1]}`, { name });
  if (m && exists(`audit.subjects.${m[1]}`)) return t(`audit.subjects.${m[1]}`, { id: m[2] });
  if (/^[a-z_]+$/.test(subject) && exists(`audit.subjects.${subject}`)) return t(`audit.subjects.${subject}`);
  for (const [re, key] of OTHER_SUBJECTS) {
    const o = re.exec(subject);
    if (o) return t(`audit.subjects.${key}`, { id: o[1] });
  }
  return subject;
}

const ACTOR = /^(.*) \((desktop|browser|cli|schedule|server)\)$/;

/**
 * Who, in words: the log stores the computer's user and the front door (`maria (browser)`), said as
 * "maria, pelo navegador"; on the office server ([W]) the login of the person who did it (`ana (server)`), said as
 * "ana, pelo servidor do escritório"; the scheduled cycle's `maria (schedule)` by the one name Início and Configurações
 * give it, "ciclo automático" (`cycle.actor`: never "rotina automática" here and "Ciclo automático" there).
 * Anyone else (the send rule's own name) exactly as written.
 */
export function actorText(t: Words, actor: string): string {
  const m = ACTOR.exec(actor);
  // `audit.who.schedule` stands in until the catalogue has `cycle.actor`.
  if (m?.[2] === 'schedule') return t(['cycle.actor', 'audit.who.schedule']);
  return m ? t(`audit.who.${m[2]}`, { user: m[1] }) : actor;
}

/** verifyAudit's English reason ("entry 3 was changed after it was written") in the reader's language. */
export function verifyReasonText(t: Words, reason: string | null): string {
  if (!reason) return t('audit.verify.reason.unknown');
  // Several reasons are joined with "; " (the anchor's own problem, then what the log shows against it).
  return reason
    .split('; ')
    .map((part) => oneReasonText(t, part))
    .join('; ');
}

function oneReasonText(t: Words, reason: string): string {
  const cut = /^the log ends at entry (\d+), but entry (\d+) was written/.exec(reason);
  if (cut) return t('audit.verify.reason.truncated', { last: cut[1], anchored: cut[2] });
  const rewritten = /^entry (\d+) is not the one anchored/.exec(reason);
  if (rewritten) return t('audit.verify.reason.rewritten', { n: rewritten[1] });
  const missing =
    /^the anchor kept outside the database is missing, but the database shows anchor no\. (\d+)/.exec(reason);
  if (missing) return t('audit.verify.reason.anchorMissing', { generation: missing[1] });
  const older =
    /^the anchor kept outside the database is an older one \(no\. (\d+), the database shows no\. (\d+)\)/.exec(
      reason,
    );
  if (older) return t('audit.verify.reason.anchorOlder', { kept: older[1], generation: older[2] });
  if (/^the database's copy of the anchor was not sealed/.test(reason))
    return t('audit.verify.reason.anchorForged');
  if (/^the anchor kept outside the database cannot be opened/.test(reason))
    return t('audit.verify.reason.anchorUnreadable');
  const m = /^entry (\d+) (is missing|does not follow entry (\d+)|was changed after it was written)$/.exec(
    reason,
  );
  if (!m) return reason;
  if (m[2] === 'is missing') return t('audit.verify.reason.missing', { n: m[1] });
  if (m[3]) return t('audit.verify.reason.unlinked', { n: m[1], prev: m[3] });
  return t('audit.verify.reason.changed', { n: m[1] });
}

import { extname, resolve } from 'node:path';
import { writeFileAtomic } from '../../core';
import { verifyReasonText } from '../../shared/i18n/audit-words';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { branchOption } from './branch-option';
import { UsageError, type CliContext, type ParsedValues, type Subcommand } from '../types';
import { checkInput, checkPeriod, choiceOf, dayOption, failure } from './words';

const FORMATS = ['csv', 'xlsx', 'pdf'] as const;
type Format = (typeof FORMATS)[number];
/** --kind's names: the core's (scripts) and the clerk's, as Auditoria's tabs say them. */
const KIND_NAMES = {
  log: ['registro', 'registro de auditoria', 'auditoria'],
  reconciliation: ['conciliacao', 'relatorio de conciliacao', 'relatorio'],
} as const;

/**
 * --action's Portuguese names: Auditoria's filter groups (audit.filter.group), for the prefix the screen sends.
 * Anything else is taken as the prefix itself (`outbox.`, `match.approved`), as before.
 */
const ACTION_GROUPS = {
  'import.': ['importacoes', 'importacao'],
  'match.': ['conciliacao'],
  'outbox.': ['envios', 'envio'],
  'notification.': ['notificacoes', 'notificacao'],
  'settings.': ['configuracoes', 'configuracao'],
  'sync.': ['sincronizacoes', 'sincronizacao'],
  'db.': ['copias', 'copias de seguranca', 'copia'],
} as const;

type Core = Parameters<Subcommand['run']>[2];

const str = (v: ParsedValues[string]) => (typeof v === 'string' ? v : undefined);

/** --format, or else the --out file's extension (quita audit export --out maio.xlsx). */
function formatOf(say: Say, v: ParsedValues, out: string): Format {
  const given = str(v.format) ?? extname(out).slice(1);
  const format = FORMATS.find((f) => f === given.toLowerCase());
  if (format) return format;
  throw new UsageError(
    str(v.format) === undefined
      ? say.t('cli.audit.noFormat')
      : say.t('cli.audit.badFormat', { value: given }),
  );
}

async function exportAction(v: ParsedValues, core: Core, say: Say) {
  const out = str(v.out);
  if (!out) throw new UsageError(say.t('cli.audit.noOut'));
  const format = formatOf(say, v, out);
  const kindGiven = str(v.kind);
  const kind = kindGiven === undefined ? 'log' : choiceOf(kindGiven, KIND_NAMES);
  if (!kind) throw new UsageError(say.t('cli.audit.badKind', { value: kindGiven }));
  const fromGiven = str(v.from);
  const toGiven = str(v.to);
  const from = fromGiven === undefined ? undefined : dayOption(say, '--from', fromGiven);
  const to = toGiven === undefined ? undefined : dayOption(say, '--to', toGiven);
  checkPeriod(say, from, to);
  const actionGiven = str(v.action);
  const action =
    actionGiven === undefined
      ? undefined
      : (choiceOf(actionGiven, ACTION_GROUPS, { exactKeys: false }) ?? actionGiven);
  // [V] A network's reconciliation report of one branch (the audit log is the whole connection's).
  if (kind !== 'reconciliation' && v.branch !== undefined)
    throw new UsageError(say.t('cli.audit.branchOnlyRecon'));
  const branch = kind === 'reconciliation' ? await branchOption(core, v.branch, say) : undefined;
  const input = {
    kind,
    format,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(action ? { action } : {}),
    ...(branch !== undefined ? { branch } : {}),
  };
  checkInput('audit.export', input, { action: () => say.t('cli.audit.longAction') });
  const file = await runCommand(core, 'audit.export', input);
  const path = resolve(out);
  const bytes = Buffer.from(file.base64, 'base64');
  // Written whole or not at all; 0600 because the log names people and amounts.
  writeFileAtomic(path, bytes);
  return {
    json: { path, fileName: file.fileName, mediaType: file.mediaType, bytes: bytes.length },
    text: say.t('cli.audit.written', {
      path,
      format: format.toUpperCase(),
      size: say.t('cli.audit.bytes', { count: bytes.length, formatted: say.n(bytes.length) }),
    }),
  };
}

/** The verification's reason in Auditoria's words (the screen's and the exported files' one wording). */
const reasonText = (say: Say, reason: string | null) =>
  verifyReasonText((key, params) => say.t(Array.isArray(key) ? key[0]! : key, params), reason);

/** "27/11/2026 às 08:15", as Auditoria says when (Brasília's time). */
const at = (say: Say, iso: string) => {
  const [date, time] = say.dateTime(iso).split(' ');
  return say.t('audit.verify.at', { date, time });
};

async function verifyAction(core: Core, say: Say) {
  const r = await runCommand(core, 'audit.verify', {});
  if (!r.ok) {
    // A broken chain is a failure (exit 1), so a scheduled check notices it without parsing the output.
    const reason = reasonText(say, r.reason);
    throw failure(
      'conflict',
      r.brokenAt === null ? reason : say.t('audit.verify.broken', { n: r.brokenAt, reason }),
    );
  }
  const state =
    r.entries === 0 || !r.lastAt
      ? say.t('audit.verify.okEmpty')
      : say.t('audit.verify.ok', { count: r.entries, when: at(say, r.lastAt) });
  // As Auditoria shows it: what the anchor (kept outside the database) adds, then its count and hash.
  const lines = [state, say.t(r.anchor ? 'audit.verify.anchor' : 'audit.verify.noAnchor')];
  if (r.anchor)
    lines.push(
      say.t('audit.verify.anchorTechnical', {
        count: r.anchor.count,
        head: `${r.anchor.head.slice(0, 16)}…`,
        when: at(say, r.anchor.at),
      }),
    );
  return { json: r, text: lines.join('\n') };
}

export const auditCommand: Subcommand = {
  name: 'audit',
  options: {
    format: { type: 'string' },
    out: { type: 'string', short: 'o' },
    from: { type: 'string' },
    to: { type: 'string' },
    kind: { type: 'string' },
    action: { type: 'string' },
    branch: { type: 'string' },
  },
  async run(v, positionals, core, { say }: CliContext) {
    const [action, ...extra] = positionals;
    if (extra.length) throw new UsageError(say.t('cli.errors.unexpectedArgument', { value: extra[0] }));
    if (action === 'export') return exportAction(v, core, say);
    if (action === 'verify') return verifyAction(core, say);
    throw new UsageError(action ? say.t('cli.audit.badAction', { action }) : say.t('cli.audit.noAction'));
  },
};

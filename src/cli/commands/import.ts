import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { acquirerName } from '../../shared/acquirers';
import { bankLabel } from '../../shared/banks';
import type { AccountCheck, ImportPreview, ReturnFileSummary } from '../../shared/contract/import';
import type { AcquirerFileSummary } from '../../shared/contract/acquirer';
import { AppError, brl, datePt, describeAccount, MAX_UPLOAD_BYTES, type Core } from '../../core';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

/** What the file says about its account, and how it compares with the one given. */
function accountLines(c: AccountCheck, imported: boolean): string[] {
  if (!c.fileAccount) return [];
  const said = `the file names ${describeAccount(c.fileAccount)}`;
  if (c.verdict === 'different')
    return [
      `note: ${said}, which is not the account given${imported ? ' (imported as confirmed)' : '; importing it there needs --confirm-account'}.`,
    ];
  return [`${said}${c.verdict === 'same' ? ' (matches)' : ''}.`];
}

const span = (from: string | null, to: string | null) =>
  from && to ? (from === to ? datePt(from) : `${datePt(from)} to ${datePt(to)}`) : null;

/** A boleto return file as the clerk knows it: the bank, the boletos, how many paid, fees, credit days. */
function returnFileLine(rf: ReturnFileSummary): string {
  const credit = span(rf.creditFrom, rf.creditTo);
  return (
    `Boleto return file from ${bankLabel(rf.bankCode)}${rf.fileDate ? `, written on ${datePt(rf.fileDate)}` : ''}: ` +
    `${rf.titles} boletos, ${rf.settlements} paid (${brl(rf.paidCents)})` +
    `${rf.feeCents ? `, bank fees ${brl(rf.feeCents)}` : ''}${credit ? `, credited ${credit}` : ''}.`
  );
}

/** A card sales file: the card company, its sales (gross, fee, net) and its payments. */
function acquirerLine(af: AcquirerFileSummary): string {
  const paid = span(af.paymentFrom, af.paymentTo);
  return (
    `Card sales file from ${acquirerName(af.acquirer)}: ${af.sales} sales, gross ${brl(af.grossCents)}, ` +
    `fee ${brl(af.feeCents)}, net ${brl(af.netCents)}` +
    `${af.payments && paid ? `; ${af.payments} payments ${paid}` : ''}.`
  );
}

/** What --dry-run says a file is, by its kind ([S] item 6): each kind in its own words. */
function previewLines(p: ImportPreview): string[] {
  if (p.returnFile) return [`${p.fileName}: ${returnFileLine(p.returnFile)}`];
  if (p.acquirerFile) return [`${p.fileName}: ${acquirerLine(p.acquirerFile)}`];
  return [
    `${p.fileName}: bank statement, ${p.format.toUpperCase()}${p.encoding ? ` (${p.encoding})` : ''}, mapping ${p.mappingSource}${p.profileName ? ` “${p.profileName}”` : ''}, confidence ${Math.round(p.confidence * 100)}%`,
    `${p.counts.credits} credits (${brl(p.counts.creditCents)}), ${p.counts.debits} debits, ${p.counts.balances} balance rows, ${p.counts.rejected} rejected`,
    `new credits: ${p.newCredits ?? '?'}, already known: ${p.knownCredits ?? '?'}`,
  ];
}

function readStatementFile(path: string): Buffer {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile())
      throw new AppError('validation', `${path} is not a file.`, { code: 'import.not_a_file' });
    size = st.size;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('not_found', `File not found: ${path}`, { code: 'import.file_not_found' });
  }
  // Checked before reading, so a huge file is refused without loading it (the upload area has the same cap).
  if (size > MAX_UPLOAD_BYTES) {
    const mb = (n: number) => Math.ceil(n / 1024 / 1024);
    throw new AppError(
      'validation',
      `The file is too large (${mb(size)} MB; the limit is ${mb(MAX_UPLOAD_BYTES)} MB). Export a shorter period.`,
      { code: 'import.too_large' },
    );
  }
  return readFileSync(path);
}

/**
 * The file goes where the screen's upload puts it, and the commands the screen runs read it from there: the
 * CLI's import is validated and audited exactly as Importar's. The staged copy is removed afterwards.
 */
async function withStagedFile<T>(
  core: Core,
  path: string,
  use: (uploadId: string) => Promise<T>,
): Promise<T> {
  const { uploadId } = core.uploads.stage(basename(path), readStatementFile(path));
  try {
    return await use(uploadId);
  } finally {
    core.uploads.remove(uploadId);
  }
}

/**
 * `quita import FILE --bank-account ID`: stages the file as an upload and runs `import.preview` (--dry-run) or
 * `import.commit`, the commands of the Importar screen. Without a saved mapping the detected one is used and
 * remembered for the account, as when the clerk confirms it on screen.
 */
export const importCommand: Subcommand = {
  name: 'import',
  options: {
    'bank-account': { type: 'string' },
    statement: { type: 'string' },
    'confirm-account': { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
  async run(values, positionals, core) {
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) throw new UsageError('give exactly one file');
    const idText = values['bank-account'];
    const bankAccountId = typeof idText === 'string' && /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
    if (!Number.isSafeInteger(bankAccountId) || bankAccountId <= 0) {
      throw new UsageError('--bank-account ID is required (the bank account id from the gym system)');
    }
    const st = values.statement;
    const statementIndex = typeof st === 'string' ? Number(st) : undefined;
    if (
      statementIndex !== undefined &&
      (!Number.isInteger(statementIndex) || statementIndex < 0 || statementIndex > 99)
    )
      throw new UsageError('--statement N is the 0-based number of the statement in the file');
    const input = { bankAccountId, ...(statementIndex !== undefined ? { statementIndex } : {}) };
    if (values['dry-run'] === true) {
      const p = await withStagedFile(core, file, (uploadId) =>
        runCommand(core, 'import.preview', { uploadId, ...input }),
      );
      const text = [
        ...previewLines(p),
        ...accountLines(p.accountCheck, false),
        ...p.rejected.map((r) => `  line ${r.line}: ${r.reason}`),
        ...p.notices.map((n) => `note: ${n.message}`),
        'Nothing was imported (--dry-run).',
      ];
      return { json: p, text: text.join('\n') };
    }
    const r = await withStagedFile(core, file, (uploadId) =>
      runCommand(core, 'import.commit', {
        uploadId,
        ...input,
        confirmAccount: values['confirm-account'] === true,
      }),
    );
    const rf = r.returnFile;
    const af = r.acquirerFile;
    const again = r.sameFile ? ' (this file was imported before)' : '';
    const text = [
      rf
        ? // A CNAB return file: stored as a return file, not a statement (docs/import.md).
          `${returnFileLine(rf)} Stored: ${r.imported} paid boletos new, ${r.alreadyKnown} already known${again}.`
        : af
          ? // [J] An acquirer settlement file: its sales and payments, not a statement (docs/import.md).
            `${acquirerLine(af)} Stored: ${r.imported} sales new, ${r.alreadyKnown} already known${again}.`
          : `Bank statement #${r.statementId}: ${r.imported} new credits to reconcile, ${r.alreadyKnown} already known${again}.`,
      ...(rf || af
        ? []
        : [
            `Also added, for reference only: ${r.inserted.debits} debits and ${r.inserted.balances} balance rows.`,
          ]),
      ...(r.rejected.length
        ? [`${r.rejected.length} rows rejected:`, ...r.rejected.map((x) => `  line ${x.line}: ${x.reason}`)]
        : []),
      ...r.notices.map((n) => `note: ${n.message}`),
      ...accountLines(r.accountCheck, true),
      ...(r.suggestions
        ? [
            `Suggestions: ${r.suggestions.green} green, ${r.suggestions.yellow} yellow, ${r.suggestions.red} red, ${r.suggestions.unmatched} without a suggestion (quita match --json lists them).`,
          ]
        : []),
    ];
    return {
      json: {
        statementId: r.statementId,
        imported: r.imported,
        alreadyKnown: r.alreadyKnown,
        rejected: r.rejected.map(({ line, reason }) => ({ line, reason })),
        // What only --dry-run showed before: charset, currency, rows or a future section skipped, the account.
        notices: r.notices,
        accountCheck: r.accountCheck,
        suggestions: r.suggestions,
        ...(rf ? { returnFile: rf } : {}),
        ...(af ? { acquirerFile: af } : {}),
      },
      text: text.join('\n'),
    };
  },
};

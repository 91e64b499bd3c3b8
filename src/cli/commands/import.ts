import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { acquirerKindKey } from '../../shared/acquirer-kinds';
import { acquirerName } from '../../shared/acquirers';
import { BANK_NAMES, bankLabel } from '../../shared/banks';
import type {
  AccountCheck,
  ImportPreview,
  Notice,
  Rejected,
  ReturnFileSummary,
} from '../../shared/contract/import';
import type { AcquirerFileSummary } from '../../shared/contract/acquirer';
import { AppError, MAX_UPLOAD_BYTES, type Core } from '../../core';
import { rejectedText } from '../../shared/i18n/rejected-text';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

type Hint = NonNullable<AccountCheck['fileAccount']>;

/** "Itaú (341) · ag. 1234 · c/c 56789-0": what the file says about its account, as Importar says it. */
function describeHint(h: Hint, say: Say): string {
  return [
    h.bankCode !== null
      ? BANK_NAMES[h.bankCode]
        ? say.t('import.accountCheck.bankNamed', { name: BANK_NAMES[h.bankCode], code: h.bankCode })
        : say.t('import.accountCheck.bank', { code: h.bankCode })
      : null,
    h.agency ? say.t('import.accountCheck.agency', { agency: h.agency }) : null,
    h.account ? say.t('import.accountCheck.number', { account: h.account }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What the file says about its account, beside the account given (Importar's AccountCheckNote). */
function accountLines(c: AccountCheck, chosen: string, imported: boolean, say: Say): string[] {
  if (!c.fileAccount) return [];
  const file = describeHint(c.fileAccount, say);
  if (c.verdict !== 'different')
    return [say.t(c.verdict === 'same' ? 'import.accountCheck.same' : 'import.accountCheck.said', { file })];
  const key =
    c.basis === 'remembered' ? 'import.accountCheck.differentRemembered' : 'import.accountCheck.different';
  return [
    `${say.t('import.accountCheck.attention')} ${say.t(key, { file, chosen })}`,
    say.t(imported ? 'cli.import.confirmed' : 'cli.import.confirmHint'),
  ];
}

/** A bank by name, "banco 999" for a code without one (Importar's useBankName). */
const bankName = (code: string, say: Say) =>
  BANK_NAMES[Number(code)]
    ? bankLabel(code)
    : say.t('fileKinds.unknownBank', { code: String(code).padStart(3, '0') });

/** A boleto return file as Importar shows it: the bank, the boletos, how many paid, fees, credit days. */
function returnFileLines(rf: ReturnFileSummary, say: Say, explain: boolean): string[] {
  const credit =
    rf.creditFrom && rf.creditTo
      ? rf.creditFrom === rf.creditTo
        ? say.t('fileKinds.returnFile.credits', { from: say.date(rf.creditFrom) })
        : say.t('fileKinds.returnFile.creditsRange', {
            from: say.date(rf.creditFrom),
            to: say.date(rf.creditTo),
          })
      : null;
  const details = [
    rf.fileDate ? say.t('fileKinds.returnFile.generated', { date: say.date(rf.fileDate) }) : null,
    say.t('fileKinds.returnFile.titles', { count: rf.titles }),
    rf.settlements > 0
      ? say.t('fileKinds.returnFile.paid', { count: rf.settlements, amount: say.money(rf.paidCents) })
      : say.t('fileKinds.returnFile.nonePaid'),
    rf.feeCents > 0 ? say.t('fileKinds.returnFile.fees', { amount: say.money(rf.feeCents) }) : null,
    credit,
  ];
  return [
    details.filter(Boolean).join(' · '),
    ...(rf.sameFile ? [say.t('fileKinds.returnFile.sameFile')] : []),
    ...(!rf.sameFile && rf.known ? [say.t('fileKinds.returnFile.known', { count: rf.known })] : []),
    ...(explain ? [say.t('fileKinds.returnFile.explain')] : []),
  ];
}

/** A card sales file as Importar shows it: what it is, its sales (gross, fee, net) and its payments. */
function acquirerLines(af: AcquirerFileSummary, say: Say, explain: boolean): string[] {
  const percent = af.grossCents
    ? new Intl.NumberFormat(say.locale, { style: 'percent', maximumFractionDigits: 2 })
        .format(af.feeCents / af.grossCents)
        .replace(/[\u00a0\u202f]/g, ' ')
    : '—';
  const head = [
    // “Arquivo de pagamentos da Cielo”: what the file is, not the company's format code (Importar's title).
    say.t('acquirerFile.title', {
      acquirer: acquirerName(af.acquirer),
      kindKey: acquirerKindKey(af.fileKind),
    }),
    af.merchant ? say.t('acquirerFile.merchant', { merchant: af.merchant }) : null,
    af.fileDate ? say.t('acquirerFile.fileDate', { date: say.date(af.fileDate) }) : null,
  ];
  const sales = [
    say.t('acquirerFile.sales', { count: af.sales }),
    af.otherRows > 0 ? say.t('acquirerFile.others', { count: af.otherRows }) : null,
    say.t('acquirerFile.money', {
      gross: say.money(af.grossCents),
      fee: say.money(af.feeCents),
      percent,
      net: say.money(af.netCents),
    }),
  ];
  const payments =
    af.payments > 0 && af.paymentFrom && af.paymentTo
      ? `${say.t(af.paymentFrom === af.paymentTo ? 'acquirerFile.paymentsOn' : 'acquirerFile.payments', {
          count: af.payments,
          from: say.date(af.paymentFrom),
          to: say.date(af.paymentTo),
          total: say.money(af.paymentsCents),
        })} · ${
          af.settledPayments > 0
            ? say.t('acquirerFile.settled', { count: af.settledPayments })
            : say.t('acquirerFile.forecast')
        }`
      : null;
  return [
    head.filter(Boolean).join(' · '),
    sales.filter(Boolean).join(' · '),
    ...(payments ? [payments] : []),
    ...(af.sameFile ? [say.t('acquirerFile.sameFile')] : []),
    ...(!af.sameFile && af.known ? [say.t('acquirerFile.known', { count: af.known })] : []),
    ...(explain ? [say.t('acquirerFile.explain')] : []),
  ];
}

/** The first line: the file, and which of the three kinds it is (Importar's words). */
function kindLine(
  fileName: string,
  r: { returnFile?: ReturnFileSummary | undefined; acquirerFile?: AcquirerFileSummary | undefined },
  format: string | null,
  say: Say,
): string {
  const what = r.returnFile
    ? say.t('fileKinds.isReturnFile', { bank: bankName(r.returnFile.bankCode, say) })
    : r.acquirerFile
      ? say.t('fileKinds.isAcquirer', { acquirer: acquirerName(r.acquirerFile.acquirer) })
      : say.t('fileKinds.isStatement', { format: (format ?? '').toUpperCase() });
  return say.t('cli.import.fileIs', { file: fileName, what });
}

/** A file-level notice as Importar words it (its code; the core's sentence when the catalogue has none). */
const noticeText = (n: Notice, say: Say) =>
  say.t(`import.notices.${n.code.replace(/^import\./, '')}`, { ...n.params, defaultValue: n.message });

/** Why a row was refused, as Importar's preview says it (the core's `reason` is English, for the log). */
function rowReason(r: Rejected, say: Say): string {
  return rejectedText(
    {
      t: (key, params) => say.t(key, params as Record<string, unknown>),
      // A missing key comes back as itself.
      exists: (key) => say.t(key) !== key,
    },
    r,
  );
}

function rejectedLines(rejected: Rejected[], say: Say): string[] {
  if (!rejected.length) return [];
  return [
    say.t('import.rejected', { count: rejected.length }),
    ...rejected.map((x) => `  ${say.t('import.rejectedLine', { line: x.line, reason: rowReason(x, say) })}`),
  ];
}

/** What --dry-run says a file is, by its kind ([S] item 6): each kind in Importar's own words. */
function previewLines(p: ImportPreview, say: Say): string[] {
  const first = kindLine(p.fileName, p, p.format, say);
  if (p.returnFile) return [first, ...returnFileLines(p.returnFile, say, true)];
  if (p.acquirerFile) return [first, ...acquirerLines(p.acquirerFile, say, true)];
  const counts = say.t('import.counts', {
    credits: say.t('import.nCredits', { count: p.counts.credits }),
    debits: say.t('import.nDebits', { count: p.counts.debits }),
    balances: say.t('import.nBalances', { count: p.counts.balances }),
    amount: say.money(p.counts.creditCents),
  });
  const period = p.period
    ? ` · ${say.t('import.period', { from: say.date(p.period.from), to: say.date(p.period.to) })}`
    : '';
  return [
    first,
    // A spreadsheet's saved or starter columns are worth naming ("detected" goes without saying); an OFX has no
    // columns to choose.
    ...(p.mappingSource === 'detected' || p.format === 'ofx'
      ? []
      : [
          say.t('cli.import.source', {
            source: say.t(`import.source.${p.mappingSource}`, { name: p.profileName ?? '' }),
          }),
        ]),
    ...(p.confidence < 0.9 ? [say.t('cli.import.checkColumns')] : []),
    `${counts}${period}`,
    ...(p.knownCredits ? [say.t('import.known', { count: p.knownCredits, fresh: p.newCredits ?? 0 })] : []),
    ...(p.sameFileStatementId !== null ? [say.t('import.sameFile')] : []),
  ];
}

/** A file holding several statements: each with the --statement that picks it. */
function statementChoices(p: ImportPreview, say: Say): string[] {
  if (p.statements.length < 2) return [];
  return [
    say.t('import.statementChoice'),
    ...p.statements.map((c) =>
      say.t('cli.import.statementChoice', {
        index: c.index,
        account: c.accountHint ? describeHint(c.accountHint, say) : say.t('import.statementNoAccount'),
        lines: say.t('importing.nLines', { count: c.lineCount }),
        period: c.period
          ? say.t('cli.import.period', { from: say.date(c.period.from), to: say.date(c.period.to) })
          : '—',
      }),
    ),
  ];
}

function readStatementFile(path: string, say: Say): Buffer {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile())
      throw new AppError('validation', say.t('cli.import.notAFile', { path }), {
        code: 'cli.import.not_a_file',
      });
    size = st.size;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('not_found', say.t('cli.import.notFound', { path }), {
      code: 'cli.import.file_not_found',
    });
  }
  // Checked before reading, so a huge file is refused without loading it (the upload area has the same cap).
  if (size > MAX_UPLOAD_BYTES) {
    const mb = (n: number) => Math.ceil(n / 1024 / 1024);
    throw new AppError(
      'validation',
      `The file is too large (${mb(size)} MB; the limit is ${mb(MAX_UPLOAD_BYTES)} MB). Export a shorter period.`,
      { code: 'import.too_large', params: { sizeMb: mb(size), limitMb: mb(MAX_UPLOAD_BYTES) } },
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
  say: Say,
  use: (uploadId: string) => Promise<T>,
): Promise<T> {
  const { uploadId } = core.uploads.stage(basename(path), readStatementFile(path, say));
  try {
    return await use(uploadId);
  } finally {
    core.uploads.remove(uploadId);
  }
}

/** The account by its name, as the clerk chose it in Importar ("nº 2" only when the cache has no name). */
async function accountName(core: Core, id: number, say: Say): Promise<string> {
  const { accounts } = await runCommand(core, 'cache.bankAccounts', {});
  return accounts.find((a) => a.id === id)?.description || say.t('cli.import.accountNumber', { id });
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
  async run(values, positionals, core, { say }) {
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) throw new UsageError(say.t('cli.import.oneFile'));
    const idText = values['bank-account'];
    const bankAccountId = typeof idText === 'string' && /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
    if (!Number.isSafeInteger(bankAccountId) || bankAccountId <= 0) {
      throw new UsageError(say.t('cli.import.bankAccount'));
    }
    const st = values.statement;
    const statementIndex = typeof st === 'string' ? Number(st) : undefined;
    if (
      statementIndex !== undefined &&
      (!Number.isInteger(statementIndex) || statementIndex < 0 || statementIndex > 99)
    )
      throw new UsageError(say.t('cli.import.statement'));
    const input = { bankAccountId, ...(statementIndex !== undefined ? { statementIndex } : {}) };
    if (values['dry-run'] === true) {
      const p = await withStagedFile(core, file, say, (uploadId) =>
        runCommand(core, 'import.preview', { uploadId, ...input }),
      );
      const chosen = await accountName(core, bankAccountId, say);
      const text = [
        ...previewLines(p, say),
        ...p.notices.filter((n) => n.code !== 'import.several_statements').map((n) => noticeText(n, say)),
        ...statementChoices(p, say),
        ...accountLines(p.accountCheck, chosen, false, say),
        ...rejectedLines(p.rejected, say),
        say.t('cli.import.dryRun'),
      ];
      return { json: p, text: text.join('\n') };
    }
    const r = await withStagedFile(core, file, say, (uploadId) =>
      runCommand(core, 'import.commit', {
        uploadId,
        ...input,
        confirmAccount: values['confirm-account'] === true,
      }),
    );
    const chosen = await accountName(core, bankAccountId, say);
    const rf = r.returnFile;
    const af = r.acquirerFile;
    const s = r.suggestions;
    const counts = s && {
      green: say.t('import.nGreen', { count: s.green }),
      yellow: say.t('import.nYellow', { count: s.yellow }),
      others: s.red + s.unmatched,
    };
    const text =
      rf || af
        ? [
            // A return file or a card sales file: stored as such, not as a statement (docs/import.md).
            kindLine(basename(file), r, null, say),
            ...(rf ? returnFileLines(rf, say, false) : acquirerLines(af!, say, false)),
            `${say.t(rf ? 'fileKinds.done.returnFile' : 'fileKinds.done.acquirer', {
              fresh: say.t(rf ? 'fileKinds.done.nPaid' : 'fileKinds.done.nSales', { count: r.imported }),
              known: say.t('fileKinds.done.nKnown', { count: r.alreadyKnown }),
            })}${r.sameFile ? ` ${say.t('fileKinds.done.again')}` : ''}`,
            ...(counts
              ? [say.t('cli.import.suggested', counts)]
              : r.notices.some((n) => n.code === 'import.suggest_failed')
                ? []
                : [say.t('fileKinds.done.noStatement')]),
          ]
        : [
            say.t('cli.import.statementDone', {
              id: r.statementId,
              imported: say.t('import.doneNew', { count: r.imported }),
              known: say.t('import.doneKnown', { count: r.alreadyKnown }),
              rejected: say.t('import.doneRejected', { count: r.rejected.length }),
            }),
            ...(r.sameFile ? [say.t('import.sameFile')] : []),
            ...(r.inserted.debits + r.inserted.balances > 0
              ? [
                  say.t('cli.import.alsoStored', {
                    debits: say.t('import.nDebits', { count: r.inserted.debits }),
                    balances: say.t('import.nBalances', { count: r.inserted.balances }),
                  }),
                ]
              : []),
            ...(counts ? [say.t('cli.import.suggested', counts)] : []),
          ];
    text.push(
      ...rejectedLines(r.rejected, say),
      ...r.notices.map((n) => noticeText(n, say)),
      ...accountLines(r.accountCheck, chosen, true, say),
    );
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

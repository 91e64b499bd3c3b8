import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError, onEvent, uploadFile } from '../api/client';
import { collator, formatDate, formatMoney } from '../format';
import { describeError } from '../i18n';
import { useLatest } from '../hooks/latest';
import { AccountCheckNote, useDescribeAccount } from '../components/AccountCheckNote';
import { AcquirerFileSummary } from '../components/import/AcquirerFileSummary';
import { MappingEditor } from '../components/MappingEditor';
import { OtherFilesHistory } from '../components/import/OtherFilesHistory';
import { PreviewLines } from '../components/import/PreviewLines';
import { ReturnFileSummary } from '../components/import/ReturnFileSummary';
import { StatementHistory } from '../components/import/StatementHistory';
import { statementLabel } from '../../../shared/statement-label';
import { rolesOf, withRole, type ColumnRole, type Mapping } from './import-mapping';

type Preview = CommandOutput<'import.preview'>;
type Commit = CommandOutput<'import.commit'>;
/** Notices of an import's result its preview cannot know: a file credit like several fetched Pix, failed suggestions. */
const RESULT_NOTICES = ['import.same_credit_ambiguous', 'import.suggest_failed'];
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];
type Removed = CommandOutput<'import.remove'>;
type Statement = CommandOutput<'import.statements'>['statements'][number];
type ReturnFiles = CommandOutput<'import.returnFiles'>['returnFiles'];
type AcquirerFiles = CommandOutput<'acquirer.files'>['files'];
/** The three kinds of file Importar takes ([S] item 6): each has its own preview, button and result. */
type FileKind = 'statement' | 'returnFile' | 'acquirer';
const kindOf = (r: { returnFile?: unknown; acquirerFile?: unknown }): FileKind =>
  r.returnFile ? 'returnFile' : r.acquirerFile ? 'acquirer' : 'statement';

/** Errors whose sentence tells the clerk to choose or check the columns: the column chooser goes with them. */
const COLUMN_ERRORS = ['import.no_table', 'import.all_rejected', 'import.bad_mapping'];

/**
 * A first guess for choosing the columns by hand, when detection found none: titles on row 1, every role on the
 * first column. The preview then lists every column with its samples, and the clerk assigns the roles.
 */
const HAND_MAPPING: Extract<Mapping, { kind: 'table' }> = {
  kind: 'table',
  sheet: null,
  encoding: null,
  delimiter: null,
  headerRow: 1,
  dateColumn: 0,
  descriptionColumns: [0],
  amountColumn: 0,
  creditColumn: null,
  debitColumn: null,
  directionColumn: null,
  documentColumn: null,
  balanceColumn: null,
  dateOrder: 'dmy',
  decimalSeparator: ',',
};

export function ImportScreen({ demo }: { demo: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { account: useId(), file: useId(), statement: useId() };
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [prefsLost, setPrefsLost] = useState(false);
  const [upload, setUpload] = useState<{ uploadId: string; name: string } | null>(null);
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [preview, setPreview] = useState<Preview | null>(null);
  /** Previews answer in any order (a big file, a changed column): only the newest one is shown. */
  const latestPreview = useLatest();
  const [result, setResult] = useState<Commit | null>(null);
  const [statements, setStatements] = useState<Statement[]>([]);
  const [returnFiles, setReturnFiles] = useState<ReturnFiles>([]);
  const [acquirerFiles, setAcquirerFiles] = useState<AcquirerFiles>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number | null } | null>(null);
  const [error, setError] = useState<{ text: string; code: string | null } | null>(null);
  /** The statement whose removal is being asked about, and the outcome of the last removal. */
  const [removing, setRemoving] = useState<number | null>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const mappingRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  /** A file holding several statements: which one the clerk picked (the preview lists them). */
  const [statementIndex, setStatementIndex] = useState<number | null>(null);
  /** The clerk confirms a file that names another account is this account's (recorded in the audit log). */
  const [confirmAccount, setConfirmAccount] = useState(false);
  const fail = (e: unknown) =>
    setError(
      e instanceof CommandError
        ? { text: describeError(e.info), code: e.info.code ?? null }
        : { text: String(e), code: null },
    );
  /** The account is remembered per branch: the next visit starts on it. */
  const chooseAccount = (id: number | null) => {
    setAccountId(id);
    // Not remembered: the clerk hears why (the choice on screen still holds for this visit).
    if (id) void call('profiles.setPrefs', { importBankAccountId: id }).catch(fail);
  };
  const describeAccount = useDescribeAccount();

  /** Every kind of file imported, each in its own list. */
  const loadStatements = useCallback(
    () =>
      Promise.all([
        call('import.statements', {}).then((r) => setStatements(r.statements)),
        call('import.returnFiles', {}).then((r) => setReturnFiles(r.returnFiles)),
        call('acquirer.files', {}).then((r) => setAcquirerFiles(r.files)),
      ]).catch(fail),
    [],
  );
  useEffect(() => {
    Promise.all([
      call('cache.bankAccounts', {}),
      // The remembered account is a convenience: without it the first active account is chosen, and the clerk is
      // told why the usual one is not (the details are in the log, written by the dispatch).
      call('profiles.prefs', {}).catch(() => {
        setPrefsLost(true);
        return { importBankAccountId: null };
      }),
    ]).then(([r, prefs]) => {
      setAccounts(
        [...r.accounts].sort((a, b) => collator().compare(a.description ?? '', b.description ?? '')),
      );
      const remembered = r.accounts.find((a) => a.id === prefs.importBankAccountId)?.id;
      setAccountId((id) => id ?? remembered ?? r.accounts.find((a) => !a.inactive)?.id ?? null);
    }, fail);
    void loadStatements();
    return onEvent('job.progress', (p) => {
      if (p.phase === 'import.read') setProgress({ done: p.done, total: p.total });
    });
  }, [loadStatements]);

  const runPreview = async (
    up: { uploadId: string },
    account: number | null,
    m?: Mapping,
    statement: number | null = statementIndex,
    fresh = false,
  ) => {
    setBusy('preview');
    setError(null);
    setResult(null);
    setConfirmAccount(false);
    const ask = (bankAccountId: number | null) =>
      call('import.preview', {
        uploadId: up.uploadId,
        ...(bankAccountId ? { bankAccountId } : {}),
        ...(m ? { mapping: m } : {}),
        ...(statement !== null ? { statementIndex: statement } : {}),
      });
    try {
      const r = await latestPreview(async (isCurrent) => {
        const p = await ask(account);
        // A new file that names its account: that account is preselected (the clerk can still change it).
        const suggested = p.accountCheck.suggestedBankAccountId;
        if (!fresh || suggested === null || suggested === account || !isCurrent()) return p;
        chooseAccount(suggested);
        return ask(suggested);
      });
      // A newer preview was asked for meanwhile: it sets the screen (and ends the busy state), not this one.
      if (!r.current) return;
      setPreview(r.value);
      setMapping(r.value.mapping);
    } catch (e) {
      // A column choice that does not fit keeps the last preview, and its column chooser, on screen to fix it.
      if (!m) setPreview(null);
      fail(e);
    }
    setBusy(null);
    setProgress(null);
  };
  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy('upload');
    setError(null);
    try {
      const up = await uploadFile(file);
      const next = { uploadId: up.uploadId, name: file.name };
      setUpload(next);
      setMapping(undefined);
      setStatementIndex(null);
      await runPreview(next, accountId, undefined, null, true);
    } catch (e) {
      fail(e);
      setBusy(null);
    }
  };
  const sample = async (format: 'ofx' | 'csv' | 'xlsx') => {
    setBusy('sample');
    setError(null);
    try {
      const st = await call('demo.sampleStatement', {
        format,
        ...(accountId ? { bankAccountId: accountId } : {}),
      });
      const next = { uploadId: st.uploadId, name: st.fileName };
      setUpload(next);
      chooseAccount(st.bankAccountId);
      setMapping(undefined);
      await runPreview(next, st.bankAccountId);
    } catch (e) {
      fail(e);
      setBusy(null);
    }
  };
  const changeRole = (index: number, role: ColumnRole) => {
    if (!preview || !upload || mapping?.kind !== 'table') return;
    const next = withRole(mapping, preview.columns.length, index, role);
    setMapping(next);
    void runPreview(upload, accountId, next);
  };
  const changeTable = (patch: Partial<Extract<Mapping, { kind: 'table' }>>) => {
    if (!upload || mapping?.kind !== 'table') return;
    const next = { ...mapping, ...patch };
    setMapping(next);
    void runPreview(upload, accountId, next);
  };
  const chooseByHand = () => {
    if (!upload) return;
    setMapping(HAND_MAPPING);
    void runPreview(upload, accountId, HAND_MAPPING);
  };
  const remove = async (statementId: number) => {
    setBusy('remove');
    setError(null);
    setResult(null);
    try {
      setRemoved(await call('import.remove', { statementId }));
    } catch (e) {
      fail(e);
    } finally {
      setRemoving(null);
      setBusy(null);
      await loadStatements();
    }
  };
  const commit = async () => {
    if (!upload || !accountId) return;
    setBusy('commit');
    setError(null);
    setRemoved(null);
    try {
      setResult(
        await call('import.commit', {
          uploadId: upload.uploadId,
          bankAccountId: accountId,
          ...(mapping ? { mapping } : {}),
          ...(statementIndex !== null ? { statementIndex } : {}),
          ...(confirmAccount ? { confirmAccount: true } : {}),
        }),
      );
      setPreview(null);
      setUpload(null);
      await loadStatements();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void chooseFile(e.dataTransfer.files[0]);
  };
  const kind = preview ? kindOf(preview) : null;
  const roles = preview && mapping?.kind === 'table' ? rolesOf(mapping, preview.columns.length) : null;
  const editorShown = !!(preview && mapping?.kind === 'table' && roles);
  const columnError = !!error?.code && COLUMN_ERRORS.includes(error.code);
  // An error that says to choose the columns, with the chooser on screen: bring it into view.
  useEffect(() => {
    if (columnError && editorShown) mappingRef.current?.scrollIntoView({ block: 'nearest' });
  }, [columnError, editorShown]);

  return (
    <section className="screen screen-wide">
      <h1>{t('nav.import')}</h1>
      {accounts && accounts.length === 0 && <p className="status error">{t('import.noAccounts')}</p>}
      {prefsLost && (
        <p className="muted" role="status">
          {t('importing.prefsLost')}
        </p>
      )}
      <div className="toolbar">
        {/* Its width does not follow the accounts' names: the sample buttons beside it stay where they were drawn
            when the accounts arrive (a click landing as they moved 140 px was lost). */}
        <div className="field import-account">
          <label htmlFor={ids.account}>{t('import.account')}</label>
          <select
            id={ids.account}
            value={accountId ?? ''}
            onChange={(e) => {
              const id = Number(e.target.value) || null;
              chooseAccount(id);
              if (upload) void runPreview(upload, id, mapping);
            }}
          >
            {(accounts ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.description}
                {a.inactive ? ` (${t('import.inactive')})` : ''}
              </option>
            ))}
          </select>
        </div>
        {demo && (
          <div className="actions">
            <span className="muted">{t('import.sample')}</span>
            {(['ofx', 'csv', 'xlsx'] as const).map((f) => (
              // A sample is made for the chosen account: not before the accounts are known.
              <button
                key={f}
                type="button"
                onClick={() => void sample(f)}
                disabled={busy !== null || !accounts}
              >
                {f.toUpperCase()}
              </button>
            ))}
          </div>
        )}
      </div>
      <div
        className={dragging ? 'dropzone dragging' : 'dropzone'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('fileKinds.dropTitle')}</p>
        <ul className="file-kinds">
          {(['statement', 'returnFile', 'acquirer'] as const).map((k) => (
            <li key={k}>
              <strong>{t(`fileKinds.kinds.${k}`)}</strong>{' '}
              <span className="muted">— {t(`fileKinds.kinds.${k}Formats`)}</span>
            </li>
          ))}
        </ul>
        <label htmlFor={ids.file} className="button-like">
          {t('import.choose')}
        </label>
        <input
          id={ids.file}
          className="visually-hidden"
          type="file"
          // No filter by extension: banks name return files .ret, .txt, .crt or nothing, and the kind is read from
          // the bytes.
          onChange={(e) => {
            void chooseFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {upload && <p className="muted">{upload.name}</p>}
      </div>
      {busy && (
        <div className="progress" role="status">
          {t(`import.busy.${busy}`)}
          <progress
            max={progress?.total ?? undefined}
            value={progress?.total ? progress.done : undefined}
            aria-label={t(`import.busy.${busy}`)}
          />
        </div>
      )}
      {error && (
        <div role="alert" className="import-error">
          <p className="status error">
            {error.text}
            {columnError && editorShown && <> {t('importing.adjustBelow')}</>}
          </p>
          {columnError && !editorShown && upload && (
            <div className="choose-columns">
              <p className="muted">{t('importing.chooseColumnsHint')}</p>
              <button type="button" className="primary" onClick={chooseByHand} disabled={busy !== null}>
                {t('importing.chooseColumns')}
              </button>
            </div>
          )}
        </div>
      )}
      {removed && (
        <div role="status">
          <p className="status ok">
            {t('importing.removed', {
              // The statement as the history named it: its account and period ([T] item 5).
              file: statementLabel(
                { ...removed, id: removed.statementId },
                accounts?.find((a) => a.id === removed.bankAccountId)?.description,
                i18n.language,
                t,
              ),
              lines: t('importing.nLines', { count: removed.lines }),
              approved: t('importing.nApproved', { count: removed.approvedDiscarded }),
            })}
          </p>
          {removed.overlapping.length > 0 && (
            <p className="warn">{t('importing.overlapping', { files: removed.overlapping.join(', ') })}</p>
          )}
        </div>
      )}
      {result && kindOf(result) !== 'statement' && <OtherFileResult result={result} />}
      {result && kindOf(result) === 'statement' && (
        <p role="status" className="status ok">
          {t('import.done', {
            imported: t('import.doneNew', { count: result.imported }),
            known: t('import.doneKnown', { count: result.alreadyKnown }),
            rejected: t('import.doneRejected', { count: result.rejected.length }),
          })}
          {result.suggestions && (
            <>
              {' '}
              {t('import.suggested', {
                green: t('import.nGreen', { count: result.suggestions.green }),
                yellow: t('import.nYellow', { count: result.suggestions.yellow }),
                others: result.suggestions.red + result.suggestions.unmatched,
              })}
            </>
          )}
        </p>
      )}
      {result?.notices
        // What only the import itself finds (the preview said the rest before the click).
        .filter((n) => RESULT_NOTICES.includes(n.code))
        .map((n) => (
          <p key={n.code} className="warn">
            {t(`import.notices.${n.code.replace(/^import\./, '')}`, { ...n.params, defaultValue: n.message })}
          </p>
        ))}
      {preview && kind && (
        <div className="card import-preview">
          <h2>{t('import.previewTitle')}</h2>
          {kind === 'statement' && (
            <>
              {/* The kind of file in words; the text encoding and a confidence figure are not the clerk's business
                  ([T]): an encoding the file lied about is a notice, columns worth checking say so below. */}
              <p>
                {t('fileKinds.isStatement', { format: preview.format.toUpperCase() })}{' '}
                <span className="badge">
                  {t(`import.source.${preview.mappingSource}`, { name: preview.profileName ?? '' })}
                </span>
              </p>
              {preview.confidence < 0.9 && <p className="warn">{t('fileKinds.checkColumns')}</p>}
            </>
          )}
          {preview.returnFile && <ReturnFileSummary summary={preview.returnFile} />}
          {preview.acquirerFile && <AcquirerFileSummary summary={preview.acquirerFile} />}
          {preview.notices
            // The statement chooser below says this one.
            .filter((n) => n.code !== 'import.several_statements')
            .map((n) => (
              <p key={n.code} className="warn">
                {t(`import.notices.${n.code.replace(/^import\./, '')}`, {
                  ...n.params,
                  defaultValue: n.message,
                })}
              </p>
            ))}
          {kind === 'statement' && (
            <p>
              {t('import.counts', {
                credits: t('import.nCredits', { count: preview.counts.credits }),
                debits: t('import.nDebits', { count: preview.counts.debits }),
                balances: t('import.nBalances', { count: preview.counts.balances }),
                amount: formatMoney(preview.counts.creditCents, locale),
              })}
              {preview.period &&
                ` · ${t('import.period', { from: formatDate(preview.period.from, locale), to: formatDate(preview.period.to, locale) })}`}
            </p>
          )}
          {kind === 'statement' && preview.knownCredits !== null && preview.knownCredits > 0 && (
            <p className="warn">
              {t('import.known', { count: preview.knownCredits, fresh: preview.newCredits ?? 0 })}
            </p>
          )}
          {preview.statements.length > 1 && upload && (
            <div className="field statement-choice">
              <label htmlFor={ids.statement}>{t('import.statementChoice')}</label>
              <select
                id={ids.statement}
                value={preview.statementIndex ?? ''}
                onChange={(e) => {
                  const i = e.target.value === '' ? null : Number(e.target.value);
                  setStatementIndex(i);
                  void runPreview(upload, accountId, mapping, i);
                }}
              >
                <option value="">{t('import.statementPick')}</option>
                {preview.statements.map((c) => (
                  <option key={c.index} value={c.index}>
                    {t('import.statementN', {
                      n: c.index + 1,
                      account: c.accountHint
                        ? describeAccount(c.accountHint)
                        : t('import.statementNoAccount'),
                      count: c.lineCount,
                      period: c.period
                        ? `${formatDate(c.period.from, locale)} – ${formatDate(c.period.to, locale)}`
                        : '—',
                    })}
                    {c.currency && !['BRL', 'BRC'].includes(c.currency) ? ` (${c.currency})` : ''}
                  </option>
                ))}
              </select>
            </div>
          )}
          {preview.sameFileStatementId !== null && <p className="warn">{t('import.sameFile')}</p>}
          <AccountCheckNote
            check={preview.accountCheck}
            chosen={accounts?.find((a) => a.id === accountId)?.description ?? null}
            confirmed={confirmAccount}
            onConfirm={setConfirmAccount}
          />
          {mapping?.kind === 'table' && roles && (
            <div ref={mappingRef}>
              <MappingEditor
                columns={preview.columns}
                mapping={mapping}
                roles={roles}
                onRole={changeRole}
                onChange={changeTable}
              />
            </div>
          )}
          {/* The one action comes before the lines it imports, not after a table of 50 rows ([T] item 7). */}
          <div className="actions import-confirm">
            <button
              type="button"
              className="primary"
              disabled={
                busy !== null ||
                !accountId ||
                (preview.statements.length > 1 && preview.statementIndex === null) ||
                (preview.accountCheck.verdict === 'different' && !confirmAccount)
              }
              onClick={() => void commit()}
            >
              {kind === 'returnFile'
                ? t('fileKinds.confirm.returnFile', { count: preview.returnFile?.settlements ?? 0 })
                : kind === 'acquirer'
                  ? t('fileKinds.confirm.acquirer', { count: preview.acquirerFile?.sales ?? 0 })
                  : t('import.confirm', { count: preview.newCredits ?? preview.counts.credits })}
            </button>
          </div>
          <PreviewLines preview={preview} />
        </div>
      )}
      <StatementHistory
        statements={statements}
        accounts={accounts ?? []}
        removing={removing}
        busy={busy !== null}
        onAsk={setRemoving}
        onRemove={(id) => void remove(id)}
      />
      <OtherFilesHistory returnFiles={returnFiles} acquirerFiles={acquirerFiles} accounts={accounts ?? []} />
    </section>
  );
}

/** The result of importing a return file or a card sales file: what was stored, and the statement matched again. */
function OtherFileResult({ result }: { result: Commit }) {
  const { t } = useTranslation();
  const returnFile = !!result.returnFile;
  const s = result.suggestions;
  return (
    <div role="status">
      <p className="status ok">
        {t(returnFile ? 'fileKinds.done.returnFile' : 'fileKinds.done.acquirer', {
          fresh: t(returnFile ? 'fileKinds.done.nPaid' : 'fileKinds.done.nSales', { count: result.imported }),
          known: t('fileKinds.done.nKnown', { count: result.alreadyKnown }),
        })}
        {result.sameFile && <> {t('fileKinds.done.again')}</>}
      </p>
      <p>
        {s
          ? t('fileKinds.done.suggested', {
              green: t('import.nGreen', { count: s.green }),
              yellow: t('import.nYellow', { count: s.yellow }),
              others: s.red + s.unmatched,
            })
          : // Suggestions that failed are said by their own notice (below), not as a missing statement.
            !result.notices.some((n) => n.code === 'import.suggest_failed') &&
            t('fileKinds.done.noStatement')}
      </p>
    </div>
  );
}

import { useCallback, useEffect, useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError, onEvent, uploadFile } from '../api/client';
import { collator, formatDate, formatDateTime, formatMoney } from '../format';
import { describeError } from '../i18n';
import { AccountCheckNote, useDescribeAccount } from '../components/AccountCheckNote';
import { MappingEditor } from '../components/MappingEditor';
import { rolesOf, withRole, type ColumnRole, type Mapping } from './import-mapping';

type Preview = CommandOutput<'import.preview'>;
type Commit = CommandOutput<'import.commit'>;
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];
type Statement = CommandOutput<'import.statements'>['statements'][number];

export function ImportScreen({ demo }: { demo: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { account: useId(), file: useId(), statement: useId() };
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [upload, setUpload] = useState<{ uploadId: string; name: string } | null>(null);
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<Commit | null>(null);
  const [statements, setStatements] = useState<Statement[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  /** A file holding several statements: which one the clerk picked (the preview lists them). */
  const [statementIndex, setStatementIndex] = useState<number | null>(null);
  /** The clerk confirms a file that names another account is this account's (recorded in the audit log). */
  const [confirmAccount, setConfirmAccount] = useState(false);
  const fail = (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e));
  const describeAccount = useDescribeAccount();

  const loadStatements = useCallback(
    () => call('import.statements', {}).then((r) => setStatements(r.statements), fail),
    [],
  );
  useEffect(() => {
    call('cache.bankAccounts', {}).then((r) => {
      setAccounts(
        [...r.accounts].sort((a, b) => collator().compare(a.description ?? '', b.description ?? '')),
      );
      setAccountId((id) => id ?? r.accounts.find((a) => !a.inactive)?.id ?? null);
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
    try {
      const ask = (bankAccountId: number | null) =>
        call('import.preview', {
          uploadId: up.uploadId,
          ...(bankAccountId ? { bankAccountId } : {}),
          ...(m ? { mapping: m } : {}),
          ...(statement !== null ? { statementIndex: statement } : {}),
        });
      let p = await ask(account);
      // A new file that names its account: that account is preselected (the clerk can still change it).
      const suggested = p.accountCheck.suggestedBankAccountId;
      if (fresh && suggested !== null && suggested !== account) {
        setAccountId(suggested);
        p = await ask(suggested);
      }
      setPreview(p);
      setMapping(p.mapping);
    } catch (e) {
      setPreview(null);
      fail(e);
    } finally {
      setBusy(null);
      setProgress(null);
    }
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
      setAccountId(st.bankAccountId);
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
  const commit = async () => {
    if (!upload || !accountId) return;
    setBusy('commit');
    setError(null);
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
  const roles = preview && mapping?.kind === 'table' ? rolesOf(mapping, preview.columns.length) : null;

  return (
    <section className="screen screen-wide">
      <h1>{t('nav.import')}</h1>
      {accounts && accounts.length === 0 && <p className="status error">{t('import.noAccounts')}</p>}
      <div className="toolbar">
        <div className="field">
          <label htmlFor={ids.account}>{t('import.account')}</label>
          <select
            id={ids.account}
            value={accountId ?? ''}
            onChange={(e) => {
              const id = Number(e.target.value) || null;
              setAccountId(id);
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
              <button key={f} type="button" onClick={() => void sample(f)} disabled={busy !== null}>
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
        <p>{t('import.drop')}</p>
        <label htmlFor={ids.file} className="button-like">
          {t('import.choose')}
        </label>
        <input
          id={ids.file}
          className="visually-hidden"
          type="file"
          accept=".ofx,.csv,.txt,.xlsx,.xls,.ods"
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
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      {result && (
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
      {preview && (
        <div className="card import-preview">
          <h2>{t('import.previewTitle')}</h2>
          <p>
            {t('import.detected', {
              format: preview.format.toUpperCase(),
              encoding: preview.encoding ?? '—',
              confidence: Math.round(preview.confidence * 100),
            })}{' '}
            <span className="badge">
              {t(`import.source.${preview.mappingSource}`, { name: preview.profileName ?? '' })}
            </span>
          </p>
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
          {preview.knownCredits !== null && preview.knownCredits > 0 && (
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
            <MappingEditor
              columns={preview.columns}
              mapping={mapping}
              roles={roles}
              onRole={changeRole}
              onChange={changeTable}
            />
          )}
          {preview.lines.length > 0 && (
            <table className="table">
              <thead>
                <tr>
                  <th>{t('import.col.line')}</th>
                  <th>{t('import.col.date')}</th>
                  <th>{t('import.col.description')}</th>
                  <th className="num">{t('import.col.amount')}</th>
                  <th>{t('import.col.kind')}</th>
                  <th>{t('import.col.problems')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.lines.map((l) => (
                  <tr key={l.position} className={l.kind === 'credit' ? '' : 'muted'}>
                    <td className="num">{l.position}</td>
                    <td>{formatDate(l.date, locale)}</td>
                    <td className="ellipsis" title={l.description}>
                      {l.description}
                    </td>
                    <td className="num">{formatMoney(l.amountCents, locale)}</td>
                    <td>
                      <span className="badge">{t(`import.kind.${l.kind}`)}</span>{' '}
                      {l.known && <span className="badge">{t('import.alreadyKnown')}</span>}
                    </td>
                    <td className="warn">{l.problems.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {preview.rejected.length > 0 && (
            <details>
              <summary className="warn">{t('import.rejected', { count: preview.rejected.length })}</summary>
              <ul>
                {preview.rejected.map((r) => (
                  <li key={r.line}>{t('import.rejectedLine', { line: r.line, reason: r.reason })}</li>
                ))}
              </ul>
            </details>
          )}
          <div className="actions">
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
              {t('import.confirm', { count: preview.newCredits ?? preview.counts.credits })}
            </button>
          </div>
        </div>
      )}
      {statements.length > 0 && (
        <>
          <h2>{t('import.history')}</h2>
          <table className="table">
            <thead>
              <tr>
                <th>{t('import.col.file')}</th>
                <th>{t('import.col.account')}</th>
                <th>{t('import.col.period')}</th>
                <th className="num">{t('import.col.credits')}</th>
                <th>{t('import.col.when')}</th>
              </tr>
            </thead>
            <tbody>
              {statements.map((s) => (
                <tr key={s.id}>
                  <td className="ellipsis">{s.fileName}</td>
                  <td>{accounts?.find((a) => a.id === s.bankAccountId)?.description ?? s.bankAccountId}</td>
                  <td>
                    {formatDate(s.periodFrom, locale)} – {formatDate(s.periodTo, locale)}
                  </td>
                  <td className="num">{s.creditCount}</td>
                  <td>{formatDateTime(s.importedAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

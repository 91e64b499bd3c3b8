import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandInput, CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { DateField } from '../components/DateField';
import { AuditEntries } from '../components/audit/AuditEntries';
import { ReconciliationTable } from '../components/audit/ReconciliationTable';
import { useBranchFilter, useNetworkPlaces } from '../branch-filter';
import { useLatest } from '../hooks/latest';
import { BranchSelect } from '../components/BranchSelect';
import { brasiliaDayBounds, formatBrasilia, verifyReasonText } from '../components/audit/audit-text';
import { saveFile } from '../download';
import { formatBrasilia as formatBrasiliaAt, todayIso } from '../format';
import { describeError } from '../i18n';

type Entries = CommandOutput<'audit.list'>;
type Verification = CommandOutput<'audit.verify'>;
type Recon = CommandOutput<'reports.reconciliation'>;
type ExportInput = CommandInput<'audit.export'>;
type Tab = 'log' | 'reconciliation';

const GROUPS = ['import', 'match', 'outbox', 'notification', 'settings', 'sync', 'db'] as const;
const FORMATS = ['xlsx', 'csv', 'pdf'] as const;
/** The screen shows at most this many entries (newest first); exports always hold the whole period. */
const LIST_LIMIT = 5000;

const firstOfMonth = (today: string) => `${today.slice(0, 8)}01`;

/**
 * The verification in the clerk's words: intact or not, how many entries and up to when; the anchor (kept outside
 * the database) as what it means, its count and hash only under "Detalhes técnicos".
 */
function VerificationStatus({ verification: v }: { verification: Verification }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const when = (iso: string) =>
    t('audit.verify.at', {
      date: formatBrasiliaAt(iso, locale, { dateStyle: 'short' }),
      time: formatBrasiliaAt(iso, locale, { timeStyle: 'short' }),
    });
  return (
    <div role="status" className={`status ${v.ok ? 'ok' : 'error'}`}>
      <p>
        {!v.ok
          ? t('audit.verify.broken', { n: v.brokenAt ?? '?', reason: verifyReasonText(t, v.reason) })
          : v.entries === 0 || !v.lastAt
            ? t('audit.verify.okEmpty')
            : t('audit.verify.ok', { count: v.entries, when: when(v.lastAt) })}
      </p>
      {/* What the anchor adds, when it holds; a broken one is said by the reason above. */}
      {(!v.anchor || v.ok) && (
        <p className="muted">{v.anchor ? t('audit.verify.anchor') : t('audit.verify.noAnchor')}</p>
      )}
      {v.anchor && (
        <details className="audit-technical">
          <summary>{t('audit.verify.technical')}</summary>
          <p className="muted" style={{ wordBreak: 'break-all' }}>
            {t('audit.verify.anchorTechnical', {
              count: v.anchor.count,
              head: v.anchor.head,
              when: formatBrasilia(v.anchor.at, locale),
            })}
          </p>
        </details>
      )}
    </div>
  );
}

export function AuditScreen() {
  const { t } = useTranslation();
  const ids = { action: useId() };
  const [datesOk, setDatesOk] = useState({ from: true, to: true });
  const [from, setFrom] = useState(() => firstOfMonth(todayIso()));
  const [to, setTo] = useState(() => todayIso());
  const [group, setGroup] = useState('');
  const [tab, setTab] = useState<Tab>('log');
  const [entries, setEntries] = useState<Entries | null>(null);
  const [recon, setRecon] = useState<Recon | null>(null);
  const [openSeq, setOpenSeq] = useState<number | null>(null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const backwards = from !== '' && to !== '' && from > to;
  const invalid = backwards || !datesOk.from || !datesOk.to;
  const fail = (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e));

  // [V] A network: the reconciliation report (screen and file) of the branch chosen, shared with Conciliar and Enviar.
  const { branch, setBranch } = useBranchFilter();
  const places = useNetworkPlaces();
  const scope = places && branch !== 'all' ? branch : undefined;
  const latestLoad = useLatest();
  const load = useCallback(() => {
    if (invalid) return;
    const action = group ? `${group}.` : undefined;
    const period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    const reportOf = { ...period, ...(scope !== undefined ? { branch: scope } : {}) };
    // Typing a date or choosing a branch starts a new load; a slower earlier answer must not land over it.
    void latestLoad(() =>
      Promise.all([
        call('audit.list', {
          ...brasiliaDayBounds(from, to),
          ...(action ? { action } : {}),
          limit: LIST_LIMIT,
        }),
        call('reports.reconciliation', reportOf),
      ]),
    ).then(
      (r) => {
        if (!r.current) return;
        const [list, report] = r.value;
        setEntries(list);
        setRecon(report);
        setError(null);
      },
      (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, [from, to, group, invalid, scope, latestLoad]);
  useEffect(load, [load]);

  const verify = async () => {
    setVerifying(true);
    try {
      setVerification(await call('audit.verify', {}));
    } catch (e) {
      fail(e);
    } finally {
      setVerifying(false);
    }
  };

  const exportAs = async (kind: ExportInput['kind'], format: ExportInput['format']) => {
    setExporting(true);
    try {
      saveFile(
        await call('audit.export', {
          kind,
          format,
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(kind === 'log' && group ? { action: `${group}.` } : {}),
          ...(kind === 'reconciliation' && scope !== undefined ? { branch: scope } : {}),
        }),
      );
    } catch (e) {
      fail(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="screen screen-wide">
      <h1>{t('nav.audit')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      <div className="toolbar">
        <DateField
          label={t('audit.period.from')}
          value={from}
          onChange={setFrom}
          onValidity={(ok) => setDatesOk((d) => ({ ...d, from: ok }))}
          invalid={backwards}
          invalidText={t('audit.period.badDate')}
        />
        <DateField
          label={t('audit.period.to')}
          value={to}
          onChange={setTo}
          onValidity={(ok) => setDatesOk((d) => ({ ...d, to: ok }))}
          invalid={backwards}
          invalidText={t('audit.period.badDate')}
        />
        <div className="field">
          <label htmlFor={ids.action}>{t('audit.filter.action')}</label>
          <select id={ids.action} value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">{t('audit.filter.any')}</option>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`audit.filter.group.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="actions grow" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="primary" disabled={verifying} onClick={() => void verify()}>
            {verifying ? t('audit.verify.running') : t('audit.verify.button')}
          </button>
        </div>
      </div>
      <p className="hint">{t('audit.period.hint')}</p>
      {backwards && (
        <p role="alert" className="status error">
          {t('audit.period.invalid')}
        </p>
      )}
      {verification && <VerificationStatus verification={verification} />}
      <div className="toolbar" aria-busy={exporting}>
        {(['log', 'reconciliation'] as const).map((kind) => (
          <div key={kind} className="actions" style={{ alignItems: 'center' }}>
            <span className="muted">{t(`audit.export.${kind}`)}</span>
            {FORMATS.map((f) => (
              <button
                key={f}
                type="button"
                disabled={exporting || invalid}
                aria-label={t(kind === 'log' ? 'audit.export.logAs' : 'audit.export.reconciliationAs', {
                  format: f.toUpperCase(),
                })}
                onClick={() => void exportAs(kind, f)}
              >
                {t('audit.export.as', { format: f.toUpperCase() })}
              </button>
            ))}
          </div>
        ))}
        {exporting && <span className="muted">{t('audit.export.working')}</span>}
      </div>
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      <div
        className="actions"
        role="tablist"
        aria-label={t('audit.tabs.label')}
        style={{ margin: '0.5rem 0' }}
      >
        {(['log', 'reconciliation'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'primary' : undefined}
            onClick={() => setTab(k)}
          >
            {t(`audit.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'log' && entries && (
        <div role="tabpanel" aria-label={t('audit.tabs.log')}>
          <p className="totals" role="status">
            {t('audit.list.count', { count: entries.total })}
            {entries.total > entries.entries.length && (
              <span className="muted">
                {' '}
                · {t('audit.list.truncated', { shown: entries.entries.length, total: entries.total })}
              </span>
            )}
          </p>
          {entries.entries.length === 0 ? (
            <p className="muted empty">{t('audit.list.empty')}</p>
          ) : (
            <AuditEntries
              entries={entries.entries}
              openSeq={openSeq}
              brokenAt={verification && !verification.ok ? verification.brokenAt : null}
              onToggle={(seq) => setOpenSeq((s) => (s === seq ? null : seq))}
            />
          )}
        </div>
      )}
      {tab === 'reconciliation' && recon && (
        <div role="tabpanel" aria-label={t('audit.tabs.reconciliation')}>
          <p className="muted">{t('audit.recon.intro')}</p>
          {places && (
            <div className="toolbar">
              {/* [V] The report (and its file) of one branch's accounts; the log is the whole connection's. */}
              <BranchSelect places={places} value={branch} onChange={setBranch} />
            </div>
          )}
          <ReconciliationTable report={recon} />
        </div>
      )}
    </section>
  );
}

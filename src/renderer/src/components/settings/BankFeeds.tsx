import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandInput, CommandOutput } from '../../../../shared/contract';
import { call, CommandError, uploadFile } from '../../api/client';
import { formatDate, formatDateTime } from '../../format';
import { describeError } from '../../i18n';

type List = CommandOutput<'feeds.list'>;
type Feed = List['feeds'][number];
type Preset = List['presets'][number];
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];
type Status = { tone: 'ok' | 'error'; text: string } | null;

const describe = (e: unknown) => (e instanceof CommandError ? describeError(e.info) : String(e));
const OTHER = '';

/**
 * Configurações → Conexões bancárias ([U] item 1): the bank feeds of the branch (the Pix API of the Banco Central
 * standard), with their certificate, last read, and Testar / Ler agora; the form adds or changes one. The client
 * secret and the certificate go to the core once and never come back (`feeds.save`).
 */
export function BankFeeds() {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState<List | null>(null);
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [editing, setEditing] = useState<Feed | 'new' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = () =>
    call('feeds.list', {}).then(setList, (e: unknown) => setStatus({ tone: 'error', text: describe(e) }));
  useEffect(() => {
    void load();
    call('cache.bankAccounts', {}).then(
      (r) => setAccounts(r.accounts.filter((a) => !a.inactive)),
      () => setAccounts([]),
    );
  }, []);

  const accountName = (id: number) => accounts.find((a) => a.id === id)?.description ?? `#${id}`;

  const act = async (key: string, f: () => Promise<Status>) => {
    setBusy(key);
    setStatus(null);
    try {
      setStatus(await f());
    } catch (e) {
      setStatus({ tone: 'error', text: describe(e) });
    } finally {
      setBusy(null);
      void load();
    }
  };

  const test = (f: Feed) =>
    act(`test-${f.id}`, async () => {
      const r = await call('feeds.test', { id: f.id });
      return { tone: 'ok', text: t('feeds.tested', { count: r.todayCount }) };
    });
  const run = (f: Feed) =>
    act(`run-${f.id}`, async () => {
      const r = (await call('feeds.run', { id: f.id })).results[0];
      if (!r) return null;
      if (r.error) return { tone: 'error', text: describeError(r.error) };
      const text = t('feeds.ran', { label: r.label, fetched: r.fetched, added: r.added, known: r.known });
      return {
        tone: 'ok',
        text: r.rejected ? `${text} ${t('feeds.ranRejected', { count: r.rejected })}` : text,
      };
    });
  const remove = (f: Feed) => {
    if (!window.confirm(t('feeds.removeConfirm', { label: f.label }))) return;
    void act(`remove-${f.id}`, async () => {
      await call('feeds.remove', { id: f.id });
      return { tone: 'ok', text: t('feeds.removed') };
    });
  };

  const lastRun = (f: Feed) => {
    const r = f.lastRun;
    if (!r) return <span className="muted">{t('feeds.never')}</span>;
    const date = formatDateTime(r.finishedAt ?? r.startedAt, i18n.language);
    if (r.error)
      return (
        <span>
          <span className="status-chip error">{t('feeds.lastRunFailed', { date })}</span>{' '}
          {describeError(r.error)}
        </span>
      );
    return t('feeds.lastRunOk', { date, fetched: r.fetched, added: r.added });
  };

  return (
    <section className="card bank-feeds" aria-labelledby="bank-feeds-title">
      <h2 id="bank-feeds-title">{t('feeds.title')}</h2>
      <p className="muted">{t('feeds.explain')}</p>
      {list && list.feeds.length === 0 && <p className="muted">{t('feeds.none')}</p>}
      {list && list.feeds.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('feeds.table.label')}</th>
              <th scope="col">{t('feeds.table.account')}</th>
              <th scope="col">{t('feeds.table.certificate')}</th>
              <th scope="col">{t('feeds.table.lastRun')}</th>
              <th scope="col">{t('feeds.table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.feeds.map((f) => (
              <tr key={f.id}>
                <td>
                  {f.label}
                  {!f.enabled && <span className="muted"> ({t('feeds.disabled')})</span>}
                </td>
                <td>{accountName(f.bankAccountId)}</td>
                <td>
                  {f.certificate
                    ? t('feeds.certValidTo', {
                        date: formatDate(f.certificate.validTo.slice(0, 10), i18n.language),
                      })
                    : '—'}
                </td>
                <td>{lastRun(f)}</td>
                <td>
                  <div className="actions">
                    <button type="button" onClick={() => void test(f)} disabled={busy !== null}>
                      {busy === `test-${f.id}` ? t('feeds.testing') : t('feeds.test')}
                    </button>
                    <button type="button" onClick={() => void run(f)} disabled={busy !== null}>
                      {busy === `run-${f.id}` ? t('feeds.running') : t('feeds.run')}
                    </button>
                    <button type="button" onClick={() => setEditing(f)} disabled={busy !== null}>
                      {t('feeds.edit')}
                    </button>
                    <button type="button" onClick={() => remove(f)} disabled={busy !== null}>
                      {t('feeds.remove')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {status && (
        <p role={status.tone === 'error' ? 'alert' : 'status'} className={`status ${status.tone}`}>
          {status.text}
        </p>
      )}
      {editing === null ? (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            {t('feeds.add')}
          </button>
        </div>
      ) : (
        <FeedForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          accounts={accounts}
          presets={list?.presets ?? []}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setStatus({ tone: 'ok', text: t('feeds.saved', { label: saved.label }) });
            void load();
          }}
        />
      )}
    </section>
  );
}

const same = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

function FeedForm({
  initial,
  accounts,
  presets,
  onDone,
}: {
  initial: Feed | null;
  accounts: Account[];
  presets: Preset[];
  onDone: (saved: Feed | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [v, setV] = useState({
    label: initial?.label ?? '',
    bankAccountId: initial?.bankAccountId ?? 0,
    preset: initial?.preset ?? OTHER,
    tokenUrl: initial?.tokenUrl ?? '',
    baseUrl: initial?.baseUrl ?? '',
    clientId: initial?.clientId ?? '',
    clientSecret: '',
    certKind: 'pfx' as 'pfx' | 'pem',
    password: '',
    enabled: initial?.enabled ?? true,
  });
  const [files, setFiles] = useState<{ cert: File | null; key: File | null; ca: File | null }>({
    cert: null,
    key: null,
    ca: null,
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });
  const moved =
    !initial ||
    !same(initial.tokenUrl, v.tokenUrl) ||
    !same(initial.baseUrl, v.baseUrl) ||
    initial.clientId !== v.clientId.trim();
  const preset = presets.find((p) => p.id === v.preset) ?? null;

  const choosePreset = (pid: string) => {
    const p = presets.find((x) => x.id === pid);
    setV({
      ...v,
      preset: pid,
      ...(p ? { tokenUrl: p.tokenUrl, baseUrl: p.baseUrl } : {}),
      ...(p?.bankAccountId ? { bankAccountId: p.bankAccountId } : {}),
      ...(p?.demoCertificate ? { clientId: p.demoCertificate.clientId } : {}),
    });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaving(true);
    try {
      let certificate: CommandInput<'feeds.save'>['certificate'];
      if (files.cert && v.certKind === 'pfx')
        certificate = {
          kind: 'pfx',
          uploadId: (await uploadFile(files.cert)).uploadId,
          password: v.password,
        };
      else if (files.cert && files.key)
        certificate = {
          kind: 'pem',
          certUploadId: (await uploadFile(files.cert)).uploadId,
          keyUploadId: (await uploadFile(files.key)).uploadId,
          password: v.password,
        };
      const saved = await call('feeds.save', {
        ...(initial ? { id: initial.id } : {}),
        label: v.label,
        bankAccountId: v.bankAccountId,
        preset: v.preset === OTHER ? null : v.preset,
        tokenUrl: v.tokenUrl,
        baseUrl: v.baseUrl,
        clientId: v.clientId,
        ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
        ...(certificate ? { certificate } : {}),
        ...(files.ca ? { serverCa: { uploadId: (await uploadFile(files.ca)).uploadId } } : {}),
        enabled: v.enabled,
      });
      onDone(saved);
    } catch (err) {
      setError(describe(err));
    } finally {
      setSaving(false);
    }
  };

  const text = (k: 'label' | 'tokenUrl' | 'baseUrl' | 'clientId', type = 'text', hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>{t(`feeds.form.${k}`)}</label>
      <input id={`${id}-${k}`} type={type} value={v[k]} onChange={set(k)} aria-required="true" />
      {hint && <span className="hint">{hint}</span>}
    </div>
  );

  return (
    <form className="feed-form" onSubmit={(e) => void save(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('feeds.form.title')}</h3>
      {text('label', 'text', t('feeds.form.labelHint'))}
      <div className="field">
        <label htmlFor={`${id}-account`}>{t('feeds.form.account')}</label>
        <select
          id={`${id}-account`}
          value={v.bankAccountId}
          onChange={(e) => setV({ ...v, bankAccountId: Number(e.target.value) })}
        >
          <option value={0}>{t('feeds.form.chooseAccount')}</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.description}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-preset`}>{t('feeds.form.preset')}</label>
        <select id={`${id}-preset`} value={v.preset} onChange={(e) => choosePreset(e.target.value)}>
          <option value={OTHER}>{t('feeds.form.presetOther')}</option>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {preset?.demoCertificate && (
        <p className="hint">
          {t('feeds.form.demoHint', {
            path: preset.demoCertificate.path,
            password: preset.demoCertificate.password,
            clientId: preset.demoCertificate.clientId,
            clientSecret: preset.demoCertificate.clientSecret,
          })}
        </p>
      )}
      {text('tokenUrl', 'url')}
      {text('baseUrl', 'url', t('feeds.form.baseUrlHint'))}
      {text('clientId')}
      <div className="field">
        <label htmlFor={`${id}-secret`}>{t('feeds.form.clientSecret')}</label>
        <input
          id={`${id}-secret`}
          type="password"
          autoComplete="off"
          value={v.clientSecret}
          onChange={set('clientSecret')}
          aria-required={moved}
        />
        {initial && (
          <span className={moved ? 'hint warn' : 'hint'}>
            {moved ? t('feeds.form.secretAgain') : t('feeds.form.secretKept')}
          </span>
        )}
      </div>
      <fieldset className="field">
        <legend>{t('feeds.form.certKind')}</legend>
        {(['pfx', 'pem'] as const).map((k) => (
          <label key={k} className="radio">
            <input
              type="radio"
              name={`${id}-certKind`}
              checked={v.certKind === k}
              onChange={() => setV({ ...v, certKind: k })}
            />
            {t(k === 'pfx' ? 'feeds.form.certPfx' : 'feeds.form.certPem')}
          </label>
        ))}
      </fieldset>
      {initial?.certificate && !moved && (
        <p className="hint">
          {t('feeds.form.certKept', {
            subject: initial.certificate.subject,
            date: formatDate(initial.certificate.validTo.slice(0, 10), i18n.language),
          })}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-cert`}>{t('feeds.form.certFile')}</label>
        <input
          id={`${id}-cert`}
          type="file"
          accept={v.certKind === 'pfx' ? '.pfx,.p12' : '.pem,.crt,.cer'}
          onChange={(e) => setFiles({ ...files, cert: e.target.files?.[0] ?? null })}
        />
      </div>
      {v.certKind === 'pem' && (
        <div className="field">
          <label htmlFor={`${id}-key`}>{t('feeds.form.keyFile')}</label>
          <input
            id={`${id}-key`}
            type="file"
            accept=".pem,.key"
            onChange={(e) => setFiles({ ...files, key: e.target.files?.[0] ?? null })}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-password`}>
          {t(v.certKind === 'pfx' ? 'feeds.form.certPassword' : 'feeds.form.keyPassword')}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="off"
          value={v.password}
          onChange={set('password')}
        />
      </div>
      {!preset?.demoCertificate && (
        <div className="field">
          <label htmlFor={`${id}-ca`}>{t('feeds.form.caFile')}</label>
          <input
            id={`${id}-ca`}
            type="file"
            accept=".pem,.crt,.cer"
            aria-describedby={`${id}-ca-hint`}
            onChange={(e) => setFiles({ ...files, ca: e.target.files?.[0] ?? null })}
          />
          <p className="hint" id={`${id}-ca-hint`}>
            {t('feeds.form.caHint')}
          </p>
        </div>
      )}
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={v.enabled}
            onChange={(e) => setV({ ...v, enabled: e.target.checked })}
          />{' '}
          {t('feeds.form.enabled')}
        </label>
      </div>
      <p className="hint">{t('feeds.form.secretsNote')}</p>
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={() => onDone(null)} disabled={saving}>
          {t('feeds.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('feeds.saving') : t('feeds.save')}
        </button>
      </div>
    </form>
  );
}

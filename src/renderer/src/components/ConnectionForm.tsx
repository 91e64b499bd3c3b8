import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo, Profile } from '../../../shared/contract';
import type { KeyKind } from '../../../shared/constants';
import { call, CommandError } from '../api/client';
import { describeError } from '../i18n';

const DEFAULT_BASE_URL = 'https://evo-integracao-api.w12app.com.br';
const FIELDS = ['name', 'baseUrl', 'username', 'password'] as const;
type Field = (typeof FIELDS)[number];
type Status = { tone: 'ok' | 'error'; text: string } | null;

/** An address as the core compares it: trimmed, without trailing slashes, host in lower case. */
function addressKey(s: string): string {
  const t = s.trim().replace(/\/+$/, '');
  try {
    return new URL(t).href.replace(/\/+$/, '');
  } catch {
    return t;
  }
}

const toInfo = (e: unknown): ErrorInfo =>
  e instanceof CommandError
    ? e.info
    : { kind: 'internal', message: e instanceof Error ? e.message : String(e) };

/**
 * Base URL, user, key and key kind, with "Testar conexão" and save. The key never comes back from the core.
 * With `initial`, edits that profile: a blank key keeps the stored one, unless the address or the user changed:
 * the stored key is only ever sent where it was saved for, so then the key must be typed again.
 */
export function ConnectionForm({ onSaved, initial }: { onSaved: (p: Profile) => void; initial?: Profile }) {
  const { t } = useTranslation();
  const ids = { name: useId(), baseUrl: useId(), username: useId(), password: useId() };
  const [values, setValues] = useState({
    name: initial?.name ?? '',
    baseUrl: initial?.baseUrl ?? DEFAULT_BASE_URL,
    username: initial?.username ?? '',
    password: '',
  });
  const [keyKind, setKeyKind] = useState<KeyKind>(initial?.keyKind ?? 'branch');
  const rebinding =
    initial !== undefined &&
    (addressKey(values.baseUrl) !== addressKey(initial.baseUrl) ||
      values.username.trim() !== initial.username);
  const keepKey = initial !== undefined && !rebinding && values.password === '';
  const missingKey = () => {
    if (!rebinding || values.password !== '') return false;
    setFieldError({ field: 'password', text: t('connection.invalid.keyAgain') });
    setStatus({ tone: 'error', text: t('errors.kind.validation') });
    return true;
  };
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);

  const set = (f: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    // An error about the form as it was no longer holds once it changes.
    setFieldError(null);
  };
  const report = (e: unknown) => {
    const info = toInfo(e);
    if (info.code === 'profile.key_required') {
      setFieldError({ field: 'password', text: t('connection.invalid.keyAgain') });
      setStatus({ tone: 'error', text: t('errors.kind.validation') });
    } else if (info.kind === 'validation' && info.field && FIELDS.includes(info.field as Field)) {
      setFieldError({ field: info.field, text: t(`connection.invalid.${info.field as Field}`) });
      setStatus({ tone: 'error', text: t('errors.kind.validation') });
    } else {
      setFieldError(null);
      setStatus({ tone: 'error', text: describeError(info) });
    }
  };
  const creds = () => ({
    baseUrl: values.baseUrl,
    username: values.username,
    password: values.password,
    keyKind,
  });

  const test = async () => {
    if (missingKey()) return;
    setBusy('test');
    setStatus(null);
    try {
      const r = keepKey
        ? await call('profiles.test', { id: initial.id })
        : await call('connection.test', creds());
      setFieldError(null);
      setStatus({ tone: 'ok', text: t('connection.testOk', { count: r.bankAccounts, ms: r.latencyMs }) });
    } catch (e) {
      report(e);
    } finally {
      setBusy(null);
    }
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (missingKey()) return;
    setBusy('save');
    setStatus(null);
    try {
      const { password, ...rest } = creds();
      const profile = await call('profiles.save', {
        ...rest,
        name: values.name,
        ...(keepKey ? {} : { password }),
        ...(initial
          ? { id: initial.id, ...(initial.rateLimit ? { rateLimit: initial.rateLimit } : {}) }
          : {}),
      });
      setStatus({ tone: 'ok', text: t('connection.saved') });
      onSaved(profile);
    } catch (err) {
      report(err);
    } finally {
      setBusy(null);
    }
  };

  const input = (f: Field, type: string, extra: Record<string, string> = {}) => (
    <div className="field">
      <label htmlFor={ids[f]}>{t(`connection.${f}`)}</label>
      <input
        id={ids[f]}
        name={f}
        type={type}
        value={values[f]}
        onChange={set(f)}
        aria-invalid={fieldError?.field === f}
        aria-describedby={fieldError?.field === f ? `${ids[f]}-err` : undefined}
        {...extra}
      />
      {fieldError?.field === f && (
        <span id={`${ids[f]}-err`} className="field-error">
          {fieldError.text}
        </span>
      )}
    </div>
  );

  return (
    <form className="connection-form" onSubmit={(e) => void save(e)} noValidate>
      {input('name', 'text', { placeholder: t('connection.namePlaceholder'), autoComplete: 'organization' })}
      {input('baseUrl', 'url', { autoComplete: 'url' })}
      {input('username', 'text', { autoComplete: 'username' })}
      {input('password', 'password', {
        autoComplete: 'current-password',
        ...(initial === undefined || rebinding ? { 'aria-required': 'true' } : {}),
      })}
      {rebinding ? (
        <p className="hint" aria-live="polite">
          <span className="warn">{t('connection.keyAgainHint')}</span>
        </p>
      ) : (
        <p className="hint">{initial ? t('connection.keepKeyHint') : t('connection.passwordHint')}</p>
      )}
      <fieldset className="field">
        <legend>{t('connection.keyKind')}</legend>
        {(['branch', 'admin'] as const).map((k) => (
          <label key={k} className="radio">
            <input
              type="radio"
              name="keyKind"
              value={k}
              checked={keyKind === k}
              onChange={() => setKeyKind(k)}
            />
            {t(`connection.keyKinds.${k}`)}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="button" onClick={() => void test()} disabled={busy !== null}>
          {busy === 'test' ? t('connection.testing') : t('connection.test')}
        </button>
        <button type="submit" className="primary" disabled={busy !== null}>
          {busy === 'save' ? t('connection.saving') : t('connection.save')}
        </button>
      </div>
      {status && (
        <p role={status.tone === 'error' ? 'alert' : 'status'} className={`status ${status.tone}`}>
          {status.text}
        </p>
      )}
    </form>
  );
}

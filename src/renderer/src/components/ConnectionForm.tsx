import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, ErrorInfo, Profile } from '../../../shared/contract';
import type { KeyKind } from '../../../shared/constants';
import { BLOCKING_NOTICES } from '../../../shared/contract/connection';
import { call, CommandError } from '../api/client';
import { describeError } from '../i18n';

const DEFAULT_BASE_URL = 'https://evo-integracao-api.w12app.com.br';
const FIELDS = ['name', 'baseUrl', 'username', 'password'] as const;
type Field = (typeof FIELDS)[number];
type Status = { tone: 'ok' | 'error'; text: string; notes?: string[] } | null;
type TestResult = CommandOutput<'connection.test'>;
/** A test that failed or warned before saving: what it said, and the code kept in the audit if saved anyway. */
type Pending = { code: string; lead: 'failed' | 'warned'; text: string };

/** An address as the core compares it: trimmed, without trailing slashes, host in lower case. */
function addressKey(s: string): string {
  const t = s.trim().replace(/\/+$/, '');
  try {
    return new URL(t).href.replace(/\/+$/, '');
  } catch {
    return t;
  }
}

export const toInfo = (e: unknown): ErrorInfo =>
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
  const [pending, setPending] = useState<Pending | null>(null);
  /** The question after a failed test: brought into view, with the safe answer focused. */
  const safeAnswer = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!pending) return;
    safeAnswer.current?.scrollIntoView({ block: 'nearest' });
    safeAnswer.current?.focus({ preventScroll: true });
  }, [pending]);

  const set = (f: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    // An error about the form as it was no longer holds once it changes.
    setFieldError(null);
    setPending(null);
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
      setStatus({ tone: 'error', text: failureText(info) });
    }
  };
  /** A failed test in words; a refused general-administrator key gets what the vendor says about those keys. */
  const failureText = (info: ErrorInfo) =>
    info.code === 'api.unauthorized' && keyKind === 'admin'
      ? `${describeError(info)} ${t('connectionCheck.adminHint')}`
      : describeError(info);
  /** Errors about the form itself: saving could not go through either, so there is nothing to ask. */
  const isFormError = (info: ErrorInfo) =>
    info.code === 'profile.key_required' ||
    (info.kind === 'validation' && !!info.field && FIELDS.includes(info.field as Field));
  const noticeTexts = (r: TestResult) =>
    r.notices.map((n) => t(`connectionCheck.notices.${n.code.replace(/^connection\./, '')}`, n.params ?? {}));
  const runTest = () =>
    keepKey ? call('profiles.test', { id: initial.id, keyKind }) : call('connection.test', creds());
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
    setPending(null);
    try {
      const r = await runTest();
      setFieldError(null);
      setStatus({
        tone: 'ok',
        text: t('connection.testOk', { count: r.bankAccounts }),
        notes: noticeTexts(r),
      });
    } catch (e) {
      report(e);
    } finally {
      setBusy(null);
    }
  };
  /** Store the profile; `savedDespite` is what the failed test said, when the clerk chose to save anyway. */
  const store = async (savedDespite?: string) => {
    setBusy('save');
    setPending(null);
    try {
      const { password, ...rest } = creds();
      const profile = await call('profiles.save', {
        ...rest,
        name: values.name,
        ...(keepKey ? {} : { password }),
        ...(initial
          ? { id: initial.id, ...(initial.rateLimit ? { rateLimit: initial.rateLimit } : {}) }
          : {}),
        ...(savedDespite ? { savedDespite } : {}),
      });
      setStatus({ tone: 'ok', text: t('connection.saved') });
      onSaved(profile);
    } catch (err) {
      report(err);
    } finally {
      setBusy(null);
    }
  };
  /** "Salvar e continuar": test first; a failed or doubtful test is said plainly and the clerk decides. */
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (missingKey()) return;
    setBusy('save');
    setStatus(null);
    setPending(null);
    let r: TestResult;
    try {
      r = await runTest();
    } catch (err) {
      const info = toInfo(err);
      if (isFormError(info)) report(err);
      else setPending({ code: info.code ?? info.kind, lead: 'failed', text: failureText(info) });
      setBusy(null);
      return;
    }
    setFieldError(null);
    const blocking = r.notices.find((n) => BLOCKING_NOTICES.includes(n.code));
    if (blocking) {
      setPending({
        code: blocking.code,
        lead: 'warned',
        text: noticeTexts({ ...r, notices: [blocking] })[0]!,
      });
      setBusy(null);
      return;
    }
    await store();
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
              onChange={() => {
                setKeyKind(k);
                setPending(null);
              }}
            />
            {t(`connection.keyKinds.${k}`)}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="button" onClick={() => void test()} disabled={busy !== null}>
          {busy === 'test' ? t('connection.testing') : t('connection.test')}
        </button>
        <button type="submit" className="primary" disabled={busy !== null || pending !== null}>
          {busy === 'save' ? t('connectionCheck.testingBeforeSave') : t('connection.save')}
        </button>
      </div>
      {pending && (
        <div className="save-check" role="alert">
          <p>
            <strong>{t(`connectionCheck.${pending.lead}`)}</strong> {pending.text}
          </p>
          <p>{t('connectionCheck.question')}</p>
          <div className="actions">
            <button type="button" onClick={() => void store(pending.code)} disabled={busy !== null}>
              {t('connectionCheck.saveAnyway')}
            </button>
            <button
              ref={safeAnswer}
              type="button"
              className="primary"
              onClick={() => {
                setPending(null);
                setStatus({ tone: 'error', text: t('connectionCheck.notSaved') });
              }}
              disabled={busy !== null}
            >
              {t('connectionCheck.dontSave')}
            </button>
          </div>
        </div>
      )}
      {status && (
        <div role={status.tone === 'error' ? 'alert' : 'status'}>
          <p className={`status ${status.tone}`}>{status.text}</p>
          {status.notes?.map((n) => (
            <p key={n} className="warn">
              {n}
            </p>
          ))}
        </div>
      )}
    </form>
  );
}

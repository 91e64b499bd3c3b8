import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, CommandError } from '../../api/client';
import { describeError } from '../../i18n';
import type { CommandOutput } from '../../../../shared/contract';

type Link = CommandOutput<'office.link.get'>;
type Probe = CommandOutput<'office.link.test'>;

/**
 * Configurações → Servidor do escritório ([W]), only in the installed app: open the office's Quita server instead of
 * this computer's data. "Testar" shows the certificate the server presents (to compare with what the IT team gave);
 * "Conectar" saves the link only when that certificate is the expected one and a Quita server answered. It takes
 * effect at the next start (the window then opens the server's login page); the tray icon offers the way back.
 */
export function OfficeLink() {
  const { t } = useTranslation();
  const id = useId();
  const [link, setLink] = useState<Link>(null);
  const [url, setUrl] = useState('');
  const [fingerprint, setFingerprint] = useState('');
  const [probe, setProbe] = useState<Probe | null>(null);
  const [busy, setBusy] = useState<'test' | 'connect' | 'disconnect' | null>(null);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    void call('office.link.get', {}).then(
      (l) => setLink(l),
      () => setLink(null),
    );
  }, []);

  const fail = (err: unknown) =>
    setStatus({ tone: 'error', text: err instanceof CommandError ? describeError(err.info) : String(err) });
  const pinned = fingerprint.trim() || undefined;

  const test = async () => {
    setBusy('test');
    setStatus(null);
    setProbe(null);
    try {
      const p = await call('office.link.test', {
        url: url.trim(),
        ...(pinned ? { fingerprint: pinned } : {}),
      });
      setProbe(p);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const connect = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('connect');
    setStatus(null);
    try {
      const l = await call('office.link.set', { url: url.trim(), fingerprint: pinned ?? null });
      setLink(l);
      setStatus({ tone: 'ok', text: t('officeLink.connected', { url: l?.url ?? url }) });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const disconnect = async () => {
    setBusy('disconnect');
    setStatus(null);
    try {
      await call('office.link.set', { url: null });
      setLink(null);
      setStatus({ tone: 'ok', text: t('officeLink.disconnected') });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const verdict = probe
    ? probe.trusted
      ? probe.healthy
        ? t('officeLink.trusted')
        : t('officeLink.trustedNotQuita')
      : pinned
        ? t('officeLink.mismatch')
        : t('officeLink.untrusted')
    : null;

  return (
    <section className="card office-link" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('officeLink.title')}</h2>
      <p className="muted">{t('officeLink.explain')}</p>
      {link && (
        <p>
          {t('officeLink.current', { url: link.url })}{' '}
          <button type="button" disabled={busy !== null} onClick={() => void disconnect()}>
            {t('officeLink.disconnect')}
          </button>
        </p>
      )}
      <form className="office-link-form" onSubmit={(e) => void connect(e)}>
        <label className="field">
          <span>{t('officeLink.url')}</span>
          <input
            type="url"
            required
            inputMode="url"
            spellCheck={false}
            placeholder={t('officeLink.urlPlaceholder')}
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setProbe(null);
            }}
          />
        </label>
        <label className="field">
          <span>{t('officeLink.fingerprint')}</span>
          <input
            type="text"
            spellCheck={false}
            autoCapitalize="characters"
            value={fingerprint}
            aria-describedby={`${id}-fp-hint`}
            onChange={(e) => {
              setFingerprint(e.target.value);
              setProbe(null);
            }}
          />
          <small id={`${id}-fp-hint`} className="muted">
            {t('officeLink.fingerprintHint')}
          </small>
        </label>
        <div className="actions">
          <button type="button" disabled={busy !== null || !url.trim()} onClick={() => void test()}>
            {busy === 'test' ? t('officeLink.testing') : t('officeLink.test')}
          </button>
          <button type="submit" className="primary" disabled={busy !== null || !url.trim()}>
            {t('officeLink.connect')}
          </button>
        </div>
      </form>
      {probe && (
        <div role="status">
          <p className="office-link-fingerprint">
            {t('officeLink.seen', { fingerprint: probe.fingerprint })}
          </p>
          <p className={`status ${probe.trusted && probe.healthy ? 'ok' : 'error'}`}>{verdict}</p>
        </div>
      )}
      {status && (
        <p
          role={status.tone === 'error' ? 'alert' : 'status'}
          className={`status ${status.tone === 'error' ? 'error' : 'ok'}`}
        >
          {status.text}
        </p>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { ShortcutList } from '../components/reconcile/shortcuts';
import { describeError } from '../i18n';

type Info = CommandOutput<'app.info'>;

/** The three kinds of file Importar takes, by their `fileKinds.kinds.*` texts (name, then formats). */
const FILE_KINDS = ['statement', 'returnFile', 'acquirer'] as const;

/**
 * Ajuda ([T] item 9): about this Quita (version, how it runs, where its data and log are, how its keys are kept),
 * Conciliar's shortcuts, what Importar reads and Enviar does, and what to do when something goes wrong.
 */
export function HelpScreen() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<Info | null>(null);
  const [infoError, setInfoError] = useState<string | null>(null);

  useEffect(() => {
    // As in Configurações: a failure to read these says so where they would be.
    call('app.info', {}).then(setInfo, (e: unknown) =>
      setInfoError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, []);

  const protection = info?.secretProtection;
  return (
    <section className="screen help">
      <h1>{t('help.title')}</h1>
      <p className="muted help-intro">{t('help.intro')}</p>

      <section className="card" aria-labelledby="help-about">
        <h2 id="help-about">{t('help.about.title')}</h2>
        {infoError && (
          <p role="alert" className="status error">
            {infoError}
          </p>
        )}
        {!info && !infoError && <p className="muted">{t('common.loading')}</p>}
        {info && protection && (
          <dl className="help-about">
            <dt>{t('help.about.version')}</dt>
            <dd className="help-version">{info.version}</dd>
            <dt>{t('help.about.mode')}</dt>
            <dd>{t(`help.about.modes.${info.mode}`)}</dd>
            <dt>{t('help.about.dataDir')}</dt>
            <dd>
              <PathValue path={info.dataDir} copyLabel={t('help.about.copyDataDir')} />
              <p className="muted">{t('help.about.dataDirNote')}</p>
            </dd>
            {info.logFile && (
              <>
                <dt>{t('help.about.logFile')}</dt>
                <dd>
                  <PathValue path={info.logFile} copyLabel={t('help.about.copyLogFile')} />
                  <p className="muted">{t('help.about.logFileNote')}</p>
                </dd>
              </>
            )}
            <dt>{t('help.about.keys')}</dt>
            <dd>
              <p>{t(`help.about.protection.${protection.scheme}`)}</p>
              {/* As in Configurações: a passphrase is what it says; the other two warn when they are weaker. */}
              {protection.warning && protection.scheme !== 'passphrase' && (
                <p className="warn">{t(`help.about.protectionWarning.${protection.scheme}`)}</p>
              )}
            </dd>
          </dl>
        )}
      </section>

      <section className="card" aria-labelledby="help-shortcuts">
        <h2 id="help-shortcuts">{t('help.shortcuts.title')}</h2>
        <p className="muted">{t('help.shortcuts.intro')}</p>
        <ShortcutList />
      </section>

      <section className="card" aria-labelledby="help-reads">
        <h2 id="help-reads">{t('help.reads.title')}</h2>
        <p>{t('help.reads.intro')}</p>
        <ul className="help-kinds">
          {FILE_KINDS.map((kind) => (
            <li key={kind}>
              <strong>{t(`fileKinds.kinds.${kind}`)}</strong>: {t(`fileKinds.kinds.${kind}Formats`)}
            </li>
          ))}
        </ul>
        <p>{t('help.reads.send')}</p>
      </section>

      <section className="card" aria-labelledby="help-trouble">
        <h2 id="help-trouble">{t('help.trouble.title')}</h2>
        <ul className="help-trouble">
          <li>{t('help.trouble.say')}</li>
          <li>{t('help.trouble.log')}</li>
          <li>{t('help.trouble.backups')}</li>
          <li>{t('help.trouble.once')}</li>
        </ul>
      </section>
    </section>
  );
}

/** A path to read (selected whole with one click) and a button that copies it, saying for a moment whether it did. */
function PathValue({ path, copyLabel }: { path: string; copyLabel: string }) {
  const { t } = useTranslation();
  // `at` tells one click from the next, so each says its result for the same few seconds.
  const [copied, setCopied] = useState<{ ok: boolean; at: number } | null>(null);
  // “Caminho copiado.” is said for a few seconds, then the row is as it was.
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="help-path">
      <code>{path}</code>
      <button
        type="button"
        aria-label={copyLabel}
        onClick={() => void copyText(path).then((ok) => setCopied({ ok, at: Date.now() }))}
      >
        {t('help.about.copy')}
      </button>
      <span role="status" className={copied?.ok === false ? 'warn' : 'status ok'}>
        {copied === null ? '' : copied.ok ? t('help.about.copied') : t('help.about.copyFailed')}
      </span>
    </div>
  );
}

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (the browser on 127.0.0.1), else the
 * older copy command, which the desktop app allows on a click (it grants no clipboard permission).
 */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Not allowed here: fall back to the copy command below.
  }
  const focused = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

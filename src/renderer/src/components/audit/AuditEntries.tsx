import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { call } from '../../api/client';
import { VirtualList } from '../VirtualList';
import {
  actionText,
  actorText,
  changeRows,
  formatBrasilia,
  prettyJson,
  subjectText,
  type Names,
} from './audit-text';

type Entry = CommandOutput<'audit.list'>['entries'][number];

const COLUMNS = {
  // [T] When on one line, who and what as long as their longest words; what the entry is about gets the rest.
  // [W] Who as wide as "bruno, pelo servidor do escritório" (a longer login is cut, whole in its tooltip).
  gridTemplateColumns: '2rem 10rem minmax(16rem, 0.1fr) 18rem minmax(12rem, 1fr) 5rem',
};
const ROW = 36;

/** The log, newest first, virtualized; the chosen entry's before/after opens below the list. */
export function AuditEntries({
  entries,
  openSeq,
  onToggle,
  brokenAt,
}: {
  entries: Entry[];
  openSeq: number | null;
  onToggle: (seq: number) => void;
  /** The entry where the last verification found the chain broken, marked in the list. */
  brokenAt: number | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const exists = (key: string) => i18n.exists(key);
  const open = openSeq === null ? undefined : entries.find((e) => e.seq === openSeq);
  return (
    <>
      <div className="grid" role="table" aria-label={t('audit.tabs.log')} aria-rowcount={entries.length + 1}>
        <div className="grid-head" role="row" style={COLUMNS}>
          <span role="columnheader" className="num">
            {t('audit.list.seq')}
          </span>
          <span role="columnheader">{t('audit.list.when')}</span>
          <span role="columnheader">{t('audit.list.who')}</span>
          <span role="columnheader">{t('audit.list.what')}</span>
          <span role="columnheader">{t('audit.list.subject')}</span>
          <span role="columnheader" />
        </div>
        <VirtualList
          items={entries}
          rowHeight={ROW}
          height={Math.min(480, Math.max(ROW * 2, entries.length * ROW))}
          label={t('audit.tabs.log')}
          getKey={(e) => e.seq}
          renderRow={(e) => (
            <div className="grid-row" style={COLUMNS}>
              <span
                role="cell"
                className={`num ${e.seq === brokenAt ? 'state-failed' : ''}`}
                title={e.seq === brokenAt ? t('audit.list.brokenHere') : undefined}
              >
                {e.seq === brokenAt ? `⚠ ${e.seq}` : e.seq}
              </span>
              <span role="cell">{formatBrasilia(e.at, locale)}</span>
              <span role="cell" className="ellipsis" title={actorText(t, e.actor)}>
                {actorText(t, e.actor)}
              </span>
              <span role="cell" className="ellipsis" title={actionText(t, exists, e.action, e.subject)}>
                {actionText(t, exists, e.action, e.subject)}
              </span>
              <span role="cell" className="ellipsis" title={subjectText(t, exists, e.subject, e.subjectName)}>
                {subjectText(t, exists, e.subject, e.subjectName)}
              </span>
              <span role="cell">
                <button
                  type="button"
                  className="linklike"
                  aria-expanded={openSeq === e.seq}
                  aria-label={t('audit.list.detailsLabel', { seq: e.seq })}
                  onClick={() => onToggle(e.seq)}
                >
                  {openSeq === e.seq ? t('audit.list.hideDetails') : t('audit.list.details')}
                </button>
              </span>
            </div>
          )}
        />
      </div>
      {open && <EntryDetails entry={open} onClose={() => onToggle(open.seq)} />}
    </>
  );
}

function ChangeList({ value, title, names }: { value: unknown; title: string; names: Names }) {
  const { t, i18n } = useTranslation();
  const rows = changeRows(t, (key) => i18n.exists(key), value, i18n.language, names);
  return (
    <div>
      <h3>{title}</h3>
      {rows === null ? (
        <p className="muted">{t('audit.list.nothing')}</p>
      ) : rows.length === 0 ? (
        <p className="muted">{t('audit.list.noDetails')}</p>
      ) : (
        <dl className="audit-change">
          {rows.map((r, i) => (
            <div key={`${r.label}-${i}`}>
              <dt>{r.label}</dt>
              <dd>{r.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/**
 * The names an entry's ids stand for (bank accounts, the branch's connection), read from the local copy when the
 * details open. They only replace numbers: when they cannot be read the details show the ids, as before.
 */
function useNames(): { names: Names; profiles: ReadonlyMap<string, string> } {
  const [state, setState] = useState<{ names: Names; profiles: ReadonlyMap<string, string> }>({
    names: {},
    profiles: new Map(),
  });
  useEffect(() => {
    let live = true;
    void Promise.all([call('cache.bankAccounts', {}), call('profiles.list', {})]).then(
      ([a, p]) => {
        if (!live) return;
        setState({
          names: { accounts: new Map(a.accounts.map((x) => [x.id, x.description])) },
          profiles: new Map(p.profiles.map((x) => [x.id, x.name])),
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

function EntryDetails({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { names, profiles } = useNames();
  const exists = (key: string) => i18n.exists(key);
  const before = prettyJson(entry.before);
  const after = prettyJson(entry.after);
  const pre = {
    margin: 0,
    maxHeight: '16rem',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  } as const;
  const both = before !== null && after !== null;
  return (
    <section
      className="card"
      aria-label={t('audit.list.detailsOf', { seq: entry.seq })}
      style={{ marginTop: '0.75rem' }}
    >
      <div className="toolbar">
        <h2 className="grow">
          {t('audit.list.detailsOf', { seq: entry.seq })} ·{' '}
          {actionText(t, exists, entry.action, entry.subject)}
          {entry.subject ? ` · ${subjectText(t, exists, entry.subject, entry.subjectName)}` : ''}
        </h2>
        <button type="button" onClick={onClose}>
          {t('audit.list.close')}
        </button>
      </div>
      <p className="muted">
        {formatBrasilia(entry.at, i18n.language)} · {actorText(t, entry.actor)} ·{' '}
        {t('audit.list.profile', { profile: profiles.get(entry.profileId) ?? entry.profileId })}
      </p>
      <div style={{ display: 'grid', gridTemplateColumns: both ? '1fr 1fr' : '1fr', gap: '1rem' }}>
        {(before !== null || after === null) && (
          <ChangeList value={entry.before} title={t('audit.list.before')} names={names} />
        )}
        {(after !== null || before === null) && (
          <ChangeList value={entry.after} title={t('audit.list.after')} names={names} />
        )}
      </div>
      <details className="audit-technical">
        <summary>{t('audit.list.technical')}</summary>
        <p className="muted">
          {entry.action}
          {entry.subject ? ` · ${entry.subject}` : ''} · {entry.actor} ·{' '}
          {t('audit.list.hash', { hash: entry.hash.slice(0, 16) })}
        </p>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '1rem' }}>
          <div>
            <h3>{t('audit.list.before')}</h3>
            <pre style={pre}>{before ?? t('audit.list.nothing')}</pre>
          </div>
          <div>
            <h3>{t('audit.list.after')}</h3>
            <pre style={pre}>{after ?? t('audit.list.nothing')}</pre>
          </div>
        </div>
      </details>
    </section>
  );
}

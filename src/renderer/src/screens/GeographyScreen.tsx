import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { formatAge } from '../format';
import { useLatest } from '../hooks/latest';
import { describeError } from '../i18n';

type States = CommandOutput<'geo.states'>;
type City = CommandOutput<'geo.cities'>['cities'][number];
type Neighborhood = CommandOutput<'geo.neighborhoods'>['neighborhoods'][number];
type Hit = CommandOutput<'geo.search'>['hits'][number];

export function GeographyScreen() {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const [states, setStates] = useState<States | null>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [cities, setCities] = useState<Record<number, City[]>>({});
  const [neighborhoods, setNeighborhoods] = useState<Record<number, Neighborhood[]>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e));

  const loadStates = useCallback(() => call('geo.states', {}).then(setStates, fail), []);
  useEffect(() => void loadStates(), [loadStates]);
  // Typing "sao" then "sao paulo": the answer for "sao" may arrive last; only the newest query's hits are shown.
  const latestSearch = useLatest();
  useEffect(() => {
    if (!query.trim()) return;
    const timer = setTimeout(
      () =>
        void latestSearch(() => call('geo.search', { query, limit: 200 })).then((r) => {
          if (r.current) setHits(r.value.hits);
        }, fail),
      150,
    );
    return () => clearTimeout(timer);
  }, [query, latestSearch]);

  const refresh = async () => {
    setBusy(true);
    setError(null);
    try {
      await call('geo.refresh', {});
      setCities({});
      setNeighborhoods({});
      await loadStates();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const openState = (id: number) => {
    if (!cities[id])
      void call('geo.cities', { stateId: id }).then(
        (r) => setCities((c) => ({ ...c, [id]: r.cities })),
        fail,
      );
  };
  const openCity = (id: number) => {
    if (!neighborhoods[id])
      void call('geo.neighborhoods', { cityId: id }).then(
        (r) => setNeighborhoods((n) => ({ ...n, [id]: r.neighborhoods })),
        fail,
      );
  };
  const searching = query.trim() !== '';

  return (
    <section className="screen">
      <h1>{t('nav.geography')}</h1>
      <div className="toolbar">
        <div className="field grow">
          <label htmlFor={searchId}>{t('geo.search')}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('geo.searchPlaceholder')}
          />
        </div>
        <button type="button" onClick={() => void refresh()} disabled={busy}>
          {busy ? t('common.working') : t('geo.refresh')}
        </button>
      </div>
      {states && (
        <p className="totals" role="status">
          {t('geo.counts', {
            states: t('geo.nStates', { count: states.counts.states }),
            cities: t('geo.nCities', { count: states.counts.cities }),
            neighborhoods: t('geo.nNeighborhoods', { count: states.counts.neighborhoods }),
          })}
          <span className="muted">
            {' '}
            ·{' '}
            {t('debtors.synced', {
              age: states.syncedAt ? formatAge(states.syncedAt, i18n.language) : t('sync.never'),
            })}
          </span>
        </p>
      )}
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      {searching ? (
        <ul className="geo-hits" aria-label={t('geo.results')}>
          {(hits ?? []).map((h) => (
            <li key={`${h.level}-${h.id}`}>
              <span className="badge">{t(`geo.level.${h.level}`)}</span> {h.path}
            </li>
          ))}
          {hits && hits.length === 0 && <li className="muted">{t('geo.noResults')}</li>}
        </ul>
      ) : states && states.states.length === 0 ? (
        <p className="muted">{t('geo.empty')}</p>
      ) : (
        <ul className="geo-tree" aria-label={t('nav.geography')}>
          {states?.states.map((s) => (
            <li key={s.id}>
              <details onToggle={(e) => (e.currentTarget.open ? openState(s.id) : undefined)}>
                <summary>
                  {s.name} {s.abbreviation && <span className="muted">({s.abbreviation})</span>}{' '}
                  <span className="muted">
                    {t('geo.stateCounts', {
                      cities: t('geo.nCities', { count: s.cities }),
                      neighborhoods: t('geo.nNeighborhoods', { count: s.neighborhoods }),
                    })}
                  </span>
                </summary>
                <ul>
                  {(cities[s.id] ?? []).map((c) => (
                    <li key={c.id}>
                      <details onToggle={(e) => (e.currentTarget.open ? openCity(c.id) : undefined)}>
                        <summary>
                          {c.name}{' '}
                          <span className="muted">{t('geo.nNeighborhoods', { count: c.neighborhoods })}</span>
                        </summary>
                        <ul>
                          {(neighborhoods[c.id] ?? []).map((n) => (
                            <li key={n.id}>{n.name}</li>
                          ))}
                        </ul>
                      </details>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CycleSchedule } from '../../../../shared/contract/cycle';
import { call, CommandError } from '../../api/client';
import { describeError } from '../../i18n';
import { deniedProps, useAllowed } from '../../me';

/** Configurações → Agenda e regra de envio: the branch's cycle schedule and its intake folder. */
export function Schedule() {
  const { t } = useTranslation();
  // [W] The schedule is a supervisor's to change, the intake folder an administrator's (roles.ts).
  const scheduling = useAllowed('cycle.saveSchedule', 'schedule');
  const folderSetting = useAllowed('intake.setFolder', 'folder');
  const [schedule, setSchedule] = useState<CycleSchedule | null>(null);
  const [folder, setFolder] = useState('');
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const fail = (e: unknown) =>
    setStatus({ text: e instanceof CommandError ? describeError(e.info) : String(e), error: true });

  useEffect(() => {
    call('cycle.schedule', {}).then((s) => {
      setSchedule(s.schedule);
      setFolder(s.intakeFolder ?? '');
    }, fail);
  }, []);
  if (!schedule) return null;

  const setDay = (i: number, day: CycleSchedule['days'][number]) =>
    setSchedule({ ...schedule, days: schedule.days.map((d, k) => (k === i ? day : d)) });

  return (
    <div className="schedule" data-testid="schedule">
      <p>
        <label className="check">
          <input
            type="checkbox"
            checked={schedule.enabled}
            onChange={(e) => setSchedule({ ...schedule, enabled: e.target.checked })}
          />{' '}
          {t('cycle.schedule.enabled')}
        </label>
      </p>
      <p>
        <label>
          {t('cycle.schedule.every')}{' '}
          <input
            type="number"
            min={5}
            max={1440}
            value={schedule.everyMinutes}
            onChange={(e) => setSchedule({ ...schedule, everyMinutes: Number(e.target.value) || 30 })}
            style={{ width: '6em' }}
          />
        </label>
      </p>
      <table className="schedule-days">
        <tbody>
          {schedule.days.map((d, i) => (
            <tr key={i}>
              <th scope="row">{t(`cycle.schedule.days.${i}`)}</th>
              <td>
                <input
                  type="checkbox"
                  aria-label={t(`cycle.schedule.days.${i}`)}
                  checked={d !== null}
                  onChange={(e) => setDay(i, e.target.checked ? { from: '07:00', to: '19:00' } : null)}
                />
              </td>
              {d ? (
                <>
                  <td>
                    {t('cycle.schedule.from')}{' '}
                    <input
                      type="time"
                      aria-label={`${t(`cycle.schedule.days.${i}`)}: ${t('cycle.schedule.from')}`}
                      value={d.from}
                      onChange={(e) => setDay(i, { ...d, from: e.target.value })}
                    />
                  </td>
                  <td>
                    {t('cycle.schedule.to')}{' '}
                    <input
                      type="time"
                      aria-label={`${t(`cycle.schedule.days.${i}`)}: ${t('cycle.schedule.to')}`}
                      value={d.to}
                      onChange={(e) => setDay(i, { ...d, to: e.target.value })}
                    />
                  </td>
                </>
              ) : (
                <td colSpan={2} className="muted">
                  {t('cycle.schedule.closed')}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        disabled={!scheduling.allowed}
        {...deniedProps(scheduling)}
        onClick={() =>
          void call('cycle.saveSchedule', { schedule }).then((s) => {
            setSchedule(s.schedule);
            setStatus({ text: t('cycle.schedule.saved'), error: false });
          }, fail)
        }
      >
        {t('cycle.schedule.save')}
      </button>
      <h3>{t('cycle.intake.title')}</h3>
      <p className="muted">{t('cycle.schedule.folderHint')}</p>
      <label>
        {t('cycle.schedule.folder')}{' '}
        <input
          type="text"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          style={{ width: '28em' }}
        />
      </label>{' '}
      <button
        type="button"
        disabled={!folderSetting.allowed}
        {...deniedProps(folderSetting)}
        onClick={() =>
          void call('intake.setFolder', { folder: folder.trim() || null }).then((s) => {
            setFolder(s.intakeFolder ?? '');
            setStatus({
              text: s.intakeFolder ? t('cycle.schedule.folderSaved') : t('cycle.schedule.noFolder'),
              error: false,
            });
          }, fail)
        }
      >
        {t('cycle.schedule.saveFolder')}
      </button>
      {status && (
        <p role={status.error ? 'alert' : 'status'} className={status.error ? 'status error' : 'status'}>
          {status.text}
        </p>
      )}
    </div>
  );
}

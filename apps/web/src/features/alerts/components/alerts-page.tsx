// D-36: /alerts, the user's alerts (at most 20): what each watches, where, its last match (opening
// that post), an SMS switch and delete; "STOP" turns every SMS alert off. Reached from the profile
// and the mailbox; alerts are made with "Alert me" on a search or after publishing.
import { ALERTS_MAX, type Alert, findSubcategory } from '@app/shared';
import { BellOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { categoryName, formatMoment } from '../../../lib/post';
import { getLanguage } from '../../../lib/settings';
import { useAlertSms, useAlerts, useDeleteAlert, useStopSms } from '../api/alerts';
import '../alerts.css';

function AlertCard({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const sms = useAlertSms();
  const remove = useDeleteAlert();
  const language = getLanguage();
  const sub = alert.sub_category_id ? findSubcategory(alert.sub_category_id) : undefined;
  const kind = t(
    alert.type === 'needSolution'
      ? 'alerts.needs'
      : alert.type === 'provideSolution'
        ? 'alerts.offers'
        : 'alerts.posts',
  );
  const what = [
    sub
      ? language === 'fr-ca'
        ? sub.sub.label.fr
        : sub.sub.label.en
      : alert.category
        ? categoryName(alert.category)
        : null,
    alert.q ? t('alerts.words', { q: alert.q }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const name = what ? `${kind} · ${what}` : kind;
  return (
    <li>
      <article className="card" aria-label={name}>
        <p className="alert-what">{name}</p>
        <p className="alert-where">{t('alerts.within', { km: alert.radius_km })}</p>
        <p className="alert-last">
          {alert.last_match_at && alert.last_solution_id ? (
            <>
              {t('alerts.lastMatch', { when: formatMoment(alert.last_match_at) })}{' '}
              <a href={`/s/${alert.last_solution_id}`}>{t('alerts.openPost')}</a>
            </>
          ) : (
            t('alerts.noMatchYet')
          )}
        </p>
        <div className="alert-actions">
          <label className="alert-sms">
            <input
              type="checkbox"
              role="switch"
              checked={alert.sms}
              disabled={sms.isPending}
              onChange={() => sms.mutate({ id: alert._id, sms: !alert.sms })}
            />
            {t('alerts.sms')}
          </label>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={remove.isPending}
            aria-label={t('alerts.deleteOne', { name })}
            onClick={() => remove.mutate(alert._id)}
          >
            <Trash2 aria-hidden="true" size={18} />
            {t('alerts.delete')}
          </button>
        </div>
        {sms.isError || remove.isError ? (
          <p role="alert" className="alert-me-error">
            {errorText(t, sms.error ?? remove.error)}
          </p>
        ) : null}
      </article>
    </li>
  );
}

export function AlertsPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const stop = useStopSms();
  const anySms = alerts.data?.some((a) => a.sms) ?? false;
  return (
    <Page title={title} wide>
      <p className="alerts-intro">{t('alerts.intro', { max: ALERTS_MAX })}</p>
      {alerts.isPending ? <Spinner /> : null}
      {alerts.isError ? <p role="alert">{errorText(t, alerts.error)}</p> : null}
      {alerts.data?.length === 0 ? (
        <div className="card">
          <p>{t('alerts.none')}</p>
          <Link to="/dashboard">{t('alerts.toSearch')}</Link>
        </div>
      ) : null}
      {alerts.data && alerts.data.length > 0 ? (
        <>
          <p className="muted">{t('alerts.count', { count: alerts.data.length, max: ALERTS_MAX })}</p>
          <ul className="alerts-list">
            {alerts.data.map((alert) => (
              <AlertCard key={alert._id} alert={alert} />
            ))}
          </ul>
          <div className="alerts-stop">
            <button
              type="button"
              className="button button-secondary"
              disabled={!anySms || stop.isPending}
              onClick={() => stop.mutate()}
            >
              <BellOff aria-hidden="true" size={18} />
              {t('alerts.stop')}
            </button>
            <p role="status">{stop.isSuccess ? t('alerts.stopped') : t('alerts.stopHint')}</p>
          </div>
        </>
      ) : null}
    </Page>
  );
}

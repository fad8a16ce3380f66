// D-32: the owner's choice. Every request on the post, open ones first: the requester as a Person
// (no contacts before the deal), their note, proposed price and dates, and Confirm or Decline.
// Given to the post's page by the app layer, which is where features meet.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Solution } from '@app/shared';
import { PersonSummary } from '../../../components/person-summary';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { formatMoment } from '../../../lib/post';
import { usePostRequests } from '../api/deal-moves';
import { ChooseButtons } from './choose-buttons';
import { DealFigures } from './deal-figures';
import { DealStatusWord } from './deal-status-word';

export function RequestsPanel({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  const requests = usePostRequests(solution._id, true);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const list = requests.data ?? [];
  const open = list.filter((d) => d.status === 'requested');
  // The deals the owner chose stay in view: each leads to its page (contacts, messages, done).
  const chosen = list.filter((d) => d.status === 'accepted' || d.status === 'completed');
  const earlier = list.filter((d) => !open.includes(d) && !chosen.includes(d));

  return (
    <section className="card requests-panel" id="requests" aria-labelledby="requests-title">
      <h3 id="requests-title" className="deal-subtitle">
        {t('requests.title', { count: open.length })}
      </h3>
      <div role="status">
        {said ? <p className={`notice ${said.ok ? 'notice-success' : 'notice-error'}`}>{said.text}</p> : null}
      </div>
      {requests.isPending ? <Spinner /> : null}
      {/* Offline, the saved requests show as they were (the banner says so). */}
      {requests.isError && requests.data === undefined ? (
        <p className="notice notice-error" role="alert">
          {errorText(t, requests.error)}
        </p>
      ) : null}
      {requests.isSuccess && list.length === 0 ? <p className="muted">{t('requests.none')}</p> : null}
      {chosen.length > 0 ? (
        <ul className="requests-list" aria-label={t('requests.active')}>
          {chosen.map((deal) => (
            <li key={deal._id} className="request-card request-card-chosen">
              <p className="request-card-head">
                <strong>{deal.counterpart.firstName}</strong> <DealStatusWord deal={deal} />
              </p>
              <DealFigures deal={deal} />
              <Link className="button button-secondary button-small" to={`/deals/${deal._id}`}>
                {t('requests.openDeal', { name: deal.counterpart.firstName })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {open.length > 0 ? (
        <ul className="requests-list" aria-label={t('requests.open')}>
          {open.map((deal) => (
            <li key={deal._id} className="request-card">
              {/* D-32: who asked (name, badges, member since, deals, rating), under the panel's heading. */}
              <PersonSummary person={deal.counterpart} headingLevel={4} />
              {deal.counterpart.distance_km !== undefined ? (
                <p className="muted request-distance">{t('requests.distance', { km: deal.counterpart.distance_km })}</p>
              ) : null}
              <DealFigures deal={deal} />
              {deal.expires_at ? (
                <p className="muted request-expires">
                  {t('requests.expires', { date: formatMoment(deal.expires_at) })}
                </p>
              ) : null}
              <ChooseButtons deal={deal} onDone={(ok, text) => setSaid({ ok, text })} />
            </li>
          ))}
        </ul>
      ) : null}
      {earlier.length > 0 ? (
        <details className="requests-history">
          <summary>{t('requests.history')}</summary>
          <ul className="requests-list">
            {earlier.map((deal) => (
              <li key={deal._id} className="request-card request-card-past">
                <p>
                  <Link to={`/deals/${deal._id}`}>{deal.counterpart.firstName}</Link> <DealStatusWord deal={deal} />
                </p>
                <DealFigures deal={deal} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

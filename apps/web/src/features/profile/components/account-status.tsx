// SPEC 2.3 item 13 and SPEC 6: the trial countdown (D-16), or the subscription's end date, or a
// way to the plans (they replace SPEC's static balance); the '+ID' and VIP badges.
import { BadgeCheck, Crown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localeTag, type User } from '@app/shared';
import { getLanguage } from '../../../lib/settings';
import { subscriptionEnd, trialDaysLeft } from '../utils/trial';
import '../profile.css';
import { dateTimeFormat } from '../../../lib/intl';

export function AccountStatus({ user }: { user: Pick<User, 'subscription' | 'verified' | 'vip'> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const days = trialDaysLeft(user.subscription);
  const end = days === null ? subscriptionEnd(user.subscription) : null;
  return (
    <section className="card account-status" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-heading">
        {t('profile.statusTitle')}
      </h2>
      {user.verified || user.vip ? (
        <ul className="account-badges">
          {user.verified ? (
            <li className="account-badge badge-id">
              <BadgeCheck aria-hidden="true" size={16} />
              <span aria-hidden="true">{t('profile.badgeId')}</span>
              <span className="visually-hidden">{t('profile.badgeIdLabel')}</span>
            </li>
          ) : null}
          {user.vip ? (
            <li className="account-badge badge-vip">
              <Crown aria-hidden="true" size={16} />
              <span aria-hidden="true">{t('profile.badgeVip')}</span>
              <span className="visually-hidden">{t('profile.badgeVipLabel')}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <dl className="account-figures">
        {days !== null ? (
          <div className="account-figure" data-testid="trial">
            <dt>{t('profile.trialLabel')}</dt>
            <dd>{t('profile.trialDaysLeft', { count: days })}</dd>
          </div>
        ) : end ? (
          <div className="account-figure" data-testid="subscription">
            <dt>{t('profile.subscriptionLabel')}</dt>
            <dd>
              {t('profile.subscribedUntil', {
                date: dateTimeFormat(localeTag(getLanguage()), { dateStyle: 'long' }).format(end),
              })}
            </dd>
          </div>
        ) : (
          <div className="account-figure" data-testid="no-subscription">
            <dt>{t('profile.subscriptionLabel')}</dt>
            <dd>
              <Link to="/subscriptionscreen">{t('profile.seePlans')}</Link>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

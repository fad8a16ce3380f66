// SPEC 2.3 item 13 and SPEC 6: the trial countdown, or else the balance (a static $ 0.00); the
// '+ID' badge of a verified user and the VIP badge.
import { BadgeCheck, Crown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/shared';
import { trialDaysLeft } from '../utils/trial';

export function AccountStatus({ user }: { user: Pick<User, 'subscription' | 'verified' | 'vip'> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const days = trialDaysLeft(user.subscription);
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
        ) : (
          <div className="account-figure" data-testid="balance">
            <dt>{t('profile.balanceLabel')}</dt>
            <dd>{t('profile.balanceValue')}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

// SPEC 2.3 item 15, /subscriptionscreen: 12 months at the yearly price, the monthly equivalent of
// SPEC 9, the free 90-day trial while it is unused (SPEC 4), Subscribe and 'No Thanks'.
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, MONTHLY_EQUIVALENT, YEARLY_PRICE } from '@app/shared';
import { Page } from '../../../components/page';
import { getLanguage } from '../../../lib/settings';
import { usePayerCurrency } from '../utils/payer-currency';
import { TrialOffer } from './trial-offer';
import '../billing.css';

export function SubscriptionScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  const language = getLanguage();
  // D-15, D-38: the price in the payer's own currency.
  const code = usePayerCurrency();
  return (
    <Page title={title}>
      <div className="billing-stack">
        <section className="card billing-plan" aria-labelledby="billing-plan-title">
          <CalendarClock aria-hidden="true" size={32} className="billing-icon" />
          <h2 id="billing-plan-title" className="billing-plan-term">
            {t('billing.twelveMonths')}
          </h2>
          <p className="billing-price">{formatMoney(YEARLY_PRICE[code], code, language)}</p>
          <p className="billing-monthly">
            {t('billing.monthly', { price: formatMoney(MONTHLY_EQUIVALENT[code], code, language) })}
          </p>
          <p className="muted">{t('billing.planText')}</p>
          <Link className="button button-primary" to="/subscriptions">
            {t('billing.subscribe')}
          </Link>
        </section>
        <TrialOffer then="/dashboard" />
        <Link className="button button-secondary" to="/dashboard">
          {t('billing.noThanks')}
        </Link>
      </div>
    </Page>
  );
}

// SPEC 2.3 item 16, /subscriptions: the yearly price in the chosen currency, the manual
// mobile-money instructions (D-18), and 'Pay with', shown only once the server has created the
// provider's subscription and answered its approval page.
import { formatPhone } from '../../../lib/phone-format';
import { ExternalLink, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, isMobileMoneyCurrency, MOBILE_MONEY_OPERATORS, YEARLY_PRICE } from '@app/shared';
import { BusySpin } from '../../../components/busy-button';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/api-errors';
import { useClientConfig } from '../../../lib/client-config';
import { useCurrentUser } from '../../../lib/current-user';
import { getLanguage } from '../../../lib/settings';
import { useSubscribe } from '../api/subscribe';
import { usePayerCurrency } from '../utils/payer-currency';
import '../billing.css';

export function SubscriptionsPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const language = getLanguage();
  // D-38: the payer's own currency; francs go by mobile money, dollars and euros by PayPal.
  const code = usePayerCurrency();
  const subscription = useSubscribe(code);
  const mobile = isMobileMoneyCurrency(code);
  return (
    <Page title={title}>
      <div className="billing-stack">
        <section className="card billing-plan" aria-labelledby="billing-pay-title">
          <h2 id="billing-pay-title" className="billing-plan-term">
            {t('billing.yearlyTitle')}
          </h2>
          <p className="billing-price">{formatMoney(YEARLY_PRICE[code], code, language)}</p>
          <p className="muted">{mobile ? t('mobileMoney.subscribeText') : t('billing.payOnlineText')}</p>
          {subscription.data ? (
            <a className="button button-primary" href={subscription.data.url}>
              {mobile ? <Smartphone aria-hidden="true" size={20} /> : <ExternalLink aria-hidden="true" size={20} />}
              {mobile
                ? t('mobileMoney.payAction', { price: formatMoney(YEARLY_PRICE[code], code, language) })
                : t('billing.payWith')}
            </a>
          ) : subscription.isError ? (
            <div className="billing-actions">
              <p className="notice notice-error" role="alert">
                {errorText(t, subscription.error)}
              </p>
              <button type="button" className="button button-secondary" onClick={() => void subscription.refetch()}>
                {t('billing.retry')}
              </button>
            </div>
          ) : (
            <p className="billing-result muted" role="status">
              <BusySpin size={20} />
              {t('billing.preparing')}
            </p>
          )}
        </section>
        <MobileMoney />
        <Link className="button button-secondary" to="/dashboard">
          {t('billing.noThanks')}
        </Link>
      </div>
    </Page>
  );
}

/** D-18: the countries where mobile money is taken, and the currency each pays in. */
const MOBILE_MONEY: { country: 'SN' | 'NE' | 'CD'; currency: 'XOF' | 'CDF' }[] = [
  { country: 'SN', currency: 'XOF' },
  { country: 'NE', currency: 'XOF' },
  { country: 'CD', currency: 'CDF' },
];

/**
 * D-18: mobile money is manual; an admin activates the subscription on the reference. Each
 * country's payee comes from the server's configuration (MOBILE_MONEY_*), with the yearly price in
 * that country's currency; the user's own country first. A country without a payee is told so.
 */
function MobileMoney() {
  const { t } = useTranslation();
  const language = getLanguage();
  const user = useCurrentUser();
  const config = useClientConfig();
  const payees = config.data?.mobile_money ?? {};
  // D-18 stays only for a country that no mobile-money provider serves (D-38).
  const rows = MOBILE_MONEY.filter(({ country }) => !MOBILE_MONEY_OPERATORS[country]).sort(
    (a, b) => Number(b.country === user?.country) - Number(a.country === user?.country),
  );
  if (rows.length === 0) return null;
  return (
    <section className="card" aria-labelledby="billing-mobile-title">
      <h2 id="billing-mobile-title" className="billing-subtitle billing-result">
        <Smartphone aria-hidden="true" size={24} className="billing-icon" />
        {t('billing.mobileTitle')}
      </h2>
      <p>{t('billing.mobileIntro')}</p>
      <ol className="billing-steps">
        <li>
          {t('billing.mobileStep1')}
          {config.isPending ? (
            <p className="billing-result muted" role="status">
              <BusySpin size={20} />
              {t('billing.mobileLoading')}
            </p>
          ) : (
            <ul className="billing-payees">
              {rows.map(({ country, currency }) => {
                const payee = payees[country];
                const name = t(`billing.mobileCountries.${country}`);
                const text = payee
                  ? t('billing.mobilePayee', {
                      country: name,
                      amount: formatMoney(YEARLY_PRICE[currency], currency, language),
                      payee,
                    })
                  : t('billing.mobileNone', { country: name });
                return (
                  <li key={country} className={country === user?.country ? 'billing-payee-mine' : undefined}>
                    {text}
                  </li>
                );
              })}
            </ul>
          )}
        </li>
        <li>{t('billing.mobileStep2')}</li>
        <li>{t('billing.mobileStep3', { mobile: user?.mobile_no ? formatPhone(user.mobile_no) : '' })}</li>
        <li>{t('billing.mobileStep4')}</li>
      </ol>
    </section>
  );
}

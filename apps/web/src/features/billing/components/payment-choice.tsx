// SPEC 2.3 item 10 and D-15: how a supplier without contact access goes on with a deal: the
// yearly subscription, the free trial (never used) or pay-as-you-go for this deal.
import { BadgePercent, CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  currencyOfSetting,
  formatMoney,
  parseDecimal,
  PAY_AS_YOU_GO_PERCENT,
  percentOf,
  YEARLY_PRICE,
  type Money,
  type Solution,
} from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-errors';
import { getCurrency, getLanguage } from '../../../lib/settings';
import { usePayForDeal } from '../api/pay-for-deal';
import { TrialOffer, type AfterTrial } from './trial-offer';
import '../billing.css';

const postPath = (solution: Solution) =>
  `/${solution.user_role === 'needSolution' ? 'clientsdetails' : 'supplierdetails'}/${solution._id}/${solution.user._id}`;

/** Sends the browser to the provider's approval page; replaced in tests. */
export const goTo = { assign: (url: string) => window.location.assign(url) };

/**
 * `deal`: 'need' when the supplier takes a client's need (/clientneedsmatch), 'offer' when a client
 * took the supplier's offer and the supplier opens the deal. `afterTrial`: the acceptance this
 * choice interrupted, recorded as soon as the trial starts (D-15).
 */
export function PaymentChoice({
  solution,
  deal,
  afterTrial,
  fee: dealFee,
}: {
  solution: Solution;
  deal: 'need' | 'offer';
  afterTrial?: AfterTrial;
  /** D-15 revised: the confirmed deal and its fee (15% of its total, in the reader's currency). */
  fee?: { dealId: string; amount: Money; charged?: Money | undefined } | undefined;
}) {
  const { t } = useTranslation();
  const pay = usePayForDeal();
  // The deal page shows the choice twice (beside the other party and in place of the thread).
  const titleId = useId();
  const language = getLanguage();
  const code = currencyOfSetting(getCurrency());
  const yearly = formatMoney(YEARLY_PRICE[code], code, language);
  // D-15: 15 % of the post's dollar price, in USD, rounded to the cent. Shown only; the server
  // prices the actual payment.
  const dollars = parseDecimal(solution.sub_category_price_dollar, 'USD');
  const money = (m: Money) => formatMoney(parseDecimal(m.amount, m.currency) ?? 0, m.currency, language);
  const fee = dealFee
    ? money(dealFee.amount)
    : dollars === null
      ? null
      : formatMoney(percentOf(dollars, PAY_AS_YOU_GO_PERCENT), 'USD', language);
  // Until mobile money, the card charges the dollar equivalent; the screen says so.
  const charged =
    dealFee?.charged && dealFee.charged.currency !== dealFee.amount.currency ? money(dealFee.charged) : null;
  return (
    <section className="billing-stack" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="billing-subtitle">
          {t('billing.choose')}
        </h2>
        <p className="muted">{deal === 'need' ? t('billing.chooseNeed') : t('billing.chooseOffer')}</p>
      </div>
      <ul className="billing-choice-list">
        <li className="card billing-choice">
          <CalendarClock aria-hidden="true" size={28} className="billing-icon" />
          <h3>{t('billing.yearlyTitle')}</h3>
          <p>{t('billing.yearlyText', { price: yearly })}</p>
          <Link className="button button-primary" to="/subscriptionscreen">
            {t('billing.subscribe')}
          </Link>
        </li>
        {/* SPEC 4: then back to the post, where the trial now opens the contacts. */}
        <TrialOffer as="li" then={postPath(solution)} after={afterTrial} />
        {fee ? (
          <li className="card billing-choice">
            <BadgePercent aria-hidden="true" size={28} className="billing-icon" />
            <h3>{t('billing.payTitle')}</h3>
            <p>{t('billing.payText', { price: fee, percent: PAY_AS_YOU_GO_PERCENT })}</p>
            {/* Still busy once the order is made: the page is leaving for the provider. */}
            <BusyButton
              className="button button-secondary"
              busy={pay.isPending || pay.isSuccess}
              size={20}
              onClick={() =>
                pay.mutate(dealFee ? { deal_id: dealFee.dealId } : { solution_id: solution._id }, {
                  onSuccess: ({ url }) => goTo.assign(url),
                })
              }
            >
              {t('billing.payAction', { price: fee })}
            </BusyButton>
            {charged ? <p className="muted">{t('dealActions.feeDollar', { usd: charged })}</p> : null}
            {pay.isError ? (
              <p className="notice notice-error" role="alert">
                {errorText(t, pay.error)}
              </p>
            ) : null}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

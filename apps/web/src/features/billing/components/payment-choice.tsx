// SPEC 2.3 item 10 and D-15: how a supplier without contact access goes on with a deal: the
// yearly subscription, the free trial (never used) or pay-as-you-go for this deal.
import { BadgePercent, CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_CDF_PER_USD_MILLI,
  feeIn,
  formatMoney,
  isMobileMoneyCurrency,
  parseDecimal,
  PAY_AS_YOU_GO_PERCENT,
  YEARLY_PRICE,
  type Money,
  type Solution,
} from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-errors';
import { getLanguage } from '../../../lib/settings';
import { usePayForDeal } from '../api/pay-for-deal';
import { usePayerCurrency } from '../utils/payer-currency';
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
  // D-15 revised, D-38: every price in the payer's own currency, as the server charges it.
  const code = usePayerCurrency();
  const yearly = formatMoney(YEARLY_PRICE[code], code, language);
  const money = (m: Money) => formatMoney(parseDecimal(m.amount, m.currency) ?? 0, m.currency, language);
  // Before a deal is confirmed, the post's own price shows what the fee will be; the server prices it.
  // Answers cached before every price was sent may lack one: then no fee is shown, the server prices it.
  const price = (value: string | undefined, code: 'USD' | 'EUR' | 'XOF') =>
    value === undefined ? null : parseDecimal(value, code);
  const prices = {
    usd: price(solution.sub_category_price_dollar, 'USD'),
    eur: price(solution.sub_category_price_euro as string | undefined, 'EUR'),
    xof: price(solution.sub_category_price_fr as string | undefined, 'XOF'),
  };
  const fee = dealFee
    ? money(dealFee.amount)
    : prices.usd === null || prices.eur === null || prices.xof === null
      ? null
      : formatMoney(
          feeIn({ usd: prices.usd, eur: prices.eur, xof: prices.xof }, 1, code, DEFAULT_CDF_PER_USD_MILLI),
          code,
          language,
        );
  // D-38: francs go by mobile money; the card (PayPal, in euros) stays a choice. A deal's fee
  // comes priced by the server, whose currency decides.
  const mobile = isMobileMoneyCurrency(dealFee ? dealFee.amount.currency : code);
  const target = dealFee ? { deal_id: dealFee.dealId } : { solution_id: solution._id };
  const start = (method: 'card' | 'mobile_money') =>
    pay.mutate({ ...target, method }, { onSuccess: ({ url }) => goTo.assign(url) });
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
              className="button button-primary"
              busy={pay.isPending || pay.isSuccess}
              size={20}
              onClick={() => start(mobile ? 'mobile_money' : 'card')}
            >
              {mobile ? t('mobileMoney.payAction', { price: fee }) : t('billing.payAction', { price: fee })}
            </BusyButton>
            {mobile ? (
              <>
                <p className="muted">{t('mobileMoney.operatorsHint')}</p>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={pay.isPending || pay.isSuccess}
                  onClick={() => start('card')}
                >
                  {t('mobileMoney.payByCard')}
                </button>
              </>
            ) : null}
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

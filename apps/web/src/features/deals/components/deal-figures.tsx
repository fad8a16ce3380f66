// D-32, D-33: what a request says: the requester's note (in its own writing direction, isolated
// so it cannot turn the page's text around), the proposed price, the dates, the units and the total.
import { useTranslation } from 'react-i18next';
import { formatMoney, parseDecimal, type CurrencyCode } from '@app/shared';
import { formatMomentTime, formatPlainDate } from '../../../lib/post';
import { getLanguage } from '../../../lib/settings';
import type { DealView } from '../api/deal-types';

export const moneyText = (money: { amount: string; currency: CurrencyCode }, language = getLanguage()) =>
  formatMoney(parseDecimal(money.amount, money.currency) ?? 0, money.currency, language);

/** A booking's dates as the request gave them: plain dates, or date and time for hours. */
export const datesText = (deal: Pick<DealView, 'from' | 'to' | 'unit'>) => {
  if (!deal.from || !deal.to) return null;
  if (deal.unit === 'hour') return `${formatMomentTime(new Date(deal.from))} – ${formatMomentTime(new Date(deal.to))}`;
  return deal.from === deal.to
    ? formatPlainDate(deal.from)
    : `${formatPlainDate(deal.from)} – ${formatPlainDate(deal.to)}`;
};

export function DealFigures({ deal }: { deal: DealView }) {
  const { t } = useTranslation();
  const dates = datesText(deal);
  return (
    <dl className="deal-figures">
      {deal.note ? (
        <div>
          <dt>{t('requests.note')}</dt>
          <dd>
            <bdi className="deal-note" dir="auto">
              {deal.note}
            </bdi>
          </dd>
        </div>
      ) : null}
      {deal.price ? (
        <div>
          <dt>{t('requests.price')}</dt>
          <dd>
            {moneyText(deal.price)}
            {deal.unit ? ` ${t(`units.${deal.unit}`)}` : ''}
          </dd>
        </div>
      ) : null}
      {dates ? (
        <div>
          <dt>{t('requests.dates')}</dt>
          <dd>
            {dates}
            {deal.unit && deal.units ? ` (${t(`units.count_${deal.unit}`, { count: deal.units })})` : ''}
          </dd>
        </div>
      ) : null}
      {deal.total ? (
        <div>
          <dt>{t('requests.total')}</dt>
          <dd>
            <strong>{moneyText(deal.total)}</strong>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

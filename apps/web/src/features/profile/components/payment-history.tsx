// The user's payments (date, kind, amount, status), in place of SPEC's static
// balance. Amounts are exact decimal strings, formatted in the user's language (D-3).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, localeTag, parseDecimal, type Payment } from '@app/shared';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { getLanguage } from '../../../lib/settings';
import { usePayments } from '../../../lib/payments';
import '../profile.css';
import { dateTimeFormat } from '../../../lib/intl';

const KIND = { onetime: 'profile.paymentOnetime', subscription: 'profile.paymentSubscription' } as const;
const STATUS = {
  pending: 'profile.paymentPending',
  captured: 'profile.paymentCaptured',
  failed: 'profile.paymentFailed',
  refunded: 'profile.paymentRefunded',
  expired: 'profile.paymentExpired',
} as const;

export function PaymentHistory({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const payments = usePayments(userId);
  return (
    <section className="card account-payments" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-heading">
        {t('profile.paymentsTitle')}
      </h2>
      {payments.data ? (
        payments.data.length === 0 ? (
          <p className="muted">{t('profile.noPayments')}</p>
        ) : (
          <ul className="payment-list">
            {payments.data.map((payment) => (
              <PaymentRow key={payment._id} payment={payment} />
            ))}
          </ul>
        )
      ) : payments.isError ? (
        <p role="alert" className="account-error">
          {errorText(t, payments.error)}
        </p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const language = getLanguage();
  const minor = parseDecimal(payment.amount, payment.currency);
  const date = new Date(payment.created_at);
  return (
    <li className="payment-row">
      <span className="payment-kind">{t(KIND[payment.kind])}</span>
      <span className="payment-amount">
        {minor === null ? payment.amount : formatMoney(minor, payment.currency, language)}
      </span>
      <time className="muted" dateTime={payment.created_at}>
        {Number.isNaN(date.getTime())
          ? payment.created_at
          : dateTimeFormat(localeTag(language), { dateStyle: 'medium' }).format(date)}
      </time>
      <span className={`payment-status payment-status-${payment.status}`}>{t(STATUS[payment.status])}</span>
      {/* D-38: a mobile-money receipt: the operator and the provider's reference. */}
      {payment.operator || payment.reference ? (
        <span className="payment-receipt muted">
          {payment.operator ? t('mobileMoney.operator', { operator: payment.operator }) : null}
          {payment.operator && payment.reference ? ' · ' : null}
          {payment.reference ? (
            <>
              {`${t('mobileMoney.referenceLabel')} `}
              <span dir="ltr">{payment.reference}</span>
            </>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

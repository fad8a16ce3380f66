// Pay-as-you-go returns (D-15, D-17). /successurl hands the provider's ids to the server, which
// captures and records the payment once, then shows the paid confirmation of SPEC 2.3 item 10:
// the service, pickup and delivery (given by the app layer, which owns the post's summary) and the
// other party's mobile and e-mail. /cancelUrl says it failed (SPEC 8).
import { formatPhone } from '../../../lib/phone-format';
import { CircleCheck, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatMoney, parseDecimal } from '@app/shared';
import { BusySpin } from '../../../components/busy-button';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/api-errors';
import { getLanguage } from '../../../lib/settings';
import { useConfirmPayment, type PaymentReturn, type PaymentSuccess } from '../api/confirm-payment';
import { Failed } from './subscription-return-pages';
import '../billing.css';

/** The provider's return query: `paymentId`, `PayerID` (the provider's spelling) and `solution_id`. */
function readReturn(params: URLSearchParams): PaymentReturn | null {
  const paymentId = params.get('paymentId');
  const solutionId = params.get('solution_id');
  if (!paymentId || !solutionId) return null;
  const payerId = params.get('PayerID') ?? params.get('payerId');
  return { paymentId, solution_id: solutionId, ...(payerId ? { payerId } : {}) };
}

interface SuccessProps {
  title: string;
  /** The post's service, pickup and delivery details. */
  service?: (solutionId: string) => ReactNode;
  /** Where to go next: the deal paid for (given by the app layer, which knows deals). */
  next?: (solutionId: string) => ReactNode;
}

export function PaymentSuccessPage({ title, service, next }: SuccessProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = params.get('solution_id');
  const body = readReturn(params);
  const confirm = useConfirmPayment(body);
  return (
    <Page title={title}>
      {body === null ? (
        <Failed text={t('billing.missingReturn')} back="/myorders" />
      ) : confirm.isError ? (
        <Failed
          text={t('errors.paymentCancelled')}
          detail={errorText(t, confirm.error)}
          back={back ? `/clientneedsmatch/${encodeURIComponent(back)}` : '/myorders'}
        />
      ) : confirm.data ? (
        <PaidConfirmation result={confirm.data} next={next?.(body.solution_id)}>
          {service?.(body.solution_id)}
        </PaidConfirmation>
      ) : (
        <p className="billing-result muted" role="status">
          <BusySpin size={20} />
          {t('billing.confirming')}
        </p>
      )}
    </Page>
  );
}

function PaidConfirmation({
  result,
  children,
  next,
}: {
  result: PaymentSuccess;
  children?: ReactNode;
  next?: ReactNode;
}) {
  const { t } = useTranslation();
  const { payment, contact } = result;
  const minor = parseDecimal(payment.amount, payment.currency);
  return (
    <div className="billing-stack">
      <p className="notice notice-success billing-result" role="status">
        <CircleCheck aria-hidden="true" size={22} />
        {t('errors.paymentSucceeded')}
      </p>
      {minor !== null ? (
        <p>{t('billing.amountPaid', { amount: formatMoney(minor, payment.currency, getLanguage()) })}</p>
      ) : null}
      {/* D-38: the receipt of a mobile-money payment names the operator and the reference. */}
      {payment.operator ? <p>{t('mobileMoney.operator', { operator: payment.operator })}</p> : null}
      {payment.reference ? (
        <p>
          {`${t('mobileMoney.referenceLabel')} `}
          <span dir="ltr" className="payment-reference">
            {payment.reference}
          </span>
        </p>
      ) : null}
      {children}
      <section className="card" aria-labelledby="billing-contact-title">
        <h2 id="billing-contact-title" className="billing-subtitle">
          {t('billing.contactTitle')}
        </h2>
        <dl className="billing-facts">
          <div>
            <dt>{t('billing.mobile')}</dt>
            <dd>
              {contact.mobile_no ? (
                <a className="billing-result" href={`tel:${contact.mobile_no}`} dir="ltr">
                  <Phone aria-hidden="true" size={18} />
                  {formatPhone(contact.mobile_no)}
                </a>
              ) : (
                t('billing.notGiven')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('billing.email')}</dt>
            <dd>
              {contact.email ? (
                <a className="billing-result" href={`mailto:${contact.email}`}>
                  <Mail aria-hidden="true" size={18} />
                  {contact.email}
                </a>
              ) : (
                t('billing.notGiven')
              )}
            </dd>
          </div>
        </dl>
      </section>
      <div className="billing-actions">
        {next ?? (
          <Link className="button button-primary" to="/myorders">
            {t('billing.myOrders')}
          </Link>
        )}
        <Link className="button button-secondary" to="/dashboard">
          {t('billing.backToDashboard')}
        </Link>
      </div>
    </div>
  );
}

export function PaymentCancelPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const solutionId = params.get('solution_id');
  return (
    <Page title={title}>
      <Failed
        text={t('errors.paymentCancelled')}
        back={solutionId ? `/clientneedsmatch/${encodeURIComponent(solutionId)}` : '/myorders'}
      />
    </Page>
  );
}

// SPEC 2.3 item 17: the provider's return after the yearly subscription. /subscriptionsuccess
// confirms it with the server (it asks the provider; nothing in the address is trusted, D-17),
// stores the returned user and goes to the dashboard; /subscriptioncancel says it failed.
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BusySpin } from '../../../components/busy-button';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/api-errors';
import { useConfirmSubscription } from '../api/confirm-subscription';
import '../billing.css';

/** How long the success message stays before the dashboard. */
export const SUBSCRIPTION_REDIRECT_MS = 3000;

export function SubscriptionSuccessPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const subscriptionId = params.get('subscription_id');
  const confirm = useConfirmSubscription(subscriptionId);
  const done = confirm.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/dashboard'), SUBSCRIPTION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <Page title={title}>
      <div className="billing-stack">
        {subscriptionId === null ? (
          <Failed text={t('billing.missingReturn')} back="/subscriptions" />
        ) : confirm.isError ? (
          <Failed text={errorText(t, confirm.error)} back="/subscriptions" />
        ) : done ? (
          <div className="card billing-stack">
            <p className="notice notice-success billing-result" role="status">
              <CircleCheck aria-hidden="true" size={22} />
              {t('errors.paymentSucceeded')}
            </p>
            <p>{t('billing.redirecting')}</p>
            <Link className="button button-primary" to="/dashboard">
              {t('billing.goDashboard')}
            </Link>
          </div>
        ) : (
          <p className="billing-result muted" role="status">
            <BusySpin size={20} />
            {t('billing.confirming')}
          </p>
        )}
      </div>
    </Page>
  );
}

export function SubscriptionCancelPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Failed text={t('errors.paymentCancelled')} back="/subscriptions" />
    </Page>
  );
}

/** SPEC 8: 'Your transcation cannot be processed!' (D-2 keeps the spelling), and a way back. */
export function Failed({ text, back, detail }: { text: string; back: string; detail?: string }) {
  const { t } = useTranslation();
  return (
    <div className="card billing-stack">
      <p className="notice notice-error billing-result" role="alert">
        <CircleX aria-hidden="true" size={22} />
        {text}
      </p>
      {detail ? <p>{detail}</p> : null}
      <div className="billing-actions">
        <Link className="button button-primary" to={back}>
          {t('billing.tryAgain')}
        </Link>
        <Link className="button button-secondary" to="/dashboard">
          {t('billing.backToDashboard')}
        </Link>
      </div>
    </div>
  );
}

// Where billing meets deals (features never import each other): the payment choice under the
// need's summary, and the paid confirmation with the post's service, pickup and delivery.
import { PaymentChoice } from '../features/billing/components/payment-choice';
import { PaymentSuccessPage } from '../features/billing/components/payment-return-pages';
import { ClientNeedsMatchPage } from '../features/deals/components/acceptance-pages';
import { ServiceSummary } from '../features/deals/components/service-summary';

export function ClientNeedsMatchScreen({ title }: { title: string }) {
  return (
    <ClientNeedsMatchPage title={title} choice={(solution) => <PaymentChoice solution={solution} deal="need" />} />
  );
}

export function PaymentSuccessScreen({ title }: { title: string }) {
  return <PaymentSuccessPage title={title} service={(id) => <ServiceSummary solutionId={id} />} />;
}

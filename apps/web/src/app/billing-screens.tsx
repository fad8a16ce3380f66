// Where billing meets deals (features never import each other): the payment choice under the
// need's summary and on the owner's view of an accepted offer, and the paid confirmation with the
// post's service, pickup and delivery.
import { OfferDealChoice } from '../features/billing/components/offer-deal-choice';
import { PaymentChoice } from '../features/billing/components/payment-choice';
import { PaymentSuccessPage } from '../features/billing/components/payment-return-pages';
import { ClientNeedsMatchPage } from '../features/deals/components/acceptance-pages';
import { ServiceSummary } from '../features/deals/components/service-summary';
import { SupplierDetailsPage } from '../features/deals/components/solution-details-page';

export function ClientNeedsMatchScreen({ title }: { title: string }) {
  return (
    <ClientNeedsMatchPage title={title} choice={(solution) => <PaymentChoice solution={solution} deal="need" />} />
  );
}

export function PaymentSuccessScreen({ title }: { title: string }) {
  return <PaymentSuccessPage title={title} service={(id) => <ServiceSummary solutionId={id} />} />;
}

/** D-15: the supplier opens the deal a client made on their offer. */
export function SupplierDetailsScreen({ title }: { title: string }) {
  return <SupplierDetailsPage title={title} dealChoice={(solution) => <OfferDealChoice solution={solution} />} />;
}

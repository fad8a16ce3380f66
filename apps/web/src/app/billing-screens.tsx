// Where billing meets deals (features never import each other): the payment choice under the
// need's summary and on the owner's view of an accepted offer, and the paid confirmation with the
// post's service, pickup and delivery.
import { OfferDealChoice } from '../features/billing/components/offer-deal-choice';
import { PaymentChoice } from '../features/billing/components/payment-choice';
import { PaymentSuccessPage } from '../features/billing/components/payment-return-pages';
import type { Solution } from '@app/shared';
import { useAcceptPost } from '../lib/accept-post';
import { ClientNeedsMatchPage } from '../features/deals/components/acceptance-pages';
import { DealPage } from '../features/deals/components/deal-page';
import { PaidDealLinks } from '../features/deals/components/deal-link';
import { ServiceSummary } from '../features/posts/components/service-summary';
import { SupplierDetailsPage } from '../features/posts/components/post-details-page';

export function ClientNeedsMatchScreen({ title }: { title: string }) {
  return <ClientNeedsMatchPage title={title} choice={(solution) => <NeedChoice solution={solution} />} />;
}

/**
 * D-15: a supplier who starts the free trial from the payment choice has contact access at once,
 * so the acceptance the choice interrupted is recorded then ('Sent', back to `/`).
 */
function NeedChoice({ solution }: { solution: Solution }) {
  const accept = useAcceptPost();
  return (
    <PaymentChoice
      solution={solution}
      deal="need"
      afterTrial={{ run: () => accept.mutateAsync(solution._id), then: '/' }}
    />
  );
}

export function PaymentSuccessScreen({ title }: { title: string }) {
  return (
    <PaymentSuccessPage
      title={title}
      service={(id) => <ServiceSummary solutionId={id} />}
      // D-27: the payment leads to the deal it paid for, and to the list the post is in.
      next={(id) => <PaidDealLinks solutionId={id} />}
    />
  );
}

/** D-15: the supplier opens the deal a client made on their offer. */
export function SupplierDetailsScreen({ title }: { title: string }) {
  return <SupplierDetailsPage title={title} dealChoice={(solution) => <OfferDealChoice solution={solution} />} />;
}

/**
 * D-27: the deal page; its supplier side without contact access is offered the subscription, the
 * trial or pay-as-you-go, as on the post (D-15).
 */
export function DealScreen({ title }: { title: string }) {
  return (
    <DealPage
      title={title}
      accessChoice={(deal) =>
        deal.role === 'owner' ? (
          <OfferDealChoice solution={deal.solution} />
        ) : (
          <PaymentChoice solution={deal.solution} deal="need" />
        )
      }
    />
  );
}

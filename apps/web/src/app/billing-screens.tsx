// Where billing meets deals (features never import each other): the payment choice under the
// need's summary and on a confirmed deal, and the paid confirmation with the post's service,
// pickup and delivery.
import { PaymentChoice } from '../features/billing/components/payment-choice';
import { PaymentSuccessPage } from '../features/billing/components/payment-return-pages';
import type { Solution } from '@app/shared';
import { ClientNeedsMatchPage } from '../features/deals/components/acceptance-pages';
import { DealPage } from '../features/deals/components/deal-page';
import { PaidDealLinks } from '../features/deals/components/deal-link';
import { ServiceSummary } from '../features/posts/components/service-summary';

export function ClientNeedsMatchScreen({ title }: { title: string }) {
  return <ClientNeedsMatchPage title={title} choice={(solution) => <NeedChoice solution={solution} />} />;
}

/** D-15 revised: the supplier's ways to contact access for their confirmed deal on this need. */
function NeedChoice({ solution }: { solution: Solution }) {
  return <PaymentChoice solution={solution} deal="need" />;
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

/**
 * D-27: the deal page; once the owner confirmed, its supplier side without contact access is
 * offered the subscription, the trial or the fee for this deal (D-15 revised).
 */
export function DealScreen({ title }: { title: string }) {
  return (
    <DealPage
      title={title}
      accessChoice={(deal) => (
        <PaymentChoice
          solution={deal.solution}
          deal={deal.role === 'owner' ? 'offer' : 'need'}
          fee={deal.fee ? { dealId: deal._id, amount: deal.fee, charged: deal.fee.charged } : undefined}
        />
      )}
    />
  );
}

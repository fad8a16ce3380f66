// D-15 (issue 6 part 4): a client took the offer of a supplier without contact access; the
// supplier, opening the deal, is offered the yearly subscription, the free trial or pay-as-you-go.
// A subscriber or trial user has access already; a deal paid for says so instead.
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@app/shared';
import { useCurrentUser } from '../../../lib/current-user';
import { usePayments } from '../../../lib/payments';
import { PaymentChoice } from './payment-choice';
import '../billing.css';

export function OfferDealChoice({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const payments = usePayments(user?._id);
  if (!user || user.subscription?.subscription_flag) return null;
  // Without the history (still loading), nothing yet: a paid deal must not offer to pay again.
  if (payments.isPending) return null;
  const paid = payments.data?.some(
    (p) => p.kind === 'onetime' && p.status === 'captured' && p.solution_id === solution._id,
  );
  if (paid) {
    return (
      <p className="notice notice-success billing-result">
        <CircleCheck aria-hidden="true" size={22} />
        {t('billing.dealPaid')}
      </p>
    );
  }
  return <PaymentChoice solution={solution} deal="offer" />;
}

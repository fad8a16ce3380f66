// D-27, D-28, D-29: /deals/:dealId, the deal as each of its two parties sees it: the post and the
// deal's status, the other party (first name, badges, member since, completed deals, rating) and
// their contacts per D-14, the thread of messages, then completing and rating, and a report.
// Reached from My Offers, My Orders, the mailbox and the payment return. The way to get contact
// access (subscription, trial, pay-as-you-go) belongs to billing and is given by the app layer.
import { ArrowLeft, CircleCheck, Star, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { PersonSummary } from '../../../components/person-summary';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { getCurrentUser } from '../../../lib/session';
import type { DealView } from '../api/deal-types';
import { useCompleteDeal, useDisputeDeal } from '../api/finish-deal';
import { useDeal } from '../api/get-deals';
import { canDispute, canReview, isSupplierSide, ownListPath } from '../utils/deal';
import { postTitleOf } from '../../../lib/post-title';
import { categoryName, detailPath, formatMoment, isOffer } from '../../../lib/post';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactLinks } from '../../../components/contact-links';
import { DealThread } from './deal-thread';
import { RatingForm } from './rating-form';
import { ReportButton } from '../../../components/report-dialog';
import '../../../components/post-views.css';
import '../deal-page.css';

/** The supplier side's ways to contact access for this deal (D-15). */
export type AccessChoice = (deal: DealView) => ReactNode;

export function DealPage({ title, accessChoice }: { title: string; accessChoice?: AccessChoice }) {
  const { t } = useTranslation();
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);

  if (deal.isPending) {
    return (
      <Page title={title}>
        <Spinner />
      </Page>
    );
  }
  if (deal.isError) {
    const missing = deal.error instanceof ApiError && deal.error.status === 404;
    return (
      <Page title={title}>
        <div className="card deal-problem">
          <p role="alert">{missing ? t('dealPage.notFound') : errorText(t, deal.error)}</p>
          <div className="deal-page-actions">
            <Link className="button button-secondary" to="/myorders">
              {t('dealPage.myOrders')}
            </Link>
            <Link className="button button-secondary" to="/myoffers">
              {t('dealPage.myOffers')}
            </Link>
          </div>
        </div>
      </Page>
    );
  }
  return (
    <Page title={title} wide>
      <DealBody deal={deal.data} accessChoice={accessChoice} />
    </Page>
  );
}

function DealBody({ deal, accessChoice }: { deal: DealView; accessChoice?: AccessChoice | undefined }) {
  const { t } = useTranslation();
  const me = getCurrentUser()?._id ?? '';
  const solution = deal.solution;
  const offer = isOffer(solution.user_role);
  const other = deal.counterpart;
  const supplier = isSupplierSide(deal);
  const hasContacts = Boolean(other.email || other.mobile_no);

  // D-27: without contact access, the supplier side is offered the ways to it; the client waits.
  // A cancelled deal has no access to get: nothing is offered for it (the server refuses a fee).
  const accessPrompt =
    deal.status === 'cancelled' ? (
      <p className="muted">{t('dealPage.threadClosed')}</p>
    ) : (
      <div className="deal-access">
        <p>{t(supplier ? 'dealPage.accessSupplier' : 'dealPage.accessClient', { name: other.firstName })}</p>
        {supplier ? accessChoice?.(deal) : null}
      </div>
    );

  return (
    <div className="deal-page">
      <section className="card deal-page-post" aria-labelledby="deal-post-title">
        <p className={`deal-kind ${offer ? 'deal-kind-offer' : 'deal-kind-need'}`}>
          <span className={`dot ${offer ? 'dot-offer' : 'dot-need'}`} aria-hidden="true" />
          {t(offer ? 'details.offer' : 'details.need')}
          {` · ${categoryName(solution.category)}`}
        </p>
        <h2 id="deal-post-title" className="deal-title">
          <Link to={detailPath(solution)}>{postTitleOf(solution)}</Link>
        </h2>
        <p className="deal-price-line">{solution.display_price}</p>
        <dl className="deal-page-facts">
          <div>
            <dt>{t('dealPage.status')}</dt>
            <dd>
              <span className={`deal-state deal-state-${deal.status}`}>{t(`dealPage.states.${deal.status}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('dealPage.yourSide')}</dt>
            <dd>{t(deal.role === 'owner' ? 'dealPage.roleOwner' : 'dealPage.roleAcceptor')}</dd>
          </div>
          <div>
            <dt>{t('dealPage.acceptedAt')}</dt>
            <dd>{formatMoment(deal.accepted_at)}</dd>
          </div>
          {deal.completed_at ? (
            <div>
              <dt>{t('dealPage.completedAt')}</dt>
              <dd>{formatMoment(deal.completed_at)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="card deal-party" aria-labelledby="deal-party-title">
        <h2 id="deal-party-title" className="deal-subtitle">
          {t(deal.role === 'owner' ? 'dealPage.acceptedBy' : 'dealPage.postedBy')}
        </h2>
        <PersonSummary person={other} />
        {hasContacts ? (
          <ContactLinks name={other.firstName} email={other.email} mobile={other.mobile_no} />
        ) : deal.contact_access ? (
          <p className="muted">{t('dealPage.noContacts')}</p>
        ) : (
          accessPrompt
        )}
        <ReportButton target={{ user_id: other._id }} label={t('report.reportUser', { name: other.firstName })} />
      </section>

      <DealThread deal={deal} me={me} accessPrompt={accessPrompt} />

      <FinishDeal deal={deal} me={me} />

      <nav className="deal-page-actions" aria-label={t('dealPage.moreLabel')}>
        <Link className="deal-back" to={ownListPath(deal)}>
          <ArrowLeft aria-hidden="true" size={18} />
          {t(deal.role === 'owner' ? 'dealPage.myOffers' : 'dealPage.myOrders')}
        </Link>
      </nav>
    </div>
  );
}

/**
 * D-29: mark done while accepted; once completed, rate the other party once, or, for the party who
 * did not mark it, dispute the completion within 7 days.
 */
function FinishDeal({ deal, me }: { deal: DealView; me: string }) {
  const { t } = useTranslation();
  const complete = useCompleteDeal();
  const [problem, setProblem] = useState<string | null>(null);
  const [disputed, setDisputed] = useState(false);
  if (deal.status === 'cancelled') {
    return (
      <section className="card deal-finish" aria-labelledby="deal-finish-title">
        <h2 id="deal-finish-title" className="deal-subtitle">
          {t('dealPage.finishTitle')}
        </h2>
        <p>{t('dealPage.cancelledText')}</p>
      </section>
    );
  }
  return (
    <section className="card deal-finish" aria-labelledby="deal-finish-title">
      <h2 id="deal-finish-title" className="deal-subtitle">
        {t('dealPage.finishTitle')}
      </h2>
      {deal.status === 'accepted' ? (
        <>
          {disputed ? (
            <p className="notice notice-success" role="status">
              {t('dealPage.disputed')}
            </p>
          ) : null}
          <p>{t('dealPage.completeText')}</p>
          <BusyButton
            className="button button-primary"
            busy={complete.isPending}
            icon={<CircleCheck aria-hidden="true" size={18} />}
            onClick={() => {
              setProblem(null);
              setDisputed(false);
              complete.mutate(deal._id, { onError: (error) => setProblem(errorText(t, error)) });
            }}
          >
            {t('dealPage.complete')}
          </BusyButton>
          {problem ? (
            <p className="notice notice-error" role="alert">
              {problem}
            </p>
          ) : null}
        </>
      ) : (
        <p className="notice notice-success deal-completed">
          <CircleCheck aria-hidden="true" size={20} />
          {t('dealPage.completedText')}
        </p>
      )}
      {canDispute(deal, me) ? <DisputeDeal deal={deal} onDisputed={() => setDisputed(true)} /> : null}
      {canReview(deal) ? <RatingForm deal={deal} /> : null}
      {deal.my_review ? (
        <p className="deal-my-review">
          <Star aria-hidden="true" size={18} className="person-star" />
          {t('dealPage.yourRating', { count: deal.my_review.rating, name: deal.counterpart.firstName })}
          {deal.my_review.text ? <q className="deal-my-review-text">{deal.my_review.text}</q> : null}
        </p>
      ) : null}
    </section>
  );
}

/** D-29: the other party says the deal is not done after all; a Yes/No question first. */
function DisputeDeal({ deal, onDisputed }: { deal: DealView; onDisputed: () => void }) {
  const { t } = useTranslation();
  const dispute = useDisputeDeal();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="deal-dispute">
      <p>{t('dealPage.disputeText', { date: formatMoment(deal.dispute_until ?? '') })}</p>
      <BusyButton
        className="button button-secondary"
        busy={dispute.isPending}
        icon={<Undo2 aria-hidden="true" size={18} />}
        onClick={() => {
          setProblem(null);
          setAsking(true);
        }}
      >
        {t('dealPage.dispute')}
      </BusyButton>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          question={t('dealPage.disputeQuestion')}
          busy={dispute.isPending}
          onNo={() => setAsking(false)}
          onYes={() => {
            setAsking(false);
            dispute.mutate(deal._id, {
              onSuccess: onDisputed,
              // 409: the 7 days are over, or the deal changed meanwhile.
              onError: (error) =>
                setProblem(
                  error instanceof ApiError && error.code === 'NOT_AVAILABLE'
                    ? t('dealPage.disputeRefused')
                    : errorText(t, error),
                ),
            });
          }}
        />
      ) : null}
    </div>
  );
}

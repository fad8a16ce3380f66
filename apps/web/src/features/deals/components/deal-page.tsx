// D-27, D-28, D-29: /deals/:dealId, the deal as each of its two parties sees it: the post and the
// deal's status, the other party (first name, badges, member since, completed deals, rating) and
// their contacts per D-14, the thread of messages, then completing and rating, and a report.
// Reached from My Offers, My Orders, the mailbox and the payment return. The way to get contact
// access (subscription, trial, pay-as-you-go) belongs to billing and is given by the app layer.
import { ArrowLeft, CircleCheck, Star, TriangleAlert, Undo2 } from 'lucide-react';
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
import { useMoveDeal, type DealMove } from '../api/deal-moves';
import { useDeal } from '../api/get-deals';
import { canReview, isSupplierSide, ownListPath } from '../utils/deal';
import { postTitleOf } from '../../../lib/post-title';
import { categoryName, detailPath, formatMoment, isOffer } from '../../../lib/post';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactLinks } from '../../../components/contact-links';
import { ChooseButtons } from './choose-buttons';
import { DealFigures, moneyText } from './deal-figures';
import { DealStatusWord } from './deal-status-word';
import { DealThread } from './deal-thread';
import { RatingForm } from './rating-form';
import { ReportButton } from '../../../components/report-dialog';
import { PostPlace } from '../../../components/post-place';
import '../../../components/post-views.css';
import '../deal-page.css';

/** The supplier side's ways to contact access for this deal (D-15). */
export type AccessChoice = (deal: DealView) => ReactNode;

export function DealPage({ title, accessChoice }: { title: string; accessChoice?: AccessChoice }) {
  const { t } = useTranslation();
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);

  if (deal.data === undefined && !deal.isError) {
    return (
      <Page title={title}>
        <Spinner />
      </Page>
    );
  }
  // Offline in the field: a deal saved earlier shows offline, even after its refresh failed (the offline
  // banner says how old it is); only a deal never seen shows the problem.
  if (deal.data === undefined) {
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
    deal.status === 'requested' ? (
      <p className="muted">{t('dealActions.messagesAfter')}</p>
    ) : deal.status !== 'accepted' && deal.status !== 'completed' ? (
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
              <DealStatusWord deal={deal} />
            </dd>
          </div>
          <div>
            <dt>{t('dealPage.yourSide')}</dt>
            <dd>{t(deal.role === 'owner' ? 'dealPage.roleOwner' : 'dealPage.roleAcceptor')}</dd>
          </div>
          <div>
            <dt>{t(deal.confirmed_at ? 'dealPage.confirmedAt' : 'dealPage.requestedAt')}</dt>
            <dd>{formatMoment(deal.confirmed_at ?? deal.accepted_at)}</dd>
          </div>
          {/* D-35: a confirmed deal's parties see the exact place, with a link to open it. */}
          <div>
            <dt>{t('approximate.location')}</dt>
            <dd>
              <PostPlace solution={solution} />
            </dd>
          </div>
          {deal.completed_at ? (
            <div>
              <dt>{t('dealPage.completedAt')}</dt>
              <dd>{formatMoment(deal.completed_at)}</dd>
            </div>
          ) : null}
        </dl>
        <DealFigures deal={deal} />
      </section>

      <section className="card deal-party" aria-labelledby="deal-party-title">
        <h2 id="deal-party-title" className="deal-subtitle">
          {t(
            deal.role === 'owner'
              ? deal.confirmed_at
                ? 'dealPage.acceptedBy'
                : 'dealPage.requestedBy'
              : 'dealPage.postedBy',
          )}
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

      <DealActions deal={deal} />

      <nav className="deal-page-actions" aria-label={t('dealPage.moreLabel')}>
        <Link className="deal-back" to={ownListPath(deal)}>
          <ArrowLeft aria-hidden="true" size={18} />
          {t(deal.role === 'owner' ? 'dealPage.myOffers' : 'dealPage.myOrders')}
        </Link>
      </nav>
    </div>
  );
}

/** A move asked first (Yes/No), then told in a live region. */
function AskedMove({
  deal,
  move,
  label,
  question,
  className = 'button button-secondary',
  icon,
}: {
  deal: DealView;
  move: DealMove;
  label: string;
  question: string;
  className?: string;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const run = useMoveDeal();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <BusyButton
        className={className}
        busy={run.isPending}
        icon={icon}
        onClick={() => {
          setProblem(null);
          setAsking(true);
        }}
      >
        {label}
      </BusyButton>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          question={question}
          busy={run.isPending}
          onNo={() => setAsking(false)}
          onYes={() => {
            setAsking(false);
            run.mutate({ dealId: deal._id, move }, { onError: (error) => setProblem(errorText(t, error)) });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * D-32..D-34: what each party can do now. A request: the owner confirms or declines, the
 * requester withdraws. A confirmed deal: each marks it done (asked first), either reports a
 * problem or cancels. A completed one: each rates the other once.
 */
function DealActions({ deal }: { deal: DealView }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const name = deal.counterpart.firstName;
  const owner = deal.role === 'owner';
  const ended = ['cancelled', 'declined', 'withdrawn', 'expired'].includes(deal.status);
  const fee = deal.fee;
  return (
    <section className="card deal-finish" aria-labelledby="deal-finish-title">
      <h2 id="deal-finish-title" className="deal-subtitle">
        {t('dealPage.finishTitle')}
      </h2>
      <div role="status">
        {said ? <p className={`notice ${said.ok ? 'notice-success' : 'notice-error'}`}>{said.text}</p> : null}
      </div>
      {deal.status === 'requested' && owner ? (
        <>
          <p>{t('dealActions.requestedOwner', { name })}</p>
          <ChooseButtons deal={deal} onDone={(ok, text) => setSaid({ ok, text })} />
        </>
      ) : null}
      {deal.status === 'requested' && !owner ? (
        <>
          <p>{t('dealActions.requestedMine', { name, date: formatMoment(deal.expires_at ?? '') })}</p>
          <AskedMove
            deal={deal}
            move="withdraw"
            label={t('dealActions.withdraw')}
            question={t('dealActions.withdrawQuestion')}
          />
        </>
      ) : null}
      {deal.status === 'accepted' && fee && !fee.paid && !deal.contact_access ? (
        <p className="notice notice-info">
          {t('dealActions.feeDue', { fee: moneyText(fee), date: formatMoment(deal.expires_at ?? '') })}{' '}
          {fee.charged && fee.charged.currency !== fee.currency
            ? t('dealActions.feeDollar', { usd: moneyText(fee.charged) })
            : null}
        </p>
      ) : null}
      {deal.status === 'accepted' && !fee && !deal.contact_access ? (
        <p className="muted">{t('dealActions.feeWaiting', { date: formatMoment(deal.expires_at ?? '') })}</p>
      ) : null}
      {fee?.paid ? <p className="muted">{t('dealActions.feePaid', { fee: moneyText(fee) })}</p> : null}
      {deal.status === 'accepted' && deal.disputed ? (
        <p className="notice notice-info">{t('dealActions.disputedText')}</p>
      ) : null}
      {deal.status === 'accepted' && !deal.disputed ? (
        <>
          {deal.done_by_me ? (
            <p className="notice notice-success">
              {t('dealActions.doneMine', { name, date: formatMoment(deal.auto_complete_at ?? '') })}
            </p>
          ) : deal.done_by_other ? (
            <p className="notice notice-info">{t('dealActions.doneOther', { name })}</p>
          ) : (
            <p>{t('dealPage.completeText')}</p>
          )}
          <div className="deal-move-row">
            {deal.done_by_me || !deal.contact_access ? null : (
              <AskedMove
                deal={deal}
                move="complete"
                className="button button-primary"
                icon={<CircleCheck aria-hidden="true" size={18} />}
                label={t('dealActions.done')}
                question={t('dealActions.doneQuestion', { name })}
              />
            )}
            <AskedMove
              deal={deal}
              move="dispute"
              icon={<TriangleAlert aria-hidden="true" size={18} />}
              label={t('dealActions.dispute')}
              question={t('dealActions.disputeQuestion')}
            />
            {deal.done_by_me || deal.done_by_other ? null : (
              <AskedMove
                deal={deal}
                move="cancel"
                icon={<Undo2 aria-hidden="true" size={18} />}
                label={t('dealActions.cancel')}
                question={t('dealActions.cancelQuestion', { name })}
              />
            )}
          </div>
        </>
      ) : null}
      {deal.status === 'completed' ? (
        <p className="notice notice-success deal-completed">
          <CircleCheck aria-hidden="true" size={20} />
          {t('dealPage.completedText')}
        </p>
      ) : null}
      {ended ? (
        <>
          <p>{t(`dealActions.${deal.status === 'cancelled' ? 'cancelled' : `${deal.status}Text`}`)}</p>
          {deal.reason ? (
            <p>
              {t('dealActions.declinedReason', { reason: '' })}
              <bdi dir="auto">{deal.reason}</bdi>
            </p>
          ) : null}
        </>
      ) : null}
      {canReview(deal) ? <RatingForm deal={deal} /> : null}
      {deal.my_review ? (
        <p className="deal-my-review">
          <Star aria-hidden="true" size={18} className="person-star" />
          {t('dealPage.yourRating', { count: deal.my_review.rating, name })}
          {deal.my_review.text ? <q className="deal-my-review-text">{deal.my_review.text}</q> : null}
        </p>
      ) : null}
    </section>
  );
}

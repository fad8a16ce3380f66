// SPEC 2.3 item 8: the Client's Need (/clientsdetails/:id/:userId) and Supplier's Solution
// (/supplierdetails/:id/:userId) details, with Accept Offer as D-15 decides it.
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { SOCIAL_REDIRECT_MS, type Solution, type UserRole } from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { getCurrentUser } from '../../../lib/session';
import { useAcceptPost } from '../../../lib/accept-post';
import { usePostDetails } from '../../../lib/get-post-details';
import { recordVisit } from '../api/record-visit';
import { postTitleOf } from '../../../lib/post-title';
import { categoryName, detailPath, isOffer, listPath } from '../../../lib/post';
import { PersonSummary } from '../../../components/person-summary';
import { Badges } from '../../../components/post-badges';
import { ContactLinks } from '../../../components/contact-links';
import { ImageGallery } from './image-gallery';
import { ReportButton } from '../../../components/report-dialog';
import { PostFacts } from '../../../components/post-facts';
import { StatusText } from './status-text';
import '../../../components/post-views.css';

export function ClientsDetailsPage({ title }: { title: string }) {
  return <SolutionDetailsPage title={title} role="needSolution" />;
}

/** What the owner of an accepted offer is offered to exchange contacts (D-15; given by the app layer). */
type DealChoice = (solution: Solution) => ReactNode;

export function SupplierDetailsPage({ title, dealChoice }: { title: string; dealChoice?: DealChoice }) {
  return <SolutionDetailsPage title={title} role="provideSolution" dealChoice={dealChoice} />;
}

function SolutionDetailsPage({
  title,
  role,
  dealChoice,
}: {
  title: string;
  role: UserRole;
  dealChoice?: DealChoice | undefined;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const details = usePostDetails(id);
  useVisit(id, details.data);

  if (details.isPending) {
    return (
      <Page title={title}>
        <Spinner />
      </Page>
    );
  }
  if (details.isError) {
    return (
      <Page title={title}>
        <div className="card deal-problem">
          <p role="alert">{errorText(t, details.error)}</p>
          <Link className="button button-secondary" to={listPath(role)}>
            {t(isOffer(role) ? 'details.backToSuppliers' : 'details.backToClients')}
          </Link>
        </div>
      </Page>
    );
  }
  const solution = details.data;
  // A need opened by the offer route (or the reverse): the right route, so the title is right.
  if (solution.user_role !== role) return <Navigate to={detailPath(solution)} replace />;
  return (
    <Page title={title} wide>
      <Details solution={solution} dealChoice={dealChoice} />
    </Page>
  );
}

/** A visit, recorded once per opening (My Offers shows the count); one's own visits do not count. */
function useVisit(id: string, solution: Solution | undefined) {
  const recorded = useRef<string | null>(null);
  const loaded = solution !== undefined;
  const own = solution?.user._id === getCurrentUser()?._id;
  useEffect(() => {
    if (!loaded || own || recorded.current === id) return;
    recorded.current = id;
    recordVisit(id).catch(() => undefined); // A lost visit is not worth an error message.
  }, [id, loaded, own]);
}

type Outcome = { kind: 'sent' } | { kind: 'queued' } | { kind: 'error'; text: string } | null;

function Details({ solution, dealChoice }: { solution: Solution; dealChoice?: DealChoice | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptPost();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const me = getCurrentUser()?._id;
  const own = solution.user._id === me;
  const offer = isOffer(solution.user_role);
  const title = postTitleOf(solution);
  const canAccept = !own && solution.status === 'Pending';

  const onAccept = () => {
    setOutcome(null);
    accept.mutate(
      { id: solution._id, label: title },
      {
        onSuccess: (sent) => {
          // Issue 17: no signal: the accept waits in the outbox and goes out when it returns.
          if (sent.queued) return setOutcome({ kind: 'queued' });
          const result = sent.data;
          if (offer) {
            // D-15: a client takes an offer; the supplier has been told. SPEC 2.3 item 9 next.
            void navigate(`/suppliersolution/${solution._id}`, { state: { solutionData: result.solution } });
            return;
          }
          // D-15: a supplier with contact access takes a need: 'Sent', then home (SPEC 4, 9: 1000 ms).
          setOutcome({ kind: 'sent' });
          timer.current = setTimeout(() => void navigate('/'), SOCIAL_REDIRECT_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONTACT_ACCESS_REQUIRED') {
            // D-15: without contact access, the payment choice for this need.
            void navigate(`/clientneedsmatch/${solution._id}`, { state: { solutionData: solution } });
            return;
          }
          setOutcome({
            kind: 'error',
            text:
              error instanceof ApiError && error.code === 'NOT_AVAILABLE'
                ? t('details.notAvailable')
                : errorText(t, error),
          });
        },
      },
    );
  };

  const busy = accept.isPending || outcome?.kind === 'sent' || outcome?.kind === 'queued';
  return (
    <div className="deal-details">
      <ImageGallery images={solution.images} title={title} />
      <section className="card deal-details-body" aria-labelledby="deal-details-title">
        <p className={`deal-kind ${offer ? 'deal-kind-offer' : 'deal-kind-need'}`}>
          <span className={`dot ${offer ? 'dot-offer' : 'dot-need'}`} aria-hidden="true" />
          {t(offer ? 'details.offer' : 'details.need')}
          {` · ${categoryName(solution.category)}`}
        </p>
        <h2 id="deal-details-title" className="deal-title">
          {title}
          <Badges verified={solution.user.verified} vip={solution.user.vip} />
        </h2>
        <p className="deal-price-line">{solution.display_price}</p>
        {solution.status !== 'Pending' ? (
          <p className="deal-status-line">
            {t('details.statusLabel')} <StatusText status={solution.status} />
          </p>
        ) : null}
        <PostFacts solution={solution} price="none" />

        <section className="deal-poster" aria-labelledby="deal-poster-title">
          <h3 id="deal-poster-title" className="deal-subtitle">
            {t('details.postedBy', { name: solution.user.firstName })}
          </h3>
          <PersonSummary person={solution.user} size="facts" />
          <ContactLinks name={solution.user.firstName} email={solution.user.email} mobile={solution.user.mobile_no} />
          {!own && !solution.user.email && !solution.user.mobile_no ? (
            <p className="muted deal-contacts-hidden">
              {t('details.contactsHidden')} <Link to="/subscriptionscreen">{t('details.seePlans')}</Link>
            </p>
          ) : null}
        </section>

        {own ? (
          <p className="notice notice-info deal-own">
            {t('details.yours')} <Link to="/myoffers">{t('details.manageYours')}</Link>
          </p>
        ) : null}
        {/* D-15: a client took this offer; its owner goes on with the deal from here. */}
        {own && offer && solution.status === 'Accepted' ? dealChoice?.(solution) : null}
        {canAccept ? (
          // Issue 16: on a phone the accept action stays in reach, stuck above the bottom tabs.
          <div className="deal-accept-bar">
            <BusyButton
              className={`button button-block ${offer ? 'button-offer' : 'button-need'}`}
              disabled={busy}
              busy={accept.isPending}
              size={20}
              onClick={onAccept}
            >
              {accept.isPending ? t('details.accepting') : t('details.acceptOffer')}
            </BusyButton>
          </div>
        ) : null}
        <div className="deal-feedback">
          {/* A live region present from the start, so 'Sent' is announced when it appears. */}
          <div role="status">
            {outcome?.kind === 'sent' ? (
              <p className="notice notice-success">
                <CircleCheck aria-hidden="true" size={20} />
                {t('errors.sent')}
              </p>
            ) : null}
            {outcome?.kind === 'queued' ? <p className="notice notice-info">{t('outbox.queuedAccept')}</p> : null}
          </div>
          {outcome?.kind === 'error' ? (
            <p className="notice notice-error" role="alert">
              {outcome.text}
            </p>
          ) : null}
        </div>
        {/* D-29: anyone signed in may report a post (never their own). */}
        {own ? null : <ReportButton target={{ solution_id: solution._id }} label={t('report.reportPost')} />}
        <Link className="deal-back" to={listPath(solution.user_role)}>
          <ArrowLeft aria-hidden="true" size={18} />
          {t(offer ? 'details.backToSuppliers' : 'details.backToClients')}
        </Link>
      </section>
    </div>
  );
}

// SPEC 2.3 item 8: the Client's Need (/clientsdetails/:id/:userId) and Supplier's Solution
// (/supplierdetails/:id/:userId) details, with Accept Offer as D-15 decides it.
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { SOCIAL_REDIRECT_MS, type Solution, type UserRole } from '@app/shared';
import { MonthCalendar } from '../../../components/month-calendar';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { getCurrentUser } from '../../../lib/session';
import { useAcceptPost } from '../../../lib/accept-post';
import { usePostDetails } from '../../../lib/get-post-details';
import { recordVisit } from '../api/record-visit';
import { postTitleOf } from '../../../lib/post-title';
import { categoryName, detailPath, formatMomentTime, isOffer, listPath } from '../../../lib/post';
import { AvailabilityForm } from './availability-form';
import { RequestForm, type RequestValues } from './request-form';
import { PersonSummary } from '../../../components/person-summary';
import { Badges } from '../../../components/post-badges';
import { ContactLinks } from '../../../components/contact-links';
import { ImageGallery } from './image-gallery';
import { ReportButton } from '../../../components/report-dialog';
import { PostFacts } from '../../../components/post-facts';
import { StatusText } from './status-text';
import '../../../components/post-views.css';

/** D-32: what the owner sees of the requests on their post (given by the app layer: deals). */
type OwnerPanel = (solution: Solution) => ReactNode;

export function ClientsDetailsPage({ title, ownerPanel }: { title: string; ownerPanel?: OwnerPanel }) {
  return <PostDetailsPage title={title} role="needSolution" ownerPanel={ownerPanel} />;
}

export function SupplierDetailsPage({ title, ownerPanel }: { title: string; ownerPanel?: OwnerPanel }) {
  return <PostDetailsPage title={title} role="provideSolution" ownerPanel={ownerPanel} />;
}

function PostDetailsPage({
  title,
  role,
  ownerPanel,
}: {
  title: string;
  role: UserRole;
  ownerPanel?: OwnerPanel | undefined;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const details = usePostDetails(id);
  useVisit(id, details.data);

  if (details.data === undefined && !details.isError) {
    return (
      <Page title={title}>
        <Spinner />
      </Page>
    );
  }
  // Offline in the field: a post saved earlier shows offline, even after its refresh failed (the offline
  // banner says how old it is); only a post never seen shows the problem.
  if (details.data === undefined) {
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
      <Details solution={solution} ownerPanel={ownerPanel} />
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

/** D-32: the request's refusals, in words that say what to do next. */
function refusalText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(t, error);
  if (error.code === 'RATE_LIMITED') {
    if (/open requests/i.test(error.message)) return t('request.limitOpen');
    const at = new Date(Date.now() + (error.retryAfter ?? 3600) * 1000);
    return t('request.limitUntil', { time: formatMomentTime(at) });
  }
  if (error.code === 'NOT_AVAILABLE') {
    if (/dates/i.test(error.message)) return t('request.datesFull');
    if (/already/i.test(error.message)) return t('request.alreadyAsked');
    return t('details.notAvailable');
  }
  if (error.code === 'VALIDATION' && error.fields?.note) return t('request.noteContact');
  if (error.code === 'VALIDATION' && error.fields?.price) return t('request.priceLow');
  return errorText(t, error);
}

function Details({ solution, ownerPanel }: { solution: Solution; ownerPanel?: OwnerPanel | undefined }) {
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
  const mine = solution.my_deal;
  const canAccept = !own && solution.status === 'Pending' && !mine;

  const onSend = (values: RequestValues) => {
    setOutcome(null);
    accept.mutate(
      { id: solution._id, label: title, values },
      {
        onSuccess: (sent) => {
          // Without a signal the request waits in the outbox and goes out when it returns.
          if (sent.queued) return setOutcome({ kind: 'queued' });
          const result = sent.data;
          if (offer) {
            // D-32: the request is sent and the supplier told; SPEC 2.3 item 9 next.
            void navigate(`/suppliersolution/${solution._id}`, { state: { solutionData: result.solution } });
            return;
          }
          // D-32: a supplier's request on a need: 'Sent', then home (SPEC 4, 9: 1000 ms).
          setOutcome({ kind: 'sent' });
          timer.current = setTimeout(() => void navigate('/'), SOCIAL_REDIRECT_MS);
        },
        onError: (error) => setOutcome({ kind: 'error', text: refusalText(t, error) }),
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
        {mine ? (
          <p className="notice notice-info">
            {t('request.yours', { status: t(`dealStatus.${mine.status}`) })}{' '}
            <Link to={`/deals/${mine._id}`}>{t('request.openDeal')}</Link>
          </p>
        ) : null}
        {solution.taken ? (
          <section className="post-calendar" aria-labelledby="post-calendar-title">
            <h3 id="post-calendar-title" className="deal-subtitle">
              {t('calendar.title')}
            </h3>
            <MonthCalendar taken={solution.taken} blocked={solution.blocked ?? []} labelledBy="post-calendar-title" />
          </section>
        ) : null}
        {own && solution.unit && offer ? <AvailabilityForm solution={solution} /> : null}
        {own ? ownerPanel?.(solution) : null}
        {canAccept ? (
          <RequestForm
            solution={solution}
            busy={accept.isPending}
            disabled={busy}
            buttonClass={`button button-block ${offer ? 'button-offer' : 'button-need'}`}
            buttonText={accept.isPending ? t('details.accepting') : t('details.acceptOffer')}
            onSend={onSend}
          />
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

// SPEC 2.3 items 9 and 10, D-15: the screens after Accept Offer. Each takes the post as
// `solutionData` in router state and, opened by its address alone (a reload), fetches it.
//   /suppliersolution/:id   a client took an offer: the Important note, Accept or No.
//   /clientofferaccept/:id  the offer is the client's: it is in My Orders.
//   /clientneedsmatch/:id   a supplier without contact access took a need: the payment choice.
import { CircleCheck, Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Solution } from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { useAcceptPost } from '../../../lib/accept-post';
import { useRejectOrder } from '../api/reject-order';
import { usePostData } from '../hooks/use-post-data';
import { ContactLinks } from '../../../components/contact-links';
import { PostFacts } from '../../../components/post-facts';
import '../../../components/post-views.css';

/** Loads the post of the route (state first, else the API) and shows `children` with it. */
function WithSolution({ title, children }: { title: string; children: (solution: Solution, id: string) => ReactNode }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { solution, query } = usePostData(id);
  if (solution) return <Page title={title}>{children(solution, solution._id)}</Page>;
  if (id === undefined) {
    // /clientofferaccept without an id nor a post in state: nothing to confirm.
    return (
      <Page title={title}>
        <div className="card deal-problem">
          <p>{t('errors.noData')}</p>
          <Link className="button button-secondary" to="/myorders">
            {t('deals.myOrdersLink')}
          </Link>
        </div>
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={title}>
        <div className="card deal-problem">
          <p role="alert">{errorText(t, query.error)}</p>
          <Link className="button button-secondary" to="/myorders">
            {t('deals.myOrdersLink')}
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <Spinner />
    </Page>
  );
}

/** SPEC 2.3 item 9: the service, places, dates, description, own-proposition price, contacts. */
function Summary({ solution, heading }: { solution: Solution; heading: string }) {
  const { t } = useTranslation();
  const { email, mobile_no: mobile, firstName } = solution.user;
  return (
    <section className="card deal-summary" aria-labelledby="deal-summary-title">
      <h2 id="deal-summary-title" className="deal-subtitle">
        {heading}
      </h2>
      <PostFacts solution={solution} price="own" service />
      {email || mobile ? (
        <div className="deal-summary-contacts">
          <h3 className="deal-subtitle">{t('deals.contactOf', { name: firstName })}</h3>
          <ContactLinks name={firstName} email={email} mobile={mobile} />
        </div>
      ) : null}
    </section>
  );
}

/** /suppliersolution/:id: the client's request on the offer was sent; the supplier was told. */
export function SupplierSolutionPage({ title }: { title: string }) {
  return <WithSolution title={title}>{(solution) => <SupplierSolution solution={solution} />}</WithSolution>;
}

function SupplierSolution({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptPost();
  const reject = useRejectOrder();
  const [problem, setProblem] = useState<string | null>(null);
  // D-32: the client's request on the offer was sent (the post stays listed until its owner confirms).
  const accepted = solution.my_deal !== undefined || solution.status === 'Accepted';
  const busy = accept.isPending || reject.isPending;
  const confirmPath = `/clientofferaccept/${solution._id}`;

  const onAccept = () => {
    setProblem(null);
    // Reached by its address while still open (not through Accept Offer): accept it now.
    if (!accepted) {
      accept.mutate(solution._id, {
        onSuccess: (sent) =>
          sent.queued
            ? setProblem(t('outbox.queuedAccept'))
            : void navigate(confirmPath, { state: { solutionData: sent.data.solution } }),
        onError: (error) => setProblem(acceptProblem(t, error)),
      });
      return;
    }
    void navigate(confirmPath, { state: { solutionData: solution } });
  };

  // 'No': the client does not want the offer after all; the order is dropped (D-6) and the post
  // is open to others again.
  const onNo = () => {
    setProblem(null);
    if (!accepted) return void navigate('/suppliers');
    reject.mutate(solution._id, {
      onSuccess: () => void navigate('/suppliers'),
      onError: (error) => setProblem(errorText(t, error)),
    });
  };

  return (
    <div className="deal-stack">
      <Summary solution={solution} heading={t('deals.acceptedSolution')} />
      {accepted ? (
        <aside className="notice notice-info deal-important" aria-labelledby="deal-important-title">
          <Info aria-hidden="true" size={22} />
          <div>
            <h2 id="deal-important-title" className="deal-important-title">
              {t('deals.importantTitle')}
            </h2>
            <p>{t('deals.importantText')}</p>
          </div>
        </aside>
      ) : null}
      <div className="deal-actions">
        <BusyButton
          className="button button-primary"
          disabled={busy}
          busy={accept.isPending}
          size={20}
          onClick={onAccept}
        >
          {t('deals.accept')}
        </BusyButton>
        <BusyButton
          className="button button-secondary"
          disabled={busy}
          busy={reject.isPending}
          size={20}
          onClick={onNo}
        >
          {t('deals.no')}
        </BusyButton>
      </div>
      {accepted ? <p className="field-hint">{t('deals.noHint')}</p> : null}
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

const acceptProblem = (t: ReturnType<typeof useTranslation>['t'], error: unknown) =>
  error instanceof ApiError && error.code === 'NOT_AVAILABLE' ? t('details.notAvailable') : errorText(t, error);

/** /clientofferaccept(/:id): the request waits for the supplier's answer, in My Orders. */
export function ClientOfferAcceptPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <WithSolution title={title}>
      {(solution) => (
        <div className="deal-stack">
          <p className="notice notice-success deal-done">
            <CircleCheck aria-hidden="true" size={22} />
            {t('deals.offerIsYours', { name: solution.user.firstName })}
          </p>
          <Summary solution={solution} heading={t('deals.acceptedSolution')} />
          {!solution.user.email && !solution.user.mobile_no ? (
            <p className="muted">{t('deals.supplierWillCall', { name: solution.user.firstName })}</p>
          ) : null}
          <div className="deal-actions">
            <Link className="button button-primary" to="/myorders">
              {t('deals.myOrdersLink')}
            </Link>
            <Link className="button button-secondary" to="/suppliers">
              {t('deals.backToSuppliers')}
            </Link>
          </div>
        </div>
      )}
    </WithSolution>
  );
}

/**
 * /clientneedsmatch/:id, SPEC 2.3 item 10 and D-15: a supplier without contact access chose a
 * need; the service summary, then the payment choice (features/billing, given by the app layer).
 */
export function ClientNeedsMatchPage({ title, choice }: { title: string; choice: (solution: Solution) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <WithSolution title={title}>
      {(solution) => (
        <div className="deal-stack">
          <Summary solution={solution} heading={t('deals.serviceSummary')} />
          {choice(solution)}
          <Link className="deal-back" to="/clients">
            {t('deals.backToClients')}
          </Link>
        </div>
      )}
    </WithSolution>
  );
}

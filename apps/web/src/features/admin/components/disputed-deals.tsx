// D-34: the "Deals on hold" section of /admin/reports. A dispute freezes a deal until an admin
// settles it as completed or cancelled; each choice is asked first, since both parties are told at
// once and it cannot be undone.
import { CircleCheck, CircleX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pick, type DisputedDeal } from '@app/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/date-time';
import { getLanguage } from '../../../lib/settings';
import { useDisputedDeals } from '../api/disputed-deals';
import { useSettleDeal, type SettleDeal } from '../api/settle-deal';
import '../disputes.css';

export function DisputedDeals() {
  const { t } = useTranslation();
  const query = useDisputedDeals(true);
  const settle = useSettleDeal();
  const [asked, setAsked] = useState<(SettleDeal & { title: string }) | null>(null);
  const [settled, setSettled] = useState(false);

  const confirm = () => {
    if (!asked) return;
    setSettled(false);
    settle.mutate(
      { dealId: asked.dealId, outcome: asked.outcome },
      {
        onSuccess: () => setSettled(true),
        onSettled: () => setAsked(null),
      },
    );
  };

  return (
    <section className="disputes" aria-labelledby="disputes-title">
      <h2 id="disputes-title" className="disputes-title">
        {t('adminDisputes.title')}
      </h2>
      {/* Present from the start, so that screen readers announce what is written into it. */}
      <p className={settled ? 'disputes-live notice notice-success' : 'disputes-live'} role="status">
        {settled ? t('adminDisputes.settled') : null}
      </p>
      {settle.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(t, settle.error)}
        </p>
      ) : null}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div className="card" role="alert">
          <p>{errorText(t, query.error)}</p>
          <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
            {t('admin.retry')}
          </button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="card">{t('adminDisputes.none')}</p>
      ) : (
        <ul className="reports-list">
          {query.data.map((deal) => (
            <li key={deal._id}>
              <DisputedDealCard
                deal={deal}
                busy={settle.isPending && settle.variables.dealId === deal._id}
                onSettle={(outcome, title) => setAsked({ dealId: deal._id, outcome, title })}
              />
            </li>
          ))}
        </ul>
      )}
      {asked ? (
        <ConfirmDialog
          question={t(asked.outcome === 'completed' ? 'adminDisputes.confirmComplete' : 'adminDisputes.confirmCancel', {
            title: asked.title,
          })}
          busy={settle.isPending}
          onYes={confirm}
          onNo={() => setAsked(null)}
        />
      ) : null}
    </section>
  );
}

function DisputedDealCard({
  deal,
  busy,
  onSettle,
}: {
  deal: DisputedDeal;
  busy: boolean;
  onSettle: (outcome: SettleDeal['outcome'], title: string) => void;
}) {
  const { t } = useTranslation();
  const language = getLanguage();
  const title = pick(deal.title, language);
  const headingId = `dispute-${deal._id}`;
  return (
    <article className="card report-card" aria-labelledby={headingId} aria-busy={busy}>
      <h3 id={headingId} className="report-title">
        {title}
      </h3>
      <p className="dispute-fact">
        {t('adminDisputes.between', { owner: deal.owner.firstName, acceptor: deal.acceptor.firstName })}
      </p>
      <p className="dispute-fact muted">
        {t('adminDisputes.since', { date: formatDateTime(deal.disputed_at, language) })}
      </p>
      <div className="report-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => onSettle('completed', title)}
        >
          <CircleCheck aria-hidden="true" size={16} />
          {t('adminDisputes.complete')}
        </button>
        <button
          type="button"
          className="button button-danger button-small"
          disabled={busy}
          onClick={() => onSettle('cancelled', title)}
        >
          <CircleX aria-hidden="true" size={16} />
          {t('adminDisputes.cancel')}
        </button>
      </div>
    </article>
  );
}

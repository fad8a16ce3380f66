// D-36: "Alert me" creates an alert from what is on screen (the search's words, type and category,
// the map's or the user's point and the radius), and says so; a full list (20) is said too.
import { BellPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-errors';
import { type AlertDraft, useCreateAlert } from '../api/alerts';
import '../alerts.css';

export function AlertMeButton({ draft, label }: { draft: AlertDraft | null; label?: string }) {
  const { t } = useTranslation();
  const create = useCreateAlert();
  if (!draft) return null;
  return (
    <div className="alert-me">
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={create.isPending || create.isSuccess}
        onClick={() => create.mutate(draft)}
      >
        <BellPlus aria-hidden="true" size={18} />
        {label ?? t('alerts.alertMe')}
      </button>
      <p role="status" className="alert-me-status">
        {create.isSuccess ? (
          <>
            {t('alerts.created', { km: Math.round(draft.radiusKm) })} <Link to="/alerts">{t('alerts.seeAll')}</Link>
          </>
        ) : null}
        {create.isError ? <span className="alert-me-error">{errorText(t, create.error)}</span> : null}
      </p>
    </div>
  );
}

// D-36: after publishing a need, the share dialog offers an alert for the offers that match it
// near it (and after an offer, for the needs): its category, sub-category and place.
import type { Solution } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ALERT_RADIUS_KM } from '../api/alerts';
import { AlertMeButton } from './alert-me-button';

export function AlertOffer({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  const need = solution.user_role === 'needSolution';
  return (
    <div className="alert-offer">
      <p>{t(need ? 'alerts.offerForNeed' : 'alerts.offerForOffer')}</p>
      <AlertMeButton
        label={t(need ? 'alerts.alertMeOffers' : 'alerts.alertMeNeeds')}
        draft={{
          type: need ? 'provideSolution' : 'needSolution',
          category: solution.category,
          // An own proposition's sub-category says little: the category alone, then.
          sub_category_id: solution.sub_category_id.endsWith('-own') ? null : solution.sub_category_id,
          near: { lat: solution.pickup_lat, lng: solution.pickup_lng },
          radiusKm: DEFAULT_ALERT_RADIUS_KM,
        }}
      />
    </div>
  );
}

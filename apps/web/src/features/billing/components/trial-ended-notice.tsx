// D-16, SPEC 4: once the server has ended the free trial (subscription_flag false, trail_complete
// true), the app acknowledges it with `updateSubscription(false, true)` and, on success, shows
// SPEC's message once for that trial (remembered in local storage by the trial's end date).
// Judged on the server's copy of the user (GET /api/user/me), never on the stored one.
import { useQuery } from '@tanstack/react-query';
import { Info, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { useAcknowledgeTrialEnd } from '../api/acknowledge-trial-end';
import { endedTrialKey, rememberShown, wasShown } from '../utils/trial-end';
import '../billing.css';

export function TrialEndedNotice() {
  const { t } = useTranslation();
  const me = useQuery(currentUserQueryOptions()).data;
  const acknowledge = useAcknowledgeTrialEnd();
  const { mutate } = acknowledge;
  const [shown, setShown] = useState<string | null>(null);
  // One acknowledgement per trial, whatever re-renders or React's double effects do.
  const asked = useRef<string | null>(null);
  const key = endedTrialKey(me);
  const userId = me?._id;

  useEffect(() => {
    if (!key || !userId || asked.current === key || wasShown(key)) return;
    asked.current = key;
    mutate(userId, {
      onSuccess: () => {
        rememberShown(key);
        setShown(key);
      },
    });
  }, [key, userId, mutate]);

  if (!shown) return null;
  return (
    <div className="notice notice-info billing-toast" role="status">
      <Info aria-hidden="true" size={22} className="billing-icon" />
      <p>{t('errors.trialEnded')}</p>
      <button type="button" className="billing-toast-close" aria-label={t('app.close')} onClick={() => setShown(null)}>
        <X aria-hidden="true" size={20} />
      </button>
    </div>
  );
}

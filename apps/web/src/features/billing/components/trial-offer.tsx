// The free trial (SPEC 4, D-16): offered only while `trail_complete` is false. Starting it stores
// the returned user, shows SPEC's message and moves on after TRIAL_REDIRECT_MS.
import { Gift, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TRIAL_DAYS, TRIAL_REDIRECT_MS } from '@app/shared';
import { errorText } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { useStartTrial } from '../api/start-trial';

/** `then`: where to go once the trial runs. `as`: a card of its own, or an item of a choice list. */
export function TrialOffer({ then, as = 'section' }: { then: string; as?: 'section' | 'li' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const start = useStartTrial();
  // Kept once started: the stored user now says the trial is used, which would hide the message.
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!started) return;
    const timer = setTimeout(() => void navigate(then), TRIAL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [started, navigate, then]);

  if (!started && (!user?.subscription || user.subscription.trail_complete)) return null;
  const Tag = as;
  return (
    <Tag className="card billing-choice" aria-labelledby={as === 'section' ? 'billing-trial-title' : undefined}>
      <Gift aria-hidden="true" size={28} className="billing-icon" />
      <h3 id="billing-trial-title">{t('billing.trialTitle')}</h3>
      <p>{t('billing.trialText', { days: TRIAL_DAYS })}</p>
      {started ? (
        <p className="notice notice-success" role="status">
          {t('billing.trialStarted')}
        </p>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          disabled={start.isPending || !user}
          aria-busy={start.isPending}
          onClick={() => {
            if (!user) return;
            start.mutate(user._id, { onSuccess: () => setStarted(true) });
          }}
        >
          {start.isPending ? <LoaderCircle aria-hidden="true" size={20} className="billing-spin" /> : null}
          {t('billing.trialAction', { days: TRIAL_DAYS })}
        </button>
      )}
      {start.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(t, start.error)}
        </p>
      ) : null}
    </Tag>
  );
}

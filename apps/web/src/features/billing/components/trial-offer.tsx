// The free trial (SPEC 4, D-16): offered only while never used (`trail_complete` false and no
// subscription or trial running). Starting it stores
// the returned user, shows SPEC's message and moves on after TRIAL_REDIRECT_MS.
import { Gift } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TRIAL_DAYS, TRIAL_REDIRECT_MS } from '@app/shared';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { useStartTrial } from '../api/start-trial';

/** What a trial started from an interrupted step finishes before moving on (D-15). */
export interface AfterTrial {
  /** Completes the step (the acceptance the payment choice interrupted). */
  run: () => Promise<unknown>;
  /** Where to go once both are done, instead of `then`. */
  then: string;
}

/**
 * `then`: where to go once the trial runs. `as`: a card of its own, or an item of a choice list.
 * `after`: the step the trial was started for, completed at once with the trial's access.
 */
export function TrialOffer({
  then,
  as = 'section',
  after,
}: {
  then: string;
  as?: 'section' | 'li';
  after?: AfterTrial | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const start = useStartTrial();
  // Kept once started: the stored user now says the trial is used, which would hide the message.
  const [started, setStarted] = useState(false);
  // D-15: the interrupted acceptance, recorded once the trial gives access ('done' shows 'Sent').
  const [finished, setFinished] = useState<'no' | 'running' | 'done' | 'failed'>('no');
  const [problem, setProblem] = useState<unknown>(null);
  const next = after && finished === 'done' ? after.then : then;

  useEffect(() => {
    if (!started || finished === 'running' || finished === 'failed') return;
    const timer = setTimeout(() => void navigate(next), TRIAL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [started, finished, navigate, next]);

  const finish = () => {
    if (!after) return;
    setFinished('running');
    after.run().then(
      () => setFinished('done'),
      (error: unknown) => {
        setProblem(error);
        setFinished('failed');
      },
    );
  };

  // Offered only while never used: not once it ended (trail_complete), nor while it runs or a
  // subscription does (subscription_flag; D-16 keeps trail_complete false during the trial).
  const subscription = user?.subscription;
  if (!started && (!subscription || subscription.trail_complete || subscription.subscription_flag)) return null;
  const Tag = as;
  return (
    <Tag className="card billing-choice" aria-labelledby={as === 'section' ? 'billing-trial-title' : undefined}>
      <Gift aria-hidden="true" size={28} className="billing-icon" />
      <h3 id="billing-trial-title">{t('billing.trialTitle')}</h3>
      <p>{t('billing.trialText', { days: TRIAL_DAYS })}</p>
      {started ? (
        <p className="notice notice-success" role="status">
          {t('billing.trialStarted')}
          {finished === 'done' ? ` ${t('errors.sent')}` : null}
        </p>
      ) : (
        <BusyButton
          className="button button-secondary"
          disabled={!user}
          busy={start.isPending}
          size={20}
          onClick={() => {
            if (!user) return;
            start.mutate(user._id, {
              onSuccess: () => {
                setStarted(true);
                finish();
              },
            });
          }}
        >
          {t('billing.trialAction', { days: TRIAL_DAYS })}
        </BusyButton>
      )}
      {start.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(t, start.error)}
        </p>
      ) : null}
      {finished === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {errorText(t, problem)}
        </p>
      ) : null}
    </Tag>
  );
}

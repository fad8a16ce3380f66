// D-16, SPEC 4: on the dashboard, once the server has ended the free trial, features/billing says
// so once. Its notice downloads only when the user's trial has ended.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { endedTrialKey } from '../features/billing/utils/trial-end';
import { useCurrentUser } from '../lib/current-user';
import { isSignedIn } from '../lib/session';

/** SPEC 2.1: /dashboard and /map are the same map screen. */
const MAP_SCREENS = new Set(['/dashboard', '/map']);

const TrialEndedNotice = lazy(() =>
  import('../features/billing/components/trial-ended-notice').then((m) => ({ default: m.TrialEndedNotice })),
);

export function TrialEndPrompt() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  // The notice itself decides whether this trial's message was shown already.
  const wanted = isSignedIn() && MAP_SCREENS.has(pathname.toLowerCase()) && endedTrialKey(user) !== null;
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <TrialEndedNotice />
    </Suspense>
  );
}

// SPEC 4: the country modal opens on the dashboard for a signed-in user while isCountry is not
// set. The modal (and the country names it loads) downloads only when it is needed.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { isSignedIn } from '../lib/session';
import { safeGet } from '../lib/settings';

/** SPEC 2.1: /dashboard and /map are the same map screen. */
const MAP_SCREENS = new Set(['/dashboard', '/map']);

const CountryModal = lazy(() =>
  import('../features/profile/components/country-modal').then((m) => ({ default: m.CountryModal })),
);

export function CountryPrompt() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const wanted =
    isSignedIn() && MAP_SCREENS.has(pathname.toLowerCase()) && !safeGet('isCountry') && user && !user.country;
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CountryModal key={user._id} userId={user._id} />
    </Suspense>
  );
}

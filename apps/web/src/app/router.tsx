// Builds the router from the route table: each entry gets its guard, its chrome and its screen.
import { lazy, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ZOOM_CITY } from '@app/shared';
import { ComingSoon } from '../components/coming-soon';
import { prefetchFirstMapView } from '../early-load/first-view';
import { clientConfigQueryOptions } from '../lib/client-config';
import { currentUserQueryOptions } from '../lib/current-user';
import { nextTask } from '../lib/next-task';
import { isSignedIn } from '../lib/session';
import { queryClient } from './providers';
import { CountryPrompt } from './country-prompt';
import { TrialEndPrompt } from './trial-end-prompt';
import { BareLayout } from './layouts/bare-layout';
import { ShellLayout } from './layouts/shell-layout';
import { ROUTES, type Guard, type RouteEntry, type ScreenName } from './routes';
import { useVisitorPrompt, VisitorPromptProvider } from './visitor-prompt';

type Screen = ComponentType<{ title: string }>;
/** Each lazy screen's download, so the first screen's can start early (preloadScreen). */
const downloads = new Map<unknown, () => Promise<unknown>>();
const named = <K extends string>(load: () => Promise<Record<K, Screen>>, name: K) => {
  // A screen renders in a task of its own, after the chrome's (see main.tsx).
  const screen = lazy(() => load().then(async (m) => (await nextTask(), { default: m[name] })));
  downloads.set(screen, load);
  return screen;
};

// Screens load on demand so the first page downloads only what it shows.
const SCREENS: Record<ScreenName, Screen> = {
  // The landing page with the visitors' map section, composed in the app layer.
  landing: named(() => import('./landing-screen'), 'LandingScreen'),
  about: named(() => import('../features/info/components/about-page'), 'AboutPage'),
  privacy: named(() => import('../features/info/components/privacy-page'), 'PrivacyPage'),
  languageCurrency: named(
    () => import('../features/settings/components/language-currency-page'),
    'LanguageCurrencyPage',
  ),
  // The preset cards with the category's posts under them (app layer).
  category: named(() => import('./category-screen'), 'CategoryScreen'),
  // The publish forms, whose share dialog offers an alert (app layer, D-36).
  needForm: named(() => import('./post-form-screens'), 'NeedFormScreen'),
  provideForm: named(() => import('./post-form-screens'), 'ProvideFormScreen'),
  login: named(() => import('../features/auth/components/login-page'), 'LoginPage'),
  accountCreation: named(() => import('../features/auth/components/account-creation-page'), 'AccountCreationPage'),
  register: named(() => import('../features/auth/components/register-page'), 'RegisterPage'),
  forgotPassword: named(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
  verifyCode: named(() => import('../features/auth/components/verify-code-page'), 'VerifyCodePage'),
  resetPassword: named(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  profile: named(() => import('../features/profile/components/profile-page'), 'ProfilePage'),
  users: named(() => import('../features/admin/components/users-page'), 'UsersPage'),
  middleware: named(() => import('../features/profile/components/middleware-page'), 'MiddlewarePage'),
  registerCountry: named(() => import('../features/profile/components/register-country-page'), 'RegisterCountryPage'),
  // The map with the search box over it (app layer).
  map: named(() => import('./dashboard-screen'), 'DashboardScreen'),
  selectionMap: named(() => import('../features/map/components/selection-map-page'), 'SelectionMapPage'),
  clients: named(() => import('../features/posts/components/posts-list-page'), 'ClientsPage'),
  suppliers: named(() => import('../features/posts/components/posts-list-page'), 'SuppliersPage'),
  clientsDetails: named(() => import('./post-details-screens'), 'ClientsDetailsScreen'),
  // The owner of an accepted offer without contact access gets the payment choice (app layer).
  supplierDetails: named(() => import('./post-details-screens'), 'SupplierDetailsScreen'),
  clientOfferAccept: named(() => import('../features/deals/components/acceptance-pages'), 'ClientOfferAcceptPage'),
  supplierSolution: named(() => import('../features/deals/components/acceptance-pages'), 'SupplierSolutionPage'),
  clientNeedsMatch: named(() => import('./billing-screens'), 'ClientNeedsMatchScreen'),
  // My Offers with the links to their deals (app layer).
  myOffers: named(() => import('./my-offers-screen'), 'MyOffersScreen'),
  myOrders: named(() => import('../features/deals/components/my-orders-page'), 'MyOrdersPage'),
  deals: named(() => import('../features/deals/components/deals-list-page'), 'DealsListPage'),
  // The supplier side of a deal without contact access gets the payment choice (app layer).
  deal: named(() => import('./billing-screens'), 'DealScreen'),
  adminReports: named(() => import('../features/admin/components/reports-page'), 'ReportsPage'),
  subscriptionScreen: named(() => import('../features/billing/components/subscription-screen'), 'SubscriptionScreen'),
  subscriptions: named(() => import('../features/billing/components/subscriptions-page'), 'SubscriptionsPage'),
  subscriptionSuccess: named(
    () => import('../features/billing/components/subscription-return-pages'),
    'SubscriptionSuccessPage',
  ),
  subscriptionCancel: named(
    () => import('../features/billing/components/subscription-return-pages'),
    'SubscriptionCancelPage',
  ),
  successUrl: named(() => import('./billing-screens'), 'PaymentSuccessScreen'),
  cancelUrl: named(() => import('../features/billing/components/payment-return-pages'), 'PaymentCancelPage'),
  comingSoon: ComingSoon,
  alerts: named(() => import('../features/alerts/components/alerts-page'), 'AlertsPage'),
  ussd: named(() => import('../features/ussd/components/ussd-page'), 'UssdPage'),
};

const NOT_FOUND: RouteEntry = {
  path: '*',
  guard: 'public',
  title: 'routes.notFound',
  chrome: 'shellWhenSignedIn',
  screen: 'comingSoon',
};

/**
 * Starts downloading the screen at `pathname` at once. main.tsx calls it before the
 * language's texts load, so on a slow link the two come together instead of one after the other;
 * React's lazy screen later finds the module already there. Not for a screen the guard would leave.
 */
export function preloadScreen(pathname: string): void {
  const entry = routeEntryAt(pathname);
  if (entry === NOT_FOUND) return;
  const signedIn = isSignedIn();
  if ((entry.guard === 'protected' && !signedIn) || (entry.guard === 'authRedirect' && signedIn)) return;
  // A failure here is the lazy screen's to show, when it asks again.
  void downloads
    .get(SCREENS[entry.screen])?.()
    .catch(() => undefined);
  // The map's first posts come with its code, not after it.
  if (entry.screen === 'map') prefetchFirstMapView(queryClient, ZOOM_CITY);
  // So does the tile server's address: asked for once Leaflet's kit had run, it held the first
  // street tiles back by a round trip.
  if (entry.screen === 'map' || entry.screen === 'selectionMap')
    void queryClient.prefetchQuery(clientConfigQueryOptions());
}

function Guarded({ guard, children }: { guard: Guard; children: React.ReactNode }) {
  const location = useLocation();
  const signedIn = isSignedIn();
  if (guard === 'protected' && !signedIn)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (guard === 'authRedirect' && signedIn) return <Navigate to="/dashboard" replace />;
  return children;
}

function Screen({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation();
  if (entry === NOT_FOUND) return <NotFound />;
  const Component = SCREENS[entry.screen];
  return <Component title={t(entry.title)} />;
}

function NotFound() {
  const { t } = useTranslation();
  return <ComingSoonLike title={t('app.notFoundTitle')} text={t('app.notFoundText')} />;
}

function ComingSoonLike({ title, text }: { title: string; text: string }) {
  return (
    <article className="page">
      <h1 className="page-title">{title}</h1>
      <p className="card">{text}</p>
    </article>
  );
}

/** Picks the chrome of the current route and keeps it mounted across navigations. */
function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = routeEntryAt(pathname);
  const signedIn = isSignedIn();
  const title = t(entry.title);
  const openPrompt = useVisitorPrompt();

  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  // Each navigation re-checks the session (D-9: a sign-in on another phone ends this one) and
  // refreshes the stored user; within a few seconds the cached answer is reused.
  useEffect(() => {
    if (signedIn) void queryClient.prefetchQuery({ ...currentUserQueryOptions(), staleTime: 5_000 });
  }, [signedIn, pathname]);

  // SPEC 4: the visitor modal opens on load for a visitor, once per visit.
  useEffect(() => {
    if (signedIn || pathname !== '/' || sessionStorage.getItem('visitorPromptShown')) return;
    sessionStorage.setItem('visitorPromptShown', '1');
    openPrompt();
  }, [signedIn, pathname, openPrompt]);

  const shell = entry.chrome === 'shell' || (entry.chrome === 'shellWhenSignedIn' && signedIn);
  return (
    <>
      {shell ? (
        <ShellLayout title={title} signedIn={signedIn}>
          <Outlet />
        </ShellLayout>
      ) : (
        <BareLayout>
          <Outlet />
        </BareLayout>
      )}
      <CountryPrompt />
      <TrialEndPrompt />
    </>
  );
}

const toRoute = (entry: RouteEntry): RouteObject => ({
  path: entry.path,
  handle: entry,
  element: (
    <Guarded guard={entry.guard}>
      <Screen entry={entry} />
    </Guarded>
  ),
});

export const routeObjects: RouteObject[] = [
  {
    element: (
      <VisitorPromptProvider>
        <RootLayout />
      </VisitorPromptProvider>
    ),
    children: [...ROUTES, NOT_FOUND].map(toRoute),
  },
];

let lastEntry: { pathname: string; entry: RouteEntry } | undefined;
/**
 * The route entry shown at `pathname`, as the router ranks the routes. The last one is kept:
 * ranking every route takes ~10 ms of a slow phone, and the start asks for the same path from
 * preloadScreen and from the layout, which renders often on the way in.
 */
export function routeEntryAt(pathname: string): RouteEntry {
  if (lastEntry?.pathname !== pathname) {
    const entry = matchRoutes(routeObjects, pathname)?.at(-1)?.route.handle as RouteEntry | undefined;
    lastEntry = { pathname, entry: entry ?? NOT_FOUND };
  }
  return lastEntry.entry;
}

/**
 * The app's routes, under a BrowserRouter (main.tsx) or a StaticRouter (prerender.tsx).
 * React Router's declarative mode; its data router (loaders, actions, fetchers), which no screen
 * uses, was 13 KB of the first screen's code, brotli-compressed.
 */
export const AppRoutes = () => useRoutes(routeObjects);

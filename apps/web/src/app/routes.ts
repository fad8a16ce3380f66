// SPEC 2.1 as data: every route, its guard, its title and its page chrome. Paths keep SPEC's
// spellings (D-2); React Router matches them case-insensitively, so /selectionMap and
// /selectionmap are one route.
import { CATEGORIES } from '@app/shared';
import { categoryMenuKey } from './menu';

/** protected: visitors go to /login. authRedirect: signed-in users go to /dashboard. */
export type Guard = 'protected' | 'public' | 'authRedirect';
/** shell: header and side menu. bare: a slim top bar. privacy: shell only when signed in (SPEC 2.2). */
export type Chrome = 'shell' | 'bare' | 'shellWhenSignedIn';
export type ScreenName =
  | 'landing'
  | 'about'
  | 'privacy'
  | 'languageCurrency'
  | 'category'
  | 'needForm'
  | 'provideForm'
  | 'login'
  | 'accountCreation'
  | 'register'
  | 'forgotPassword'
  | 'verifyCode'
  | 'resetPassword'
  | 'profile'
  | 'users'
  | 'middleware'
  | 'registerCountry'
  | 'map'
  | 'selectionMap'
  | 'clients'
  | 'suppliers'
  | 'clientsDetails'
  | 'supplierDetails'
  | 'clientOfferAccept'
  | 'supplierSolution'
  | 'clientNeedsMatch'
  | 'myOffers'
  | 'myOrders'
  | 'deals'
  | 'deal'
  | 'adminReports'
  | 'subscriptionScreen'
  | 'subscriptions'
  | 'subscriptionSuccess'
  | 'subscriptionCancel'
  | 'successUrl'
  | 'cancelUrl'
  | 'comingSoon'
  | 'alerts'
  | 'ussd';

export interface RouteEntry {
  path: string;
  guard: Guard;
  /** i18n key of the page title. */
  title: string;
  chrome: Chrome;
  screen: ScreenName;
}

/** A protected screen in the shell, titled `routes.<screen>`. */
const signedIn = (path: string, screen: ScreenName): RouteEntry => ({
  path,
  guard: 'protected',
  title: `routes.${screen}`,
  chrome: 'shell',
  screen,
});

const categoryRoutes: RouteEntry[] = CATEGORIES.map((c) => ({
  path: c.route,
  guard: 'protected',
  title: `menu.${categoryMenuKey[c.id]}`,
  chrome: 'shell',
  screen: 'category',
}));

export const ROUTES: RouteEntry[] = [
  // Protected
  // SPEC 2.1: /map and /dashboard are the same map screen.
  { path: '/dashboard', guard: 'protected', title: 'routes.dashboard', chrome: 'shell', screen: 'map' },
  { path: '/map', guard: 'protected', title: 'routes.map', chrome: 'shell', screen: 'map' },
  signedIn('/subscriptionscreen', 'subscriptionScreen'),
  signedIn('/subscriptionsuccess', 'subscriptionSuccess'),
  {
    path: '/selectionmap/:type/:id',
    guard: 'protected',
    title: 'routes.selectionMap',
    chrome: 'shell',
    screen: 'selectionMap',
  },
  signedIn('/myoffers', 'myOffers'),
  signedIn('/myorders', 'myOrders'),
  // D-27: the deals of both sides, and one deal as its two parties see it.
  signedIn('/deals', 'deals'),
  signedIn('/deals/:dealId', 'deal'),
  signedIn('/clientofferaccept', 'clientOfferAccept'),
  signedIn('/clientofferaccept/:id', 'clientOfferAccept'),
  signedIn('/suppliersolution/:id', 'supplierSolution'),
  signedIn('/clientneedsmatch/:id', 'clientNeedsMatch'),
  signedIn('/supplierdetails/:id/:userId', 'supplierDetails'),
  signedIn('/clientsdetails/:id/:userId', 'clientsDetails'),
  { path: '/profile', guard: 'protected', title: 'routes.profile', chrome: 'shell', screen: 'profile' },
  {
    path: '/languageCurrency',
    guard: 'protected',
    title: 'routes.languageCurrency',
    chrome: 'shell',
    screen: 'languageCurrency',
  },
  signedIn('/successurl', 'successUrl'),
  signedIn('/cancelUrl', 'cancelUrl'),
  signedIn('/suppliers', 'suppliers'),
  signedIn('/clients', 'clients'),
  { path: '/needsolutionForm', guard: 'protected', title: 'routes.needForm', chrome: 'shell', screen: 'needForm' },
  {
    path: '/providesolutionForm',
    guard: 'protected',
    title: 'routes.provideForm',
    chrome: 'shell',
    screen: 'provideForm',
  },
  signedIn('/subscriptions', 'subscriptions'),
  // D-36: the user's alerts.
  signedIn('/alerts', 'alerts'),
  ...categoryRoutes,
  // Public
  {
    path: '/accountcreation',
    guard: 'public',
    title: 'routes.accountCreation',
    chrome: 'bare',
    screen: 'accountCreation',
  },
  { path: '/privacypolicy', guard: 'public', title: 'routes.privacy', chrome: 'shellWhenSignedIn', screen: 'privacy' },
  { path: '/about', guard: 'public', title: 'routes.about', chrome: 'shell', screen: 'about' },
  // D-11: admins only; the page itself says so to others.
  { path: '/getUsers', guard: 'public', title: 'routes.getUsers', chrome: 'shellWhenSignedIn', screen: 'users' },
  // D-29: reports for admins, guarded like /getUsers (the page tells others it is for admins).
  {
    path: '/admin/reports',
    guard: 'public',
    title: 'routes.adminReports',
    chrome: 'shellWhenSignedIn',
    screen: 'adminReports',
  },
  // The provider's cancel return; it reveals nothing, so a lapsed session still reads it.
  {
    path: '/subscriptioncancel',
    guard: 'public',
    title: 'routes.subscriptionCancel',
    chrome: 'shellWhenSignedIn',
    screen: 'subscriptionCancel',
  },
  // D-37: the USSD simulator; the server says who may use it (admins only in production).
  { path: '/ussd', guard: 'public', title: 'routes.ussd', chrome: 'shellWhenSignedIn', screen: 'ussd' },
  // Signed-in users are sent to /dashboard
  { path: '/', guard: 'authRedirect', title: 'routes.landing', chrome: 'shell', screen: 'landing' },
  { path: '/login', guard: 'authRedirect', title: 'routes.login', chrome: 'bare', screen: 'login' },
  {
    path: '/registerCountry',
    guard: 'authRedirect',
    title: 'routes.registerCountry',
    chrome: 'bare',
    screen: 'registerCountry',
  },
  { path: '/middleware', guard: 'authRedirect', title: 'routes.middleware', chrome: 'bare', screen: 'middleware' },
  { path: '/register', guard: 'authRedirect', title: 'routes.register', chrome: 'bare', screen: 'register' },
  {
    path: '/forgetpassword',
    guard: 'authRedirect',
    title: 'routes.forgetPassword',
    chrome: 'bare',
    screen: 'forgotPassword',
  },
  { path: '/verifycode', guard: 'authRedirect', title: 'routes.verifyCode', chrome: 'bare', screen: 'verifyCode' },
  {
    path: '/resetpassword',
    guard: 'authRedirect',
    title: 'routes.resetPassword',
    chrome: 'bare',
    screen: 'resetPassword',
  },
];

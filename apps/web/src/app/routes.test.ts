import { describe, expect, it } from 'vitest';
import en from '../locales/en-us.json';
import fr from '../locales/fr-ca.json';
import { MENU } from './menu';
import { ROUTES } from './routes';

// SPEC 2.1, as written (D-2 keeps the spellings).
const PROTECTED = [
  '/subscriptionscreen',
  '/subscriptionsuccess',
  '/selectionmap/:type/:id',
  '/myoffers',
  '/myorders',
  '/clientofferaccept',
  '/clientofferaccept/:id',
  '/suppliersolution/:id',
  '/clientneedsmatch/:id',
  '/supplierdetails/:id/:userId',
  '/clientsdetails/:id/:userId',
  '/profile',
  '/languageCurrency',
  '/successurl',
  '/cancelUrl',
  '/suppliers',
  '/clients',
  '/equipment',
  '/needsolutionForm',
  '/providesolutionForm',
  '/space',
  '/youpropose',
  '/tranport',
  '/services',
  '/delivery',
  '/map',
  '/dashboard',
  '/subscriptions',
  '/vegetables',
  '/cereal',
  '/fruits',
  '/liveStock',
  '/inputCategory',
  '/animal',
  '/herbs',
];
// Added in the second round (D-27, D-29): the deals of both sides and one deal.
// Third round (D-36): the user's alerts.
const ADDED_PROTECTED = ['/deals', '/deals/:dealId', '/alerts'];
const PUBLIC = ['/accountcreation', '/privacypolicy', '/about', '/getUsers', '/subscriptioncancel'];
// D-29: the reports, for admins, guarded as /getUsers (the page answers others itself).
// D-37: the USSD simulator (the server refuses it to all but admins in production).
const ADDED_PUBLIC = ['/admin/reports', '/ussd'];
const AUTH_REDIRECT = [
  '/login',
  '/registerCountry',
  '/middleware',
  '/register',
  '/forgetpassword',
  '/verifycode',
  '/resetpassword',
  '/',
];

const guardOf = (path: string) => ROUTES.find((r) => r.path === path)?.guard;
const lookup = (dict: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], dict);

describe('the route table', () => {
  it.each([...PROTECTED, ...ADDED_PROTECTED])('guards %s: visitors go to /login', (path) =>
    expect(guardOf(path)).toBe('protected'),
  );
  it.each([...PUBLIC, ...ADDED_PUBLIC])('leaves %s public', (path) => expect(guardOf(path)).toBe('public'));
  it.each(AUTH_REDIRECT)('sends signed-in users from %s to /dashboard', (path) =>
    expect(guardOf(path)).toBe('authRedirect'),
  );

  it('has no route beyond SPEC 2.1 and the second round, and none twice', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [...PROTECTED, ...ADDED_PROTECTED, ...PUBLIC, ...ADDED_PUBLIC, ...AUTH_REDIRECT].sort(),
    );
  });

  it('titles every route in English and French', () => {
    for (const route of ROUTES) {
      expect(typeof lookup(en, route.title), route.title).toBe('string');
      expect(typeof lookup(fr, route.title), route.title).toBe('string');
    }
  });
});

describe('the side menu', () => {
  it('lists SPEC 2.2 in order with its routes', () => {
    const signedIn = MENU.filter((m) => m.to || m.action).map((m) => m.to ?? m.action);
    expect(signedIn).toEqual([
      '/dashboard',
      '/delivery',
      '/equipment',
      '/space',
      '/tranport',
      '/services',
      '/vegetables',
      '/cereal',
      '/fruits',
      '/liveStock',
      '/inputCategory',
      '/animal',
      '/herbs',
      '/youpropose',
      '/about',
      '/map',
      '/clients',
      '/suppliers',
      '/myoffers',
      '/languageCurrency',
      '/privacypolicy',
      '/profile',
      'share',
      'logout',
    ]);
  });

  it('lets a visitor navigate only to Home, About and Privacy Policy (and sign up or in)', () => {
    const links = MENU.flatMap((m) => (typeof m.visitor === 'object' ? [m.visitor.to] : []));
    expect(links).toEqual(['/', '/about', '/privacypolicy', '/accountcreation', '/login']);
    const prompts = MENU.filter((m) => m.visitor === 'prompt').map((m) => m.key);
    expect(prompts).toContain('delivery');
    expect(prompts).toContain('map');
    expect(prompts).toContain('clients');
  });
});

describe('the locale files', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it('have the same keys in English and French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('keep SPEC 8 texts word for word (D-2)', () => {
    expect(en.errors.expirationError).toBe(
      'Authentication session expired beacuse you logged in from other device kindly log in again',
    );
    expect(en.errors.paymentCancelled).toBe('Your transcation cannot be processed!');
    expect(en.errors.paymentSucceeded).toBe('Your transcation has been successfuly processed!');
    expect(en.errors.passwordMismatch).toBe('Password doesnot match');
    expect(fr.errors.selectCategory).toBe('Veuillez sélectionner la catégorie dans la barre ci-dessus');
    expect(fr.errors.missingFields).toBe('Veuillez remplir tous les champs');
    expect(fr.errors.sent).toBe('Envoyé');
  });

  it('translate every API error code', async () => {
    const { ERROR_CODES } = await import('@app/shared');
    for (const code of ERROR_CODES) {
      expect(en.apiErrors).toHaveProperty(code);
      expect(fr.apiErrors).toHaveProperty(code);
    }
  });
});

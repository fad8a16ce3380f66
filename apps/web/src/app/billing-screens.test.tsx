import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment, Solution } from '@app/shared';
import { goTo } from '../features/billing/components/payment-choice';
import { solution } from '../testing/post-fixtures';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../testing/render';
import { deal } from '../testing/deal-fixtures';
import { PaymentSuccessScreen, SupplierDetailsScreen } from './billing-screens';

// The supplier (u2) opens their own offer, which a client has accepted.
const offer = (overrides: Partial<Solution> = {}) =>
  solution({ user: { _id: 'u2', firstName: 'Moussa', verified: false, vip: false }, status: 'Accepted', ...overrides });

const supplier = (active: boolean) =>
  testUser({
    _id: 'u2',
    firstName: 'Moussa',
    subscription: {
      subscription_type: active ? 'yearly' : null,
      subscription_flag: active,
      trail_complete: true,
      subscription_start_date: null,
      subscription_end_date: null,
    },
  });

const paidFor = (solutionId: string): Payment => ({
  _id: 'p1',
  kind: 'onetime',
  amount: '2.25',
  currency: 'USD',
  status: 'captured',
  solution_id: solutionId,
  created_at: '2026-11-20T10:00:00.000Z',
});

const serve = (post: Solution, active: boolean, payments: Payment[] = []) =>
  routeFetch({
    [`GET /api/solution/getSolutionDetails/${post._id}`]: [200, { data: post }],
    'GET /api/user/me': [200, { data: supplier(active) }],
    'GET /api/payment/getUserPayments/u2': [200, { data: payments }],
    'POST /api/payment/pay': [200, { data: { url: 'https://pay.example/approve/1' } }],
  });

const open = (post: Solution) =>
  renderScreen(
    '/supplierdetails/:id/:userId',
    <SupplierDetailsScreen title="Supplier's Solution" />,
    `/supplierdetails/${post._id}/${post.user._id}`,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the owner of an accepted offer without contact access (D-15, issue 6 part 4)', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('is offered the payment choice and pays as you go for this deal', async () => {
    signIn(supplier(false));
    // In the currency the user chose (D-24 would otherwise pick the user's country's).
    localStorage.setItem('currency', 'dollar');
    const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => {});
    const post = offer();
    const fetchMock = serve(post, false);
    open(post);
    expect(await screen.findByRole('heading', { name: 'Choose how to continue' })).toBeInTheDocument();
    expect(
      screen.getByText('A client took your offer. To exchange contact details with them, choose one of these:'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptionscreen');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $2.25' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/1'));
    const [, init] = callsTo(fetchMock, 'POST /api/payment/pay')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ solution_id: 's1' });
  });

  it('is not offered it with a subscription or trial running', async () => {
    signIn(supplier(true));
    const post = offer();
    serve(post, true);
    open(post);
    expect(await screen.findByText('This is your post.', { exact: false })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Choose how to continue' })).not.toBeInTheDocument(),
    );
  });

  it('is told the deal is paid once it is, and not offered to pay again', async () => {
    signIn(supplier(false));
    const post = offer();
    serve(post, false, [paidFor('s1')]);
    open(post);
    expect(
      await screen.findByText("You paid for this deal: you and the client can now see each other's contact details."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('is not offered it while the offer is still open', async () => {
    signIn(supplier(false));
    const post = offer({ status: 'Pending' });
    serve(post, false);
    open(post);
    expect(await screen.findByText('This is your post.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose how to continue' })).not.toBeInTheDocument();
  });
});

describe('/successurl leads to the deal paid for (D-27)', () => {
  const SOLUTION = 's1';
  const paid = {
    payment: { ...paidFor(SOLUTION), amount: '2.25' },
    contact: { email: 'binta@example.org', mobile_no: '+221770000001' },
  };

  it('gives the owner of an offer the deal and My Offers, not My Orders', async () => {
    signIn(testUser({ _id: 'u2', firstName: 'Moussa' }));
    routeFetch({
      'POST /api/payment/success': [200, { data: paid }],
      [`GET /api/solution/getSolutionDetails/${SOLUTION}`]: [200, { data: offer({ _id: SOLUTION }) }],
      'GET /api/deals': [200, { data: [deal({ solution: offer({ _id: SOLUTION }), role: 'owner' })] }],
    });
    renderScreen(
      '/successurl',
      <PaymentSuccessScreen title="Payment" />,
      `/successurl?paymentId=PAY-1&PayerID=P9&solution_id=${SOLUTION}`,
    );
    const toDeal = await screen.findByRole('link', { name: 'Open the deal with Binta' });
    expect(toDeal).toHaveAttribute('href', '/deals/d1');
    expect(screen.getByRole('link', { name: 'See My Offers' })).toHaveAttribute('href', '/myoffers');
    expect(screen.queryByRole('link', { name: 'See My Orders' })).not.toBeInTheDocument();
  });

  it('gives the acceptor of a need the deal and My Orders', async () => {
    signIn(testUser({ _id: 'u2', firstName: 'Moussa' }));
    const need = solution({ _id: SOLUTION, user_role: 'needSolution', status: 'Accepted' });
    routeFetch({
      'POST /api/payment/success': [200, { data: paid }],
      [`GET /api/solution/getSolutionDetails/${SOLUTION}`]: [200, { data: need }],
      'GET /api/deals': [200, { data: [deal({ solution: need, role: 'acceptor' })] }],
    });
    renderScreen(
      '/successurl',
      <PaymentSuccessScreen title="Payment" />,
      `/successurl?paymentId=PAY-1&PayerID=P9&solution_id=${SOLUTION}`,
    );
    expect((await screen.findByRole('link', { name: 'Open the deal with Binta' })).getAttribute('href')).toBe(
      '/deals/d1',
    );
    expect(screen.getByRole('link', { name: 'See My Orders' })).toHaveAttribute('href', '/myorders');
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deal, Payment, Solution } from '@app/shared';
import { goTo } from '../features/billing/components/payment-choice';
import { solution } from '../testing/post-fixtures';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../testing/render';
import { deal, person } from '../testing/deal-fixtures';
import { DealScreen, PaymentSuccessScreen } from './billing-screens';

// Moussa (u2) owns an offer.
const offer = (overrides: Partial<Solution> = {}) =>
  solution({ user: { _id: 'u2', firstName: 'Moussa', verified: false, vip: false }, status: 'Accepted', ...overrides });

const paidFor = (solutionId: string): Payment => ({
  _id: 'p1',
  kind: 'onetime',
  amount: '2.25',
  currency: 'USD',
  status: 'captured',
  solution_id: solutionId,
  created_at: '2026-11-20T10:00:00.000Z',
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the deal page's access choice (D-15 revised)", () => {
  // Awa (u1) owns the offer; she confirmed Binta's request and has no contact access yet.
  const confirmed = (overrides: Partial<Deal> = {}) =>
    deal({
      contact_access: false,
      counterpart: person({ email: undefined, mobile_no: undefined }),
      expires_at: '2026-11-22T12:00:00.000Z',
      ...overrides,
    });
  // Intl writes F CFA with narrow and no-break spaces; a button's name keeps them.
  const xofFee = {
    amount: '1320',
    currency: 'XOF',
    paid: false,
  } as const;

  const serve = (current: Deal) =>
    routeFetch({
      'GET /api/deals/d1': [200, { data: current }],
      'GET /api/user/me': [200, { data: testUser() }],
      'POST /api/payment/pay': [200, { data: { url: 'https://pay.example/approve/1' } }],
    });
  const open = () => renderScreen('/deals/:dealId', <DealScreen title="Deal" />, '/deals/d1');
  // The first screen of a file can take over a second on a loaded machine.
  const partySection = async () =>
    (await screen.findByRole('heading', { name: 'Accepted by' }, { timeout: 5000 })).closest('section')!;

  beforeEach(() => {
    localStorage.clear();
    signIn(testUser());
    // CFA francs, the currency she chose (D-24 would otherwise pick her country's).
    localStorage.setItem('currency', 'fr');
  });

  it('offers the supplier the fee of this deal in their currency by mobile money, and a card as the other way', async () => {
    serve(confirmed({ fee: xofFee }));
    open();
    const party = await partySection();
    expect(within(party).getByRole('heading', { name: 'Choose how to continue' })).toBeInTheDocument();
    expect(
      within(party).getByText(
        "You confirmed a client's request. To exchange contact details with them, choose one of these:",
      ),
    ).toBeInTheDocument();
    expect(within(party).getByText("15% of this deal's total, for this deal only: F CFA 1,320.")).toBeInTheDocument();
    // D-38: francs are paid by mobile money first; PayPal, which takes no francs, charges euros.
    expect(within(party).getByRole('button', { name: /^Pay F\sCFA\s1,320 by mobile money$/ })).toBeInTheDocument();
    expect(
      within(party).getByRole('button', { name: 'Pay by card instead (PayPal, charged in euros)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/until mobile money/)).toBeNull();
    expect(within(party).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptionscreen');
  });

  it('offers a dollar payer the card alone, with no word of mobile money', async () => {
    localStorage.setItem('currency', 'dollar');
    serve(confirmed({ fee: { amount: '2.25', currency: 'USD', paid: false } }));
    open();
    const party = await partySection();
    expect(within(party).getByRole('button', { name: 'Pay $2.25' })).toBeInTheDocument();
    expect(screen.queryByText(/mobile money/)).toBeNull();
  });

  it("pays for the deal by its id and sends the browser to the provider's page", async () => {
    const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => {});
    const fetchMock = serve(confirmed({ fee: xofFee }));
    open();
    const party = await partySection();
    fireEvent.click(within(party).getByRole('button', { name: /^Pay F\sCFA\s1,320 by mobile money$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/1'));
    const pays = callsTo(fetchMock, 'POST /api/payment/pay');
    expect(pays).toHaveLength(1);
    expect(JSON.parse(String(pays[0]![1].body))).toEqual({ deal_id: 'd1', method: 'mobile_money' });
  });

  it('offers no payment while the request waits for the owner', async () => {
    serve(confirmed({ status: 'requested', confirmed_at: undefined }));
    open();
    const party = (await screen.findByRole('heading', { name: 'Requested by' })).closest('section')!;
    expect(within(party).getByText('You can write to each other once the request is confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose how to continue' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
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

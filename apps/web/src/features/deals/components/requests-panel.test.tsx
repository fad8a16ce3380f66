import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en-us.json';
import { callsTo, renderScreen, requestsReceived, routeFetch } from '../../../testing/render';
import { deal, person } from '../../../testing/deal-fixtures';
import { solution } from '../../../testing/post-fixtures';
import { RequestsPanel } from './requests-panel';
import { bodyOf, setUpDealTests } from '../testing/deal-test-setup';

// Awa (u1) owns a tractor rented by the day; Binta asked for two days, Kofi was declined before.
const post = solution({ _id: 's1', user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false }, unit: 'day' });
const request = (overrides: Parameters<typeof deal>[0] = {}) =>
  deal({
    status: 'requested',
    confirmed_at: undefined,
    contact_access: false,
    // D-32: the requester as a Person, without contacts.
    counterpart: person({ email: undefined, mobile_no: undefined }),
    note: 'I can fetch it myself.',
    price: { amount: '12.00', currency: 'USD' },
    unit: 'day',
    from: '2026-12-10',
    to: '2026-12-11',
    units: 2,
    total: { amount: '24.00', currency: 'USD' },
    expires_at: '2026-12-04T10:00:00.000Z',
    ...overrides,
  });
const declined = request({
  _id: 'd2',
  status: 'declined',
  counterpart: person({ _id: 'u3', firstName: 'Kofi', email: undefined, mobile_no: undefined }),
  note: 'Only one day please.',
});

const REQUESTS = 'GET /api/solution/s1/requests';
const show = () =>
  renderScreen('/supplierdetails/:id/:userId', <RequestsPanel solution={post} />, '/supplierdetails/s1/u1');

setUpDealTests();

describe("the owner's requests (D-32)", () => {
  it('says how far each requester is from the post, when the server knows it', async () => {
    routeFetch({
      [REQUESTS]: [
        200,
        {
          data: [
            request({ counterpart: person({ email: undefined, mobile_no: undefined, distance_km: 56 }) }),
            request({
              _id: 'd3',
              counterpart: person({ _id: 'u4', firstName: 'Kofi', email: undefined, mobile_no: undefined }),
            }),
          ],
        },
      ],
    });
    show();
    expect(await screen.findByText('56 km from your post')).toBeInTheDocument();
    expect(screen.getAllByText(/km from your post/)).toHaveLength(1);
  });

  it('lists the open requests with the person, their note, price and dates, and the earlier ones apart', async () => {
    routeFetch({ [REQUESTS]: [200, { data: [request(), declined] }] });
    show();
    expect(await screen.findByRole('heading', { name: 'Requests (1)' })).toBeInTheDocument();
    const open = screen.getByRole('list', { name: 'Waiting for your answer' });
    // One request waits (the person's facts are a list of their own inside it).
    const cards = within(open)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === open);
    expect(cards).toHaveLength(1);
    const card = cards[0];
    expect(within(card!).getByRole('heading', { level: 4, name: /Binta/ })).toBeInTheDocument();
    expect(within(card!).getByText('Member since March 2025')).toBeInTheDocument();
    expect(within(card!).getByText('Rated 4.5 out of 5 by 2 people')).toBeInTheDocument();
    expect(within(card!).getByText('I can fetch it myself.')).toBeInTheDocument();
    expect(within(card!).getByText('$12.00 per day')).toBeInTheDocument();
    expect(within(card!).getByText('Dec 10, 2026 – Dec 11, 2026 (2 days)')).toBeInTheDocument();
    expect(within(card!).getByText('$24.00')).toBeInTheDocument();
    // No way to reach Binta before the deal.
    expect(within(card!).queryByRole('link', { name: /Call|E-mail|WhatsApp|SMS/ })).toBeNull();
    expect(within(card!).getByRole('button', { name: 'Confirm Binta' })).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Decline Binta' })).toBeInTheDocument();

    // Kofi's declined request is among the earlier ones, with its state, and cannot be confirmed.
    expect(within(open).queryByText(/Kofi/)).toBeNull();
    const history = screen.getByText('Earlier requests').closest('details')!;
    expect(within(history).getByRole('link', { name: 'Kofi' })).toHaveAttribute('href', '/deals/d2');
    expect(within(history).getByText('Declined')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Kofi' })).toBeNull();
  });

  it('says there are none yet', async () => {
    routeFetch({ [REQUESTS]: [200, { data: [] }] });
    show();
    expect(await screen.findByText(en.requests.none)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requests (0)' })).toBeInTheDocument();
  });

  it('asks before confirming, then confirms the request and says the requester was told', async () => {
    let list = [request()];
    const fetchMock = routeFetch({
      [REQUESTS]: () => [200, { data: list }],
      'POST /api/deals/d1/confirm': () => {
        list = [request({ status: 'accepted', confirmed_at: '2026-11-28T12:00:00.000Z' })];
        return [200, { data: list[0] }];
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Binta' }));
    const dialog = screen.getByRole('dialog', { name: "Confirm Binta's booking, Dec 10, 2026 – Dec 11, 2026?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/confirm')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Binta' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You confirmed Binta. They have been told.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/confirm')).toHaveLength(1);
    // The list is read again: Binta's request no longer waits; her deal stays in view, confirmed.
    expect(await screen.findByRole('heading', { name: 'Requests (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Binta' })).toBeNull();
    const chosen = screen.getByRole('list', { name: 'Confirmed' });
    expect(within(chosen).getByRole('link', { name: 'Open the deal with Binta' })).toHaveAttribute('href', '/deals/d1');
  });

  it('declines with a reason the requester reads', async () => {
    const fetchMock = routeFetch({
      [REQUESTS]: [200, { data: [request()] }],
      'POST /api/deals/d1/decline': [200, { data: request({ status: 'declined' }) }],
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Binta' }));
    const dialog = screen.getByRole('dialog', { name: "Decline Binta's request?" });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: ' Booked by a neighbour. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline Binta' }));
    expect(await screen.findByText("You declined Binta's request. They have been told.")).toBeInTheDocument();
    const declines = callsTo(fetchMock, 'POST /api/deals/d1/decline');
    expect(declines).toHaveLength(1);
    expect(bodyOf(declines[0])).toEqual({ reason: 'Booked by a neighbour.' });
  });

  it('says the dates are full when confirming is refused with 409 for the dates', async () => {
    routeFetch({
      [REQUESTS]: [200, { data: [request()] }],
      'POST /api/deals/d1/confirm': [409, { code: 'NOT_AVAILABLE', message: 'Those dates are full' }],
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Binta' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const status = screen.getAllByRole('status')[0]!;
    await waitFor(() => expect(status.textContent).toBe(en.requests.datesFull));
    expect(screen.getByRole('button', { name: 'Confirm Binta' })).toBeInTheDocument();
  });
});

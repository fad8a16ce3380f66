import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Solution } from '@app/shared';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { solution } from '../../../testing/post-fixtures';
import { formatMomentTime } from '../../../lib/post';
import en from '../../../locales/en-us.json';
import { ClientsDetailsPage, SupplierDetailsPage } from './post-details-page';

/** Where the screen went, with the id of the post it handed over in router state. */
const describeWithState = (location: Location) =>
  `${location.pathname} ${(location.state as { solutionData?: Solution } | null)?.solutionData?._id ?? '-'}`;

const renderOffer = (post: Solution) =>
  renderScreen(
    '/supplierdetails/:id/:userId',
    <SupplierDetailsPage title="Supplier's Solution" />,
    `/supplierdetails/${post._id}/${post.user._id}`,
    describeWithState,
  );
const renderNeed = (post: Solution) =>
  renderScreen(
    '/clientsdetails/:id/:userId',
    <ClientsDetailsPage title="Client's Need" />,
    `/clientsdetails/${post._id}/${post.user._id}`,
    describeWithState,
  );

const details = (post: Solution) => ({
  [`GET /api/solution/getSolutionDetails/${post._id}`]: [200, { data: post }] as [number, unknown],
  'POST /api/solution/solutionClicked': [204] as [number],
});

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a post detail (SPEC 2.3 item 8)', () => {
  it('shows the post, its addresses without delivery for Equipments, and records one visit', async () => {
    const post = solution();
    const fetchMock = routeFetch(details(post));
    renderOffer(post);
    expect(await screen.findByRole('heading', { level: 2, name: /Tractor \(per day\)/ })).toBeInTheDocument();
    expect(screen.getByText('12 Rue Carnot, Dakar, Senegal')).toBeInTheDocument();
    expect(screen.getByText('Address')).toBeInTheDocument();
    expect(screen.queryByText('Delivery address')).toBeNull();
    expect(screen.getByText('A tractor with its driver.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/solution/solutionClicked')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST /api/solution/solutionClicked')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ solution_id: 's1' });
  });

  it('shows the delivery address and desired date for a Delivery need', async () => {
    const post = solution({
      user_role: 'needSolution',
      category: 'Delivery',
      delivery_city: 'Thiès',
      delivery_country: 'SN',
      delivery_date: '2026-12-03',
    });
    routeFetch(details(post));
    renderNeed(post);
    expect(await screen.findByText('Delivery address')).toBeInTheDocument();
    expect(screen.getByText('Thiès, Senegal')).toBeInTheDocument();
    expect(screen.getByText('Desired delivery date')).toBeInTheDocument();
  });

  it("names the countries in the reader's language, and an older post's country as it was written", async () => {
    localStorage.setItem('language', 'fr-ca');
    const post = solution({
      user_role: 'needSolution',
      category: 'Delivery',
      delivery_city: 'Abidjan',
      delivery_country: 'CI',
      delivery_date: '2026-12-03',
    });
    routeFetch(details(post));
    renderNeed(post);
    expect(await screen.findByText('12 Rue Carnot, Dakar, Sénégal')).toBeInTheDocument();
    expect(screen.getByText('Abidjan, Côte d’Ivoire')).toBeInTheDocument();
    cleanup();
    const older = solution({ _id: 's2', pickup_country: 'Sénégal' });
    routeFetch(details(older));
    renderOffer(older);
    expect(await screen.findByText('12 Rue Carnot, Dakar, Sénégal')).toBeInTheDocument();
  });

  it('shows call, WhatsApp and SMS icons for a mobile only, and no e-mail icon', async () => {
    const post = solution({
      user: { _id: 'u2', firstName: 'Moussa', verified: false, vip: false, mobile_no: '+221 77 123 45 67' },
    });
    routeFetch(details(post));
    renderOffer(post);
    expect((await screen.findByRole('link', { name: 'Call Moussa' })).getAttribute('href')).toBe('tel:+221771234567');
    expect(screen.getByRole('link', { name: 'Message Moussa on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/221771234567',
    );
    expect(screen.getByRole('link', { name: 'Send an SMS to Moussa' }).getAttribute('href')).toBe('sms:+221771234567');
    expect(screen.queryByRole('link', { name: 'E-mail Moussa' })).toBeNull();
    expect(screen.getByText('+221 77 123 45 67')).toBeInTheDocument();
  });

  it('shows the e-mail icon for an e-mail only', async () => {
    const post = solution({
      user: { _id: 'u2', firstName: 'Moussa', verified: false, vip: false, email: 'm@example.org' },
    });
    routeFetch(details(post));
    renderOffer(post);
    expect((await screen.findByRole('link', { name: 'E-mail Moussa' })).getAttribute('href')).toBe(
      'mailto:m@example.org',
    );
    expect(screen.queryByRole('link', { name: 'Call Moussa' })).toBeNull();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('shows no contact icon nor text when the API sent no contact (D-14)', async () => {
    const post = solution();
    routeFetch(details(post));
    renderOffer(post);
    expect(await screen.findByText(/Contact details are shown to subscribers/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Call|E-mail|WhatsApp|SMS/ })).toBeNull();
  });

  it('zooms a photo in a modal', async () => {
    const post = solution({
      images: [
        { url: '/api/media/posts/a.webp', thumb_url: '/api/media/posts/a-thumb.webp' },
        { url: '/api/media/posts/b.webp', thumb_url: '/api/media/posts/b-thumb.webp' },
      ],
    });
    routeFetch(details(post));
    renderOffer(post);
    fireEvent.click(await screen.findByRole('button', { name: 'Enlarge photo 2 of 2: Tractor (per day)' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo 2 of 2: Tractor (per day)' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/media/posts/b.webp');
  });

  it('hides Accept Offer on your own post and on a post that is not Pending', async () => {
    const own = solution({ user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false } });
    const fetchMock = routeFetch(details(own));
    renderOffer(own);
    expect(await screen.findByText('This is your post.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Offer' })).toBeNull();
    // Your own visits are not counted.
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/solution/solutionClicked')).toHaveLength(0);
    cleanup();

    const taken = solution({ status: 'Accepted' });
    routeFetch(details(taken));
    renderOffer(taken);
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Offer' })).toBeNull();
  });
});

describe('Accept Offer sends a request (D-32, D-33)', () => {
  const accepted = (post: Solution) =>
    [
      200,
      {
        data: {
          solution: post,
          deal: { _id: 'd1', solution_id: post._id, acceptor_id: 'u1', accepted_at: '', contact_access: 'none' },
        },
      },
    ] as [number, unknown];
  const bodyOf = (fetchMock: ReturnType<typeof routeFetch>) =>
    callsTo(fetchMock, 'PUT /api/solution/solutionAccepted').map(
      ([, init]) => JSON.parse(String(init.body)) as unknown,
    );
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const noteBox = () => screen.getByRole('textbox', { name: 'A note to Moussa' });
  const priceBox = () => screen.getByRole('textbox', { name: 'Your price' });

  beforeEach(() => {
    // Dollars, as the user chose (D-24 would otherwise pick her country's CFA francs).
    localStorage.setItem('currency', 'dollar');
  });

  it('on an offer sends the request and goes to /suppliersolution/{id} with the post in state', async () => {
    const post = solution();
    const fetchMock = routeFetch({ ...details(post), 'PUT /api/solution/solutionAccepted': accepted(post) });
    renderOffer(post);
    expect(await screen.findByText('Total: $15.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Offer' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/suppliersolution/s1 s1'));
    expect(bodyOf(fetchMock)).toEqual([{ user_id: 'u1', accepted_by: 'u1', solution_id: 's1' }]);
  });

  it('sends the note and the proposed price, and shows the total at that price', async () => {
    const post = solution();
    const fetchMock = routeFetch({ ...details(post), 'PUT /api/solution/solutionAccepted': accepted(post) });
    renderOffer(post);
    await screen.findByRole('button', { name: 'Accept Offer' });
    fireEvent.change(noteBox(), { target: { value: '  I need it on Monday morning. ' } });
    fireEvent.change(priceBox(), { target: { value: '12,50' } });
    expect(screen.getByText('Total: $12.50')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Offer' }));
    await waitFor(() => expect(bodyOf(fetchMock)).toHaveLength(1));
    expect(bodyOf(fetchMock)[0]).toEqual({
      user_id: 'u1',
      accepted_by: 'u1',
      solution_id: 's1',
      note: 'I need it on Monday morning.',
      price: { amount: '12.50', currency: 'USD' },
    });
  });

  it('on a per-day post asks for the dates first, then shows the total for 2 days and sends them', async () => {
    const post = solution({ unit: 'day' });
    const fetchMock = routeFetch({ ...details(post), 'PUT /api/solution/solutionAccepted': accepted(post) });
    renderOffer(post);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.request.datesMissing);
    await requestsReceived();
    expect(bodyOf(fetchMock)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-11' } });
    expect(screen.getByText('Total: $30.00')).toBeInTheDocument();
    expect(screen.getByText('$15.00 × 2 days')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Offer' }));
    await waitFor(() => expect(bodyOf(fetchMock)).toHaveLength(1));
    expect(bodyOf(fetchMock)[0]).toEqual({
      user_id: 'u1',
      accepted_by: 'u1',
      solution_id: 's1',
      from: '2026-12-10',
      to: '2026-12-11',
    });
  });

  it('refuses a last day before the first, before any request', async () => {
    const post = solution({ unit: 'day' });
    const fetchMock = routeFetch({ ...details(post), 'PUT /api/solution/solutionAccepted': accepted(post) });
    renderOffer(post);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-08' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.request.datesOrder);
    await requestsReceived();
    expect(bodyOf(fetchMock)).toHaveLength(0);
  });

  it('refuses a note with a phone number in the page, before any request', async () => {
    const post = solution();
    const fetchMock = routeFetch({ ...details(post), 'PUT /api/solution/solutionAccepted': accepted(post) });
    renderOffer(post);
    await screen.findByRole('button', { name: 'Accept Offer' });
    fireEvent.change(noteBox(), { target: { value: 'Call me on 77 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.request.noteContact);
    await requestsReceived();
    expect(bodyOf(fetchMock)).toHaveLength(0);
  });

  it('on a need sends the need’s dates and says "Sent", then goes home after 1000 ms: no payment first', async () => {
    // The need's own dates, still to come.
    const [first, last] = [inDays(10), inDays(12)];
    const post = solution({ user_role: 'needSolution', pickup_date: first, dates_to: last });
    const fetchMock = routeFetch({ ...details(post), 'PUT /api/solution/solutionAccepted': accepted(post) });
    renderNeed(post);
    expect(await screen.findByText(`Wanted from ${first} to ${last}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Offer' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sent'));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/ -'), { timeout: 2500 });
    expect(bodyOf(fetchMock)).toEqual([{ user_id: 'u1', accepted_by: 'u1', solution_id: 's1', from: first, to: last }]);
  });

  it('past the day’s requests (429) says when the next one can be sent', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T14:00:00.000Z'), toFake: ['Date'] });
    const post = solution();
    routeFetch({
      ...details(post),
      'PUT /api/solution/solutionAccepted': [
        429,
        { code: 'RATE_LIMITED', message: 'Too many requests today' },
        { 'Retry-After': '5400' },
      ],
    });
    renderOffer(post);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Offer' }));
    // 90 minutes later, as the server's Retry-After says.
    const time = formatMomentTime(new Date('2026-11-28T15:30:00.000Z'), 'en-us');
    expect((await screen.findByRole('alert')).textContent).toBe(
      `You can send 10 requests a day. You can send another at ${time}.`,
    );
    vi.useRealTimers();
  });

  it('says the dates are taken when the API answers 409 "Those dates are full"', async () => {
    const post = solution({ unit: 'day' });
    routeFetch({
      ...details(post),
      'PUT /api/solution/solutionAccepted': [409, { code: 'NOT_AVAILABLE', message: 'Those dates are full' }],
    });
    renderOffer(post);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.request.datesFull);
  });

  it('says the post is no longer available on 409', async () => {
    const post = solution();
    routeFetch({
      ...details(post),
      'PUT /api/solution/solutionAccepted': [409, { code: 'NOT_AVAILABLE', message: '' }],
    });
    renderOffer(post);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This post is no longer available: someone else accepted it or its owner removed it.',
    );
  });

  it('shows a post already requested as "You sent a request…", with its deal and no Accept Offer', async () => {
    const post = solution({ my_deal: { _id: 'd7', status: 'requested' } });
    routeFetch(details(post));
    renderOffer(post);
    expect(
      await screen.findByText('You sent a request for this post: Requested.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your request' })).toHaveAttribute('href', '/deals/d7');
    expect(screen.queryByRole('button', { name: 'Accept Offer' })).toBeNull();
  });
});

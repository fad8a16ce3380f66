import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/date-time';
import { stubEventStream } from '../../../testing/event-stream';
import { callsTo, requestsReceived, routeFetch } from '../../../testing/render';
import { deal, message, person } from '../../../testing/deal-fixtures';
import { solution } from '../../../testing/post-fixtures';
import { open, statusWord, bodyOf, setUpDealTests } from '../testing/deal-test-setup';

setUpDealTests();

describe('the deal page (D-27)', () => {
  it('shows the owner the acceptor: name, badges, rating, completed deals, member since, and four ways to reach them', async () => {
    routeFetch({ 'GET /api/deals/d1': [200, { data: deal() }], 'GET /api/deals/d1/messages': [200, { data: [] }] });
    open();
    const party = (await screen.findByRole('heading', { name: 'Accepted by' }, { timeout: 8000 })).closest('section')!;
    expect(within(party).getByRole('heading', { name: /Binta/ }).textContent).toContain('+ID');
    expect(within(party).getByText('Rated 4.5 out of 5 by 2 people')).toBeInTheDocument();
    expect(within(party).getByText('2 completed deals')).toBeInTheDocument();
    expect(within(party).getByText('Member since March 2025')).toBeInTheDocument();
    expect(within(party).getByRole('link', { name: 'Call Binta' }).getAttribute('href')).toBe('tel:+221777654321');
    // Written as people read a number; the links keep it whole.
    expect(within(party).getByText('+221 77 765 43 21')).toBeInTheDocument();
    expect(within(party).getByRole('link', { name: 'Send an SMS to Binta' }).getAttribute('href')).toBe(
      'sms:+221777654321',
    );
    expect(within(party).getByRole('link', { name: 'Message Binta on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/221777654321',
    );
    expect(within(party).getByRole('link', { name: 'E-mail Binta' }).getAttribute('href')).toBe(
      'mailto:binta@example.org',
    );
    // The post and the deal's state.
    expect(screen.getByRole('link', { name: 'Tractor (per day)' }).getAttribute('href')).toBe('/supplierdetails/s1/u1');
    expect(statusWord().textContent).toBe('Confirmed');
    expect(screen.getByRole('link', { name: 'See My Offers' }).getAttribute('href')).toBe('/myoffers');
  });

  it('shows the acceptor "Posted by" and the way back to My Orders', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal({ role: 'acceptor', counterpart: person({ firstName: 'Awa' }) }) }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
    });
    open();
    await screen.findByRole('heading', { name: 'Posted by' });
    expect(screen.getByRole('link', { name: 'See My Orders' }).getAttribute('href')).toBe('/myorders');
  });

  it('says the deal was not found when the API answers 404 (not a party)', async () => {
    routeFetch({});
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This deal was not found. Only its two parties can open it.',
    );
  });

  it('offers the supplier side without contact access the ways to it, and asks the API for no messages', async () => {
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [
        200,
        { data: deal({ contact_access: false, counterpart: person({ email: undefined, mobile_no: undefined }) }) },
      ],
    });
    open(() => <p>{'payment choice'}</p>);
    await screen.findByRole('heading', { name: 'Accepted by' });
    expect(screen.getAllByText("To see Binta's phone and e-mail and write to them, choose one of these:")).toHaveLength(
      2,
    );
    expect(screen.getAllByText('payment choice').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Call Binta' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    await requestsReceived();
    expect(callsTo(fetchMock, 'GET /api/deals/d1/messages')).toHaveLength(0);
  });

  it('tells the client side (the owner of a need) to wait for the supplier, with no payment choice', async () => {
    routeFetch({
      'GET /api/deals/d1': [
        200,
        {
          data: deal({
            role: 'owner',
            contact_access: false,
            solution: solution({
              user_role: 'needSolution',
              user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false },
            }),
            counterpart: person({ email: undefined, mobile_no: undefined }),
          }),
        },
      ],
    });
    open(() => <p>{'payment choice'}</p>);
    await screen.findByRole('heading', { name: 'Accepted by' });
    expect(screen.getAllByText(/as soon as the supplier has a subscription/).length).toBeGreaterThan(0);
    expect(screen.queryByText('payment choice')).toBeNull();
  });
});

describe('a cancelled deal (D-27)', () => {
  it('claims no access and offers no payment for it', async () => {
    routeFetch({
      'GET /api/deals/d1': [
        200,
        {
          data: deal({
            status: 'cancelled',
            contact_access: false,
            counterpart: person({ email: undefined, mobile_no: undefined }),
          }),
        },
      ],
    });
    open(() => <p>{'payment choice'}</p>);
    await screen.findByRole('heading', { name: 'Accepted by' });
    expect(statusWord().textContent).toBe('Cancelled');
    expect(screen.getAllByText('This deal has ended: no new messages.').length).toBeGreaterThan(0);
    expect(screen.queryByText('payment choice')).toBeNull();
    expect(screen.queryByText(/choose one of these/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Call Binta' })).toBeNull();
  });
});

describe('the thread (D-28)', () => {
  it('shows each message as text, never as markup', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [
        200,
        {
          data: [
            message({ text: '<img src=x onerror="alert(1)"> <b>bold</b>' }),
            message({ _id: 'm2', from: 'u1', text: 'Yes, from 8 am.', created_at: '2026-11-20T11:05:00.000Z' }),
          ],
        },
      ],
    });
    open();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('<img src=x onerror="alert(1)"> <b>bold</b>')).toBeInTheDocument();
    expect(log.querySelector('img, b')).toBeNull();
    const items = within(log).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Binta');
    expect(items[1]!.textContent).toContain('You');
    expect(items[1]!.textContent).toContain('Yes, from 8 am.');
    // The time reads as the mailbox writes its notifications: one format everywhere.
    expect(items[1]!.querySelector('time')?.textContent).toBe(formatDateTime('2026-11-20T11:05:00.000Z', 'en-us'));
    expect(items[1]!.querySelector('time')?.textContent).toMatch(/^Nov 20, 2026, /);
  });

  it('sends a message: it joins the thread and the box empties', async () => {
    const sent = message({ _id: 'm9', from: 'u1', text: 'See you Monday', created_at: '2026-11-20T12:00:00.000Z' });
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/messages': [201, { data: sent }],
    });
    open();
    expect(await screen.findByText('No messages yet. Write the first one.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your message to Binta' });
    expect(box.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(box, { target: { value: '  See you Monday ' } });
    expect(screen.getByText('17 / 1000 characters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('See you Monday')).toBeInTheDocument();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(bodyOf(callsTo(fetchMock, 'POST /api/deals/d1/messages')[0])).toEqual({ text: 'See you Monday' });
  });

  it('refuses an empty message and shows the API’s refusals in words', async () => {
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/messages': [429, { code: 'RATE_LIMITED', message: 'Too many requests' }],
    });
    open();
    const box = await screen.findByRole('textbox', { name: 'Your message to Binta' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a message first.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/messages')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('shows the contact-access prompt when the API answers 402 to the thread', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [402, { code: 'CONTACT_ACCESS_REQUIRED', message: 'Contact access required' }],
    });
    open(() => <p>{'payment choice'}</p>);
    const thread = (await screen.findByRole('heading', { name: 'Messages with Binta' })).closest('section')!;
    await within(thread).findByText("To see Binta's phone and e-mail and write to them, choose one of these:");
    expect(within(thread).getByText('payment choice')).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox')).toBeNull();
  });

  it('adds a message from the other party as it arrives on the event stream, without a reload', async () => {
    const live = message({ _id: 'm6', text: 'I am on my way', created_at: '2026-11-20T13:00:00.000Z' });
    let thread = [message()];
    const api = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      // The server's thread; reading it again after the event marks the new message read.
      'GET /api/deals/d1/messages': () => [200, { data: thread }],
      'GET /api/deals/unread': [200, { data: { count: 0 } }],
    });
    const stream = stubEventStream();
    open();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await stream.opened;
    await stream.send('message', message({ _id: 'm5', deal_id: 'other', text: 'For another deal' }));
    thread = [message(), live];
    await stream.send('message', live);
    expect(await within(log).findByText('I am on my way')).toBeInTheDocument();
    expect(within(log).queryByText('For another deal')).toBeNull();
    await waitFor(() => expect(callsTo(api, 'GET /api/deals/d1/messages').length).toBe(2));
    expect(within(log).getByText('I am on my way')).toBeInTheDocument();
  });
});

describe("the header's counts after reading (D-28)", () => {
  it('tells every open tab once the thread was read, and again when a message arriving is read', async () => {
    const live = message({ _id: 'm6', text: 'I am on my way', created_at: '2026-11-20T13:00:00.000Z' });
    let thread = [message()];
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': () => [200, { data: thread }],
      'GET /api/deals/unread': [200, { data: { count: 0 } }],
    });
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel('app-reads');
    otherTab.onmessage = (event) => heard.push(event.data);
    try {
      const stream = stubEventStream();
      open();
      await screen.findByRole('log', { name: 'Messages' });
      await waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(1));
      const before = heard.length;
      await stream.opened;
      thread = [message(), live];
      await stream.send('message', live);
      await screen.findByText('I am on my way');
      // The thread asked again (the server marks the new message read): the other tabs hear it.
      await waitFor(() => expect(heard.length).toBeGreaterThan(before));
    } finally {
      otherTab.close();
    }
  });
});

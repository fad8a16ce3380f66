import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Solution } from '@app/shared';
import en from '../../../locales/en-us.json';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { solution } from '../../../testing/post-fixtures';
import { AvailabilityForm } from './availability-form';

// Awa (u1) rents out her tractor by the day, two at once; she blocked the 24th and 25th.
const tractor = (overrides: Partial<Solution> = {}) =>
  solution({
    user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false },
    unit: 'day',
    capacity: 2,
    blocked: [{ from: '2026-12-24', to: '2026-12-25' }],
    ...overrides,
  });

const AVAILABILITY = 'PUT /api/solution/s1/availability';
const show = (post: Solution) =>
  renderScreen('/supplierdetails/:id/:userId', <AvailabilityForm solution={post} />, '/supplierdetails/s1/u1');
const bodiesOf = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, AVAILABILITY).map(([, init]) => JSON.parse(String(init.body)) as unknown);

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the owner's availability (D-33)", () => {
  it('saves how many can be booked at once', async () => {
    const fetchMock = routeFetch({ [AVAILABILITY]: [200, { data: tractor({ capacity: 3 }) }] });
    show(tractor());
    const capacity = screen.getByRole('spinbutton', { name: 'How many at once' });
    expect(capacity).toHaveValue(2);
    expect(capacity).toHaveAccessibleDescription(en.availability.capacityHint);
    fireEvent.change(capacity, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([{ capacity: 3 }]);
  });

  it('blocks more dates, keeping those already blocked', async () => {
    const fetchMock = routeFetch({ [AVAILABILITY]: [200, { data: tractor() }] });
    show(tractor());
    expect(screen.getByText('2026-12-24 to 2026-12-25')).toBeInTheDocument();
    const block = screen.getByRole('form', { name: 'Block dates' });
    const add = within(block).getByRole('button', { name: 'Block these dates' });
    expect(add).toBeDisabled();
    fireEvent.change(within(block).getByLabelText('Blocked from'), { target: { value: '2026-12-31' } });
    fireEvent.change(within(block).getByLabelText('Blocked until'), { target: { value: '2027-01-02' } });
    fireEvent.click(add);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([
      {
        blocked: [
          { from: '2026-12-24', to: '2026-12-25' },
          { from: '2026-12-31', to: '2027-01-02' },
        ],
      },
    ]);
  });

  it('sends nothing for a last day before the first', async () => {
    const fetchMock = routeFetch({ [AVAILABILITY]: [200, { data: tractor() }] });
    show(tractor());
    const block = screen.getByRole('form', { name: 'Block dates' });
    fireEvent.change(within(block).getByLabelText('Blocked from'), { target: { value: '2026-12-31' } });
    fireEvent.change(within(block).getByLabelText('Blocked until'), { target: { value: '2026-12-30' } });
    fireEvent.click(within(block).getByRole('button', { name: 'Block these dates' }));
    await requestsReceived();
    expect(callsTo(fetchMock, AVAILABILITY)).toHaveLength(0);
  });

  it('unblocks a range', async () => {
    const fetchMock = routeFetch({ [AVAILABILITY]: [200, { data: tractor({ blocked: [] }) }] });
    show(tractor());
    fireEvent.click(screen.getByRole('button', { name: 'Unblock 2026-12-24 to 2026-12-25' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([{ blocked: [] }]);
  });

  it("shows the API's refusal in words", async () => {
    routeFetch({ [AVAILABILITY]: [409, { code: 'NOT_AVAILABLE', message: 'Not available' }] });
    show(tractor());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(en.apiErrors.NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.queryByText('Saved.')).toBeNull();
  });
});

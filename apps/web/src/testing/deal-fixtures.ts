// Deals as the API returns them (API.md "Added in the second round"), for the deal screens' tests.
import type { Deal as DealView, Message as DealMessage, Person } from '@app/shared';
import { solution } from './post-fixtures';

export const person = (overrides: Partial<Person> = {}): Person => ({
  _id: 'u2',
  firstName: 'Binta',
  verified: true,
  vip: false,
  member_since: '2025-03-14',
  completed_deals: 2,
  rating: { average: 4.5, count: 2 },
  email: 'binta@example.org',
  mobile_no: '+221 77 765 43 21',
  ...overrides,
});

/** Awa (u1, the signed-in test user) owns an offer that Binta (u2) accepted. */
export const deal = (overrides: Partial<DealView> = {}): DealView => ({
  _id: 'd1',
  solution: solution({
    _id: 's1',
    user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false },
    status: 'Accepted',
  }),
  role: 'owner',
  counterpart: person(),
  contact_access: true,
  status: 'accepted',
  accepted_at: '2026-11-20T10:00:00.000Z',
  confirmed_at: '2026-11-20T12:00:00.000Z',
  done_by_me: false,
  done_by_other: false,
  disputed: false,
  unread_count: 0,
  ...overrides,
});

export const message = (overrides: Partial<DealMessage> = {}): DealMessage => ({
  _id: 'm1',
  deal_id: 'd1',
  from: 'u2',
  text: 'Hello, is the tractor free on Monday?',
  created_at: '2026-11-20T11:00:00.000Z',
  ...overrides,
});

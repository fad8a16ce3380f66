import { describe, expect, it } from 'vitest';
import { nextSort, sortUsers } from './sort-users';

const users = [
  { _id: '1', email: 'zoe@example.org', mobile_no: '+33612345678' },
  { _id: '2', email: null, mobile_no: '+221771234567' },
  { _id: '3', email: 'Awa@example.org', mobile_no: null },
  { _id: '4', email: 'binta@example.org', mobile_no: '+243812345678' },
];
const ids = (list: { _id: string }[]) => list.map((u) => u._id);

describe('sortUsers', () => {
  it('keeps the server order until a column is chosen', () => {
    expect(ids(sortUsers(users, null))).toEqual(['1', '2', '3', '4']);
  });

  it('sorts by e-mail ignoring case, users without one last', () => {
    expect(ids(sortUsers(users, { key: 'email', direction: 'ascending' }))).toEqual(['3', '4', '1', '2']);
    expect(ids(sortUsers(users, { key: 'email', direction: 'descending' }))).toEqual(['1', '4', '3', '2']);
  });

  it('sorts by mobile number, users without one last', () => {
    expect(ids(sortUsers(users, { key: 'mobile_no', direction: 'ascending' }))).toEqual(['2', '4', '1', '3']);
    expect(ids(sortUsers(users, { key: 'mobile_no', direction: 'descending' }))).toEqual(['1', '4', '2', '3']);
  });

  it('does not change the list it is given', () => {
    sortUsers(users, { key: 'email', direction: 'ascending' });
    expect(ids(users)).toEqual(['1', '2', '3', '4']);
  });
});

describe('nextSort', () => {
  it('starts ascending, flips on the same column, and restarts on another', () => {
    const first = nextSort(null, 'email');
    expect(first).toEqual({ key: 'email', direction: 'ascending' });
    expect(nextSort(first, 'email')).toEqual({ key: 'email', direction: 'descending' });
    expect(nextSort(nextSort(first, 'email'), 'email')).toEqual({ key: 'email', direction: 'ascending' });
    expect(nextSort(first, 'mobile_no')).toEqual({ key: 'mobile_no', direction: 'ascending' });
  });
});

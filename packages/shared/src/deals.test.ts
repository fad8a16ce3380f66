import { describe, expect, it } from 'vitest';
import { nextStatus, supplierSide } from './deals.js';

describe('the deal graph (D-6)', () => {
  it('accepts only an open post, and a rejected order opens it again', () => {
    expect(nextStatus('Pending', 'accept')).toBe('Accepted');
    expect(nextStatus('Accepted', 'accept')).toBeNull();
    expect(nextStatus('Deleted', 'accept')).toBeNull();
    expect(nextStatus('Accepted', 'reject')).toBe('Pending');
    expect(nextStatus('Pending', 'reject')).toBeNull();
  });

  it('lets the owner delete an open or taken post, once', () => {
    expect(nextStatus('Pending', 'delete')).toBe('Deleted');
    expect(nextStatus('Accepted', 'delete')).toBe('Deleted');
    expect(nextStatus('Deleted', 'delete')).toBeNull();
  });

  it('names the supplier side: the owner of an offer, the acceptor of a need (D-13)', () => {
    expect(supplierSide('provideSolution', 'owner', 'acceptor')).toBe('owner');
    expect(supplierSide('needSolution', 'owner', 'acceptor')).toBe('acceptor');
  });
});

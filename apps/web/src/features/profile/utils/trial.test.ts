import { describe, expect, it } from 'vitest';
import { trialDaysLeft } from './trial';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const DAY = 86_400_000;
const trial = (endInDays: number, overrides = {}) => ({
  subscription_type: '90 days trail',
  subscription_flag: true,
  trail_complete: false,
  subscription_start_date: new Date(NOW - DAY).toISOString(),
  subscription_end_date: new Date(NOW + endInDays * DAY).toISOString(),
  ...overrides,
});

describe('trialDaysLeft', () => {
  it('counts whole days from now to the end of the trial (D-16)', () => {
    expect(trialDaysLeft(trial(89), NOW)).toBe(89);
    expect(trialDaysLeft(trial(89.9), NOW)).toBe(89);
    expect(trialDaysLeft(trial(0.5), NOW)).toBe(0);
  });

  it('shrinks as time passes, unlike SPEC’s end minus start minus one', () => {
    expect(trialDaysLeft(trial(30), NOW + 10 * DAY)).toBe(20);
  });

  it('never goes below zero', () => {
    expect(trialDaysLeft(trial(-3), NOW)).toBe(0);
  });

  it('accepts "trial" as well as SPEC’s "trail"', () => {
    expect(trialDaysLeft(trial(5, { subscription_type: 'free trial' }), NOW)).toBe(5);
  });

  it('is null for a paid subscription, an ended trial flag, or no subscription', () => {
    expect(trialDaysLeft(trial(5, { subscription_type: 'yearly' }), NOW)).toBeNull();
    expect(trialDaysLeft(trial(5, { subscription_flag: false }), NOW)).toBeNull();
    expect(trialDaysLeft(trial(5, { subscription_end_date: null }), NOW)).toBeNull();
    expect(trialDaysLeft(undefined, NOW)).toBeNull();
  });
});

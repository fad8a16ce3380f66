import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('the Intl formatters', () => {
  it('are built once per locale and options, and format as Intl does', () => {
    const date = new Date(Date.UTC(2026, 10, 26, 12, 0));
    const long = dateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' })).toBe(long);
    expect(long.format(date)).toBe(
      new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(date),
    );
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(long);
    expect(dateTimeFormat('fr-CA', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(long);
    expect(numberFormat('en-US', { notation: 'compact' }).format(1200)).toBe('1.2K');
    expect(numberFormat('en-US', { notation: 'compact' })).toBe(numberFormat('en-US', { notation: 'compact' }));
    expect(relativeTimeFormat('en-US', { numeric: 'always' }).format(-2, 'hour')).toBe('2 hours ago');
  });
});

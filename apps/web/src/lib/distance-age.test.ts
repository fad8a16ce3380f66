import { describe, expect, it } from 'vitest';
import { formatAge, formatDistance } from './distance-age';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const norm = (text: string) => text.replace(/\s/g, ' ');

describe('distance and age on a card', () => {
  it('says "2.3 km" in English and "2,3 km" in French, whole kilometres from 10 km', () => {
    expect(formatDistance(2.3, 'en-us')).toBe('2.3 km');
    expect(norm(formatDistance(2.3, 'fr-ca'))).toBe('2,3 km');
    expect(formatDistance(0, 'en-us')).toBe('0 km');
    expect(formatDistance(140.4, 'en-us')).toBe('140 km');
    expect(formatDistance(1234.6, 'en-us')).toBe('1,235 km');
  });

  it('says how long ago a post was made, in the largest whole unit', () => {
    expect(formatAge(ago(2 * 3600_000 + 5 * 60_000), 'en-us', now)).toBe('2 hours ago');
    expect(formatAge(ago(2 * 3600_000), 'fr-ca', now)).toBe('il y a 2 heures');
    expect(formatAge(ago(10_000), 'en-us', now)).toBe('1 minute ago');
    expect(formatAge(ago(59 * 60_000), 'en-us', now)).toBe('59 minutes ago');
    expect(formatAge(ago(3 * 86400_000), 'en-us', now)).toBe('3 days ago');
    expect(formatAge(ago(70 * 86400_000), 'en-us', now)).toBe('2 months ago');
    expect(formatAge(ago(800 * 86400_000), 'en-us', now)).toBe('2 years ago');
    // A clock a little ahead of the server's never says "in 1 minute".
    expect(formatAge(new Date(now.getTime() + 30_000).toISOString(), 'en-us', now)).toBe('1 minute ago');
  });
});

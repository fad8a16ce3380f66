import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

// 28 November 2026, 11:19 in the machine's own time zone, as the user's phone would show it.
const at = new Date(2026, 10, 28, 11, 19);

describe('formatDateTime', () => {
  it('writes a moment as French Canada does, the same for messages and notifications', () => {
    expect(formatDateTime(at, 'fr-ca')).toBe('28 nov. 2026, 11 h 19');
    expect(formatDateTime(at.toISOString(), 'fr-ca')).toBe('28 nov. 2026, 11 h 19');
    expect(formatDateTime(at, 'fr-ca')).not.toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('writes it as American English does', () => {
    expect(formatDateTime(at, 'en-us')).toMatch(/^Nov 28, 2026, 11:19\sAM$/);
  });
});

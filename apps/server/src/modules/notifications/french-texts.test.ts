// French as written in Canada in what the server sends (notifications, SMS, e-mails): a space
// before ":", "?" and "!", and "de" elided before a name that starts with a vowel (D-24: each user
// reads them in their language).
import { describe, expect, it } from 'vitest';
import { frenchSpacingProblems, type Bilingual } from '@app/shared';
import { emailCodeMessage } from '../users/email-texts.js';
import { codeSmsText } from '../users/verification.js';
import * as messages from './messages.js';

const sub: Bilingual = { en: 'Tractor', fr: 'Tracteur' };

/** Every text each notice can produce, its arguments filled with a name, a post and a reason. */
function frenchNotices(): [string, string][] {
  const texts: [string, string][] = [];
  for (const [group, notices] of Object.entries(messages)) {
    for (const [name, make] of Object.entries(notices as Record<string, (...args: unknown[]) => Bilingual>)) {
      const args = Array.from({ length: make.length }, (_, i) => (i === 0 ? 'Awa' : i === 1 ? sub : 'trop loin'));
      // Notices whose first argument is the post (no person), and the settle outcome.
      const variants = [args, [sub, 'completed'], [sub, 'cancelled'], [sub, '2026-12-01']];
      for (const variant of variants) {
        try {
          const text = make(...variant).fr;
          if (typeof text === 'string' && !text.includes('[object')) texts.push([`${group}.${name}`, text]);
        } catch {
          // A variant that does not fit this notice's arguments.
        }
      }
    }
  }
  return texts;
}

describe("the server's French texts", () => {
  it('put a space before every ":", "?" and "!" in notifications, the code SMS and the code e-mail', () => {
    const texts: [string, string][] = [
      ...frenchNotices(),
      ['sms.code', codeSmsText('fr', '123456')],
      ['email.code.subject', emailCodeMessage('fr', 'Awa', '123456').subject],
      ['email.code.text', emailCodeMessage('fr', 'Awa', '123456').text],
    ];
    expect(texts.length).toBeGreaterThan(20);
    const wrong = texts.flatMap(([key, text]) => frenchSpacingProblems(text).map((at) => `${key}: ${at}`));
    expect(wrong).toEqual([]);
    // Every declined request's reason reads "Motif : …", with the space.
    expect(messages.requestNotices.declined('Awa', sub, 'trop loin').fr).toContain('Motif\u00a0: trop loin');
  });

  it('elide "de" before a name: "le courriel d\'Awa", "le courriel de Moussa"', () => {
    expect(messages.paymentNotices.paid('Awa', sub).fr).toContain("le courriel d'Awa.");
    expect(messages.paymentNotices.paid('Moussa', sub).fr).toContain('le courriel de Moussa.');
    for (const [, text] of frenchNotices()) expect(text).not.toMatch(/\bde Awa\b/);
  });
});

// Proving the e-mail, the way D-10 proves a number. 6 digits from a secure
// random source, sent to the account's own address, stored hashed with that address, valid 10
// minutes, at most 5 wrong tries, at most 3 sends per account per 15 minutes.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.js';
import { AppError } from '../../lib/app-error.js';
import { emailCodeMessage } from './email-texts.js';
import type { EmailCodesRepository } from './repository.js';
import { CODE_TTL_MS, MAX_SENDS, MAX_WRONG_TRIES, SEND_WINDOW_MS } from './verification.js';

const codeHash = (userId: string, email: string, code: string) =>
  createHash('sha256').update(`email:${userId}:${email}:${code}`).digest('hex');

export interface EmailOwner {
  id: string;
  email: string;
  firstName: string;
  language: 'en' | 'fr';
}

export function emailVerificationService(codes: EmailCodesRepository, mail: MailAdapter, now: () => Date) {
  return {
    async send(user: EmailOwner): Promise<void> {
      const at = now();
      if ((await codes.sendsSince(user.id, new Date(at.getTime() - SEND_WINDOW_MS))) >= MAX_SENDS) {
        throw new AppError('RATE_LIMITED', undefined, undefined, SEND_WINDOW_MS / 1000);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await codes.insert({
        userId: user.id,
        email: user.email,
        codeHash: codeHash(user.id, user.email, code),
        expiresAt: new Date(at.getTime() + CODE_TTL_MS),
      });
      try {
        await mail.send({ to: user.email, ...emailCodeMessage(user.language, user.firstName, code) });
      } catch {
        // Nothing reached the mailbox: the send does not count against the account.
        await codes.remove(id);
        throw new AppError('SERVICE_UNAVAILABLE', 'The e-mail could not be sent, try again shortly');
      }
    },

    /** Resolves when `code` is the open code sent to this address; throws CODE_INVALID or CODE_LOCKED. */
    async check(userId: string, email: string, code: string): Promise<void> {
      const at = now();
      const open = await codes.latestOpen(userId, email, at);
      if (!open) throw new AppError('CODE_INVALID');
      if (open.attempts >= MAX_WRONG_TRIES) throw new AppError('CODE_LOCKED');
      const expected = Buffer.from(open.codeHash, 'hex');
      const given = Buffer.from(codeHash(userId, email, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const tries = await codes.countWrongTry(open.id, MAX_WRONG_TRIES);
        if (tries === null || tries >= MAX_WRONG_TRIES) throw new AppError('CODE_LOCKED');
        throw new AppError('CODE_INVALID');
      }
      if (!(await codes.consume(open.id, MAX_WRONG_TRIES, at))) throw new AppError('CODE_INVALID');
    },
  };
}
export type EmailVerificationService = ReturnType<typeof emailVerificationService>;

// D-10: SMS codes. 6 digits from a secure random source, stored hashed, valid 10 minutes, at most
// 5 wrong tries, at most 3 sends per number per 15 minutes. A right code yields a single-use
// verification token that proves only that number, for only that purpose.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PRODUCT_NAME } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import type { SmsAdapter } from '../../adapters/sms/sms-adapter.js';
import type { CodePurpose, CodesRepository } from './repository.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
export const MAX_SENDS = 3;
export const SEND_WINDOW_MS = 15 * 60 * 1000;
export const TOKEN_TTL_MS = 15 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHash = (mobile: string, purpose: CodePurpose, code: string) => sha256(`${purpose}:${mobile}:${code}`);

/** Uses a verification token once, for the number and purpose it proves (social completion too). */
export const useVerificationToken = (
  codes: Pick<CodesRepository, 'useToken'>,
  mobile: string,
  purpose: CodePurpose,
  token: string,
  at: Date,
): Promise<boolean> => codes.useToken(mobile, purpose, sha256(token), at);

/** The code's SMS in one language, named as the product is in it (D-24: never both at once). */
export const codeSmsText = (language: 'en' | 'fr', code: string): string =>
  language === 'fr'
    ? `${PRODUCT_NAME.fr}\u00a0: ${code} est votre code. Il expire dans 10 minutes.`
    : `${PRODUCT_NAME.en}: ${code} is your code. It expires in 10 minutes.`;

export function verificationService(codes: CodesRepository, sms: SmsAdapter, now: () => Date) {
  return {
    async send(mobile: string, purpose: CodePurpose, language: 'en' | 'fr'): Promise<void> {
      const at = now();
      if ((await codes.sendsSince(mobile, new Date(at.getTime() - SEND_WINDOW_MS))) >= MAX_SENDS) {
        throw new AppError('RATE_LIMITED', undefined, undefined, SEND_WINDOW_MS / 1000);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await codes.insert({
        mobileNo: mobile,
        purpose,
        codeHash: codeHash(mobile, purpose, code),
        expiresAt: new Date(at.getTime() + CODE_TTL_MS),
      });
      try {
        await sms.send({
          to: mobile,
          text: codeSmsText(language, code),
        });
      } catch {
        // Nothing reached the phone: the send does not count against the number.
        await codes.remove(id);
        throw new AppError('SERVICE_UNAVAILABLE', 'The SMS could not be sent, try again shortly');
      }
    },

    async check(mobile: string, purpose: CodePurpose, code: string): Promise<string> {
      const at = now();
      const open = await codes.latestOpen(mobile, purpose, at);
      if (!open) throw new AppError('CODE_INVALID');
      if (open.attempts >= MAX_WRONG_TRIES) throw new AppError('CODE_LOCKED');
      const expected = Buffer.from(open.codeHash, 'hex');
      const given = Buffer.from(codeHash(mobile, purpose, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const tries = await codes.countWrongTry(open.id, MAX_WRONG_TRIES);
        if (tries === null || tries >= MAX_WRONG_TRIES) throw new AppError('CODE_LOCKED');
        throw new AppError('CODE_INVALID');
      }
      const token = randomBytes(32).toString('base64url');
      const consumed = await codes.consume(
        open.id,
        MAX_WRONG_TRIES,
        sha256(token),
        new Date(at.getTime() + TOKEN_TTL_MS),
        at,
      );
      if (!consumed) throw new AppError('CODE_INVALID');
      return token;
    },

    /** True once per token, for the number and purpose it proves. */
    useToken: (mobile: string, purpose: CodePurpose, token: string) =>
      useVerificationToken(codes, mobile, purpose, token, now()),
  };
}
export type VerificationService = ReturnType<typeof verificationService>;

import { ERRORS, type ErrorCode } from '@app/shared';

/** An error a client should see: one of API.md's codes, its status and an English message. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].message,
    readonly fields?: Record<string, string>,
    /** Sent as `Retry-After` (seconds) with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = ERRORS[code].status;
  }
}

// API.md's error codes with their HTTP status and English message. The web app maps each
// code to its own translated text (STYLE 7).
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid input' },
  CODE_INVALID: { status: 400, message: 'Invalid code' },
  TOO_MANY_IMAGES: { status: 400, message: 'Only 4 images can be uploaded at a time' },
  AUTH_FAILED: { status: 401, message: 'Authentication failed' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid credentials' },
  INVALID_NUMBER_OR_EMAIL: { status: 401, message: 'Invalid number or Email' },
  CONTACT_ACCESS_REQUIRED: { status: 402, message: 'Contact access required' },
  PAYMENT_DECLINED: { status: 402, message: 'The payment was declined' },
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  // D-29: an admin blocked this account; it cannot sign in.
  ACCOUNT_BLOCKED: { status: 403, message: 'This account has been blocked' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  USER_EXISTS: { status: 409, message: 'User already exist' },
  TRIAL_USED: { status: 409, message: 'Free trial already used' },
  NOT_AVAILABLE: { status: 409, message: 'This solution is not available' },
  /** D-29: each party rates the other once per deal. */
  ALREADY_REVIEWED: { status: 409, message: 'You already rated this deal' },
  /** D-36: at most 20 alerts per user. */
  LIMIT_REACHED: { status: 409, message: 'Limit reached' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Payload too large' },
  UNSUPPORTED_MEDIA: { status: 415, message: 'Unsupported media type' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, try again later' },
  CODE_LOCKED: { status: 429, message: 'Too many wrong codes, ask for a new one' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable, try again shortly' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

// Which failures mean "the database is unreachable or the connection died" rather than a bug:
// those answer 503 SERVICE_UNAVAILABLE (a client retries shortly) instead of 500. The pool
// drops broken connections by itself, so the next requests succeed once the server is back.

/** SQLSTATE classes and codes of a lost or refused connection (PostgreSQL appendix A). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/; // 08: connection exception; 57P01-03: shutdown; 53300: too many connections

/** System errors of a socket that could not connect or was cut. */
const UNAVAILABLE_SYSCALL = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool say these in plain words, without a code. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|PGlite is clos(ed|ing)/i;

/**
 * True when `error`, or an error it wraps (drizzle ≥ 0.44 wraps driver errors in a
 * DrizzleQueryError whose `cause` is the driver's error), says the database cannot be reached.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = current.cause;
  }
  return false;
}

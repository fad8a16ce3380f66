// D-16: the server's clock. Subscriptions, trials and expiries are judged against it so tests and
// the browser harness can move time through the app instance (`app.clock.advance`), never with a
// real wait. It is never settable over HTTP.
export interface Clock {
  now(): Date;
  /** Moves the clock forward (or back, with a negative amount) by `ms`. */
  advance(ms: number): void;
}

export function createClock(env: 'development' | 'production' | 'test' = 'development'): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      // A production server keeps real time whatever code asks.
      if (env === 'production') throw new Error('the clock cannot be moved in production');
      offset += ms;
    },
  };
}

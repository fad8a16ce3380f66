// D-16: `app.clock`, the one clock every judgement of subscriptions, trials and expiries uses.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createClock, type Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const clockPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  app.decorate('clock', createClock(config.env));
});

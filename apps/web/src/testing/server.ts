// The mock server of the web tests (MSW): it answers the app's real fetch() calls, relative URLs
// included (resolved against jsdom's page, http://localhost:3000). setup.ts starts it for every
// test file and drops each test's handlers after the test; a request no handler answers fails.
import './named-files';
import { setupServer } from 'msw/node';

export const server = setupServer();

/**
 * Waits until the requests sent so far have reached their handlers: MSW takes a request a few
 * microtasks after fetch(), not within it, so a test that checks what was (or was not) sent right
 * after a synchronous step waits for this first.
 */
export const requestsReceived = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

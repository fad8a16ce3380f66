// Setup of the web test project: jest-dom's matchers (toBeInTheDocument, toHaveAttribute, ...)
// on Vitest's expect, so an assertion says what it checks; and the mock server (./server), which
// answers the network: each test adds its handlers (routeFetch, server.use), reset after it.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

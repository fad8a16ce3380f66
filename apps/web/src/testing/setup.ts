// Setup of the web test project: jest-dom's matchers (toBeInTheDocument, toHaveAttribute, ...)
// on Vitest's expect, so an assertion says what it checks; and the mock server (./server), which
// answers the network: each test adds its handlers (routeFetch, server.use), reset after it.
import '@testing-library/jest-dom/vitest';
import '../lib/effects-before-input';
import { fireEvent } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // What a page heard of the position (lib/position.ts) is a new page's in the next test.
  if (typeof window !== 'undefined') Reflect.deleteProperty(window, 'pagePosition');
});
afterAll(() => server.close());

// A browser fires `input` as a text field's value changes, then `change` when it is committed.
// Testing Library's fireEvent.change fires only the second; React's onChange heard it, but the
// app runs on Preact (@preact/preset-vite), whose onChange on a text field listens to `input`, as
// the browser's own. So a change to a text field fires both, in the browser's order.
const fireChange = fireEvent.change;
const isTextField = (node: unknown) =>
  node instanceof HTMLTextAreaElement ||
  (node instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(node.type));
fireEvent.change = (node, init) => {
  if (!isTextField(node)) return fireChange(node, init);
  const input = fireEvent.input(node, init);
  return fireChange(node) && input;
};

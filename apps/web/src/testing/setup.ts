// Setup of the web test project: jest-dom's matchers (toBeInTheDocument, toHaveAttribute, ...)
// on Vitest's expect, so an assertion says what it checks.
import '@testing-library/jest-dom/vitest';

// The query keys of the alert calls, in one factory.
export const alertKeys = {
  /** D-36: the user's alerts. */
  all: ['alerts'] as const,
};

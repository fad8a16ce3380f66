// The query keys of the sign-in calls, in one factory.
export const authKeys = {
  /** Which sign-in providers the server has switched on. */
  providers: () => ['auth-providers'] as const,
};

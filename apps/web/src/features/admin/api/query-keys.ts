// The query keys of the admin's calls, in one factory.
const ALL = ['admin'] as const;

export const adminKeys = {
  all: ALL,
  /** D-11: every user, with the verified and VIP flags. */
  users: () => [...ALL, 'users'] as const,
  /** D-29: the reports, open first. */
  reports: () => [...ALL, 'reports'] as const,
  /** D-34: the deals frozen by a dispute. */
  disputedDeals: () => [...ALL, 'deals', 'disputed'] as const,
};

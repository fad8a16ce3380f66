// The records' fixed words: post roles, post statuses, account types. Plain lists, without zod,
// so that a screen which only names them (a list's filter, a card) does not download zod.
export const USER_ROLES = ['needSolution', 'provideSolution'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SOLUTION_STATUSES = ['Pending', 'Accepted', 'Deleted'] as const;
export type SolutionStatus = (typeof SOLUTION_STATUSES)[number];

export const ACCOUNT_TYPES = ['withOutID', 'withID', 'withGorFB'] as const;

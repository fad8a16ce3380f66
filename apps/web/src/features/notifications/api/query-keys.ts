// The query keys of the mailbox, in one factory.
export const notificationKeys = {
  /** One user's notifications, newest first. */
  list: (userId: string) => ['notifications', userId] as const,
};

// The query keys of the deal calls, in one factory.
import { getCurrency, getLanguage } from '../../../lib/settings';

// The display options' part of a key, written here rather than taken from lib/post-keys: the
// header's unread badge reads this file and stays light.
const displayKey = () => [getCurrency(), getLanguage()] as const;

const ALL = ['deals'] as const;

export const dealKeys = {
  /** Every deal query: what a change to a deal invalidates. */
  all: ALL,
  /** The own deals, whatever the display options. */
  lists: () => [...ALL, 'list'] as const,
  list: () => [...dealKeys.lists(), ...displayKey()] as const,
  one: (dealId: string) => [...ALL, 'one', dealId, ...displayKey()] as const,
  /** The header's count of unread messages. */
  unread: () => [...ALL, 'unread'] as const,
  /** D-32: the requests on one of the caller's posts. */
  requests: (solutionId: string) => [...ALL, 'requests', solutionId, ...displayKey()] as const,
  /** D-28: a deal's thread. */
  messages: (dealId: string) => [...ALL, 'messages', dealId] as const,
};

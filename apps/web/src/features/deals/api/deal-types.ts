// API.md "Added in the second round": Person, Deal (as a party sees it) and Message, from the
// shared schemas, under the names the deal screens use (DealView: the issue-5 accept result keeps
// its own AcceptedDeal).
export type { Deal as DealView, DealStatus, Message as DealMessage, Person } from '@app/shared';

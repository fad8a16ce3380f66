// My Offers (features/posts) with each accepted post's link to its deal (features/deals, D-27).
import { useDealLinks, useDealStatusWords } from '../features/deals/components/deal-link';
import { MyOffersPage } from '../features/posts/components/my-offers-page';

export function MyOffersScreen({ title }: { title: string }) {
  const dealLink = useDealLinks();
  const dealStatus = useDealStatusWords();
  return <MyOffersPage title={title} dealLink={dealLink} dealStatus={dealStatus} />;
}

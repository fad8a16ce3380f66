// My Offers (features/posts) with each accepted post's link to its deal (features/deals, D-27).
import { useDealLinks } from '../features/deals/components/deal-link';
import { MyOffersPage } from '../features/posts/components/my-offers-page';

export function MyOffersScreen({ title }: { title: string }) {
  const dealLink = useDealLinks();
  return <MyOffersPage title={title} dealLink={dealLink} />;
}

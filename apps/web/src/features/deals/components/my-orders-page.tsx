// SPEC 2.3 item 12: My Orders, the posts the user accepted, each with its deal (D-27); deleting
// one rejects the order (D-6).
import { OwnPostsPage } from '../../../components/own-posts-page';
import { useMyOrders } from '../api/get-my-orders';
import { useRejectOrder } from '../api/reject-order';
import { useDealLinks } from './deal-link';

export function MyOrdersPage({ title }: { title: string }) {
  const list = useMyOrders();
  const dealLink = useDealLinks();
  const reject = useRejectOrder();
  return <OwnPostsPage title={title} kind="orders" list={list} action={reject} dealLink={dealLink} />;
}

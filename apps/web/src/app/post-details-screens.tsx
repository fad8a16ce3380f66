// Where posts meet deals (features never import each other): a post's page shows its owner the
// requests on it, to confirm or decline (D-32).
import { RequestsPanel } from '../features/deals/components/requests-panel';
import { ClientsDetailsPage, SupplierDetailsPage } from '../features/posts/components/post-details-page';

export function ClientsDetailsScreen({ title }: { title: string }) {
  return <ClientsDetailsPage title={title} ownerPanel={(solution) => <RequestsPanel solution={solution} />} />;
}

export function SupplierDetailsScreen({ title }: { title: string }) {
  return <SupplierDetailsPage title={title} ownerPanel={(solution) => <RequestsPanel solution={solution} />} />;
}

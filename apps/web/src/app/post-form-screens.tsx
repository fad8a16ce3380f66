// Where publishing meets alerts (features never import each other): after publishing a need, the
// share dialog offers an alert for the offers that match it near it, and the reverse (D-36).
import { AlertOffer } from '../features/alerts/components/alert-offer';
import { NeedSolutionFormPage, ProvideSolutionFormPage } from '../features/posts/components/post-form-page';

export function NeedFormScreen({ title }: { title: string }) {
  return <NeedSolutionFormPage title={title} afterPublish={(solution) => <AlertOffer solution={solution} />} />;
}

export function ProvideFormScreen({ title }: { title: string }) {
  return <ProvideSolutionFormPage title={title} afterPublish={(solution) => <AlertOffer solution={solution} />} />;
}

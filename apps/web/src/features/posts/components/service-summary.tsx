// The service of a deal by the post's id, for the paid confirmation (SPEC 2.3 item 10): the
// service in the chosen language, pickup and delivery (delivery only for the categories that have
// it). The contacts come with the payment's answer, so they are not repeated here.
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { usePostDetails } from '../../../lib/get-post-details';
import { PostFacts } from '../../../components/post-facts';
import '../../../components/post-views.css';

export function ServiceSummary({ solutionId }: { solutionId: string }) {
  const { t } = useTranslation();
  const query = usePostDetails(solutionId);
  return (
    <section className="card deal-summary" aria-labelledby="deal-service-title">
      <h2 id="deal-service-title" className="deal-subtitle">
        {t('deals.service')}
      </h2>
      {query.data ? (
        <PostFacts solution={query.data} price="own" service />
      ) : query.isError ? (
        <p role="alert">{errorText(t, query.error)}</p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}

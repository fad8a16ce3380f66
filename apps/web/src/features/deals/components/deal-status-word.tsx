// D-32, D-34: the deal's state in words, everywhere a deal shows. A confirmed deal frozen by a
// dispute says so; a completed deal is never shown as "Accepted".
import { useTranslation } from 'react-i18next';
import type { DealView } from '../api/deal-types';
import '../deal-page.css';

export function DealStatusWord({ deal }: { deal: Pick<DealView, 'status' | 'disputed'> }) {
  const { t } = useTranslation();
  const key = deal.status === 'accepted' && deal.disputed ? 'disputed' : deal.status;
  return <span className={`deal-state deal-state-${key}`}>{t(`dealStatus.${key}`)}</span>;
}

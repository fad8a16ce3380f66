import { useTranslation } from 'react-i18next';
import type { SolutionStatus } from '@app/shared';

/** SPEC 2.3 item 11: 'Pending' in red, any other status in green. */
export function StatusText({ status }: { status: SolutionStatus }) {
  const { t } = useTranslation();
  return (
    <span className={status === 'Pending' ? 'deal-status deal-status-pending' : 'deal-status deal-status-done'}>
      {t(`details.status.${status}`)}
    </span>
  );
}

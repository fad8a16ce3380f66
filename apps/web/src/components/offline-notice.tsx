import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';

export function OfflineNotice() {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <p className="offline-notice" role="status">
      <WifiOff aria-hidden="true" size={18} />
      <span>{t('app.offline')}</span>
    </p>
  );
}

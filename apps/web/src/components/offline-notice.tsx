import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';
import { ageText, useSavedAt } from '../lib/saved-age';

// The banner says only what is true. Screens opened before show their saved answers
// (lib/query-persistence.ts), with their age; what the user posts, accepts or sends waits in the
// outbox (lib/outbox.ts) until the signal returns.
const savedText = (t: TFunction, age: string | null) =>
  age ? t('offline.savedAgo', { age }) : t('offline.savedJustNow');

export function OfflineNotice() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const savedAt = useSavedAt();
  // The age reads the clock once a minute, not on every render.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  if (online) return null;
  return (
    <p className="offline-notice" role="status">
      <WifiOff aria-hidden="true" size={18} />
      <span>
        {t('app.offline')}
        {savedAt !== null ? (
          <>
            {' '}
            <span data-testid="saved-age">{savedText(t, ageText(savedAt, Math.max(now, savedAt), i18n.language))}</span>
          </>
        ) : null}
      </span>
    </p>
  );
}

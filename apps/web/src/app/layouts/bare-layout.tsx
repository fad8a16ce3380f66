// Pages without the side menu (sign-in and sign-up screens; Privacy Policy for visitors).
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OfflineNotice } from '../../components/offline-notice';
import { Spinner } from '../../components/spinner';
import { LanguageSwitch } from '../../features/settings/components/language-switch';

export function BareLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="bare">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className="bare-header">
        <Link to="/" className="brand">
          <img src="/icon.svg" alt="" width="28" height="28" />
          <span>{t('app.name')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className="bare-main" tabIndex={-1}>
        <OfflineNotice />
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </main>
    </div>
  );
}

import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedIn } from '../lib/session';
import { Page } from './page';

/** A screen a later release builds: its title and a short notice, never a blank page. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  const signedIn = isSignedIn();
  return (
    <Page title={title}>
      <div className="card coming-soon">
        <Hourglass aria-hidden="true" size={40} className="coming-soon-icon" />
        <p>{t('app.comingSoon')}</p>
        <Link className="button button-secondary" to={signedIn ? '/dashboard' : '/'}>
          {signedIn ? t('app.backToDashboard') : t('app.backHome')}
        </Link>
      </div>
    </Page>
  );
}

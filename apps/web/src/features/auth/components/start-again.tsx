import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthPage } from './auth-page';

/** /verifycode or /resetpassword opened without the earlier steps (a new tab, an old link). */
export function StartAgain({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <AuthPage title={title}>
      <div className="card">
        <p>{t('forgot.noNumber')}</p>
        <Link className="button button-primary" to="/forgetpassword">
          {t('forgot.start')}
        </Link>
      </div>
    </AuthPage>
  );
}

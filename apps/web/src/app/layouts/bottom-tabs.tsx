import { CircleUser, House, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** SPEC 2.2: the mobile bottom tab, Home and Profile (Login for a visitor). */
export function BottomTabs({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom-tabs" aria-label={t('app.bottomTabs')}>
      <NavLink to={signedIn ? '/dashboard' : '/'} end>
        <House aria-hidden="true" size={22} />
        <span>{t('app.home')}</span>
      </NavLink>
      {signedIn ? (
        <NavLink to="/profile">
          <CircleUser aria-hidden="true" size={22} />
          <span>{t('app.profile')}</span>
        </NavLink>
      ) : (
        <NavLink to="/login">
          <LogIn aria-hidden="true" size={22} />
          <span>{t('app.login')}</span>
        </NavLink>
      )}
    </nav>
  );
}

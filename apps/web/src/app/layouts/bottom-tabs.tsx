import { CirclePlus, House, List, LogIn, Map as MapIcon, PackageCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { DisclosureMenu } from '../../components/disclosure-menu';
import './bottom-tabs.css';

/**
 * SPEC 2.2: the mobile bottom tab, Home and Login for a visitor. A signed-in user gets
 * Map, List, Post and Orders, the four things a phone user comes for.
 */
export function BottomTabs({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  if (!signedIn)
    return (
      <nav className="bottom-tabs" aria-label={t('app.bottomTabs')}>
        <NavLink to="/" end>
          <House aria-hidden="true" size={22} />
          <span>{t('app.home')}</span>
        </NavLink>
        <NavLink to="/login">
          <LogIn aria-hidden="true" size={22} />
          <span>{t('app.login')}</span>
        </NavLink>
      </nav>
    );
  return (
    <nav className="bottom-tabs" aria-label={t('app.bottomTabs')}>
      <NavLink to="/dashboard" end>
        <MapIcon aria-hidden="true" size={22} />
        <span>{t('tabs.map')}</span>
      </NavLink>
      <NavLink to="/suppliers">
        <List aria-hidden="true" size={22} />
        <span>{t('tabs.list')}</span>
      </NavLink>
      {/* A post is a need or an offer: the tab asks which, then opens that form. */}
      <DisclosureMenu
        className="bottom-tab-post"
        label={t('tabs.post')}
        button={
          <>
            <CirclePlus aria-hidden="true" size={22} />
            <span aria-hidden="true">{t('tabs.post')}</span>
          </>
        }
      >
        {(close) => (
          <ul className="dropdown-list">
            <li>
              <Link to="/needsolutionForm" onClick={close}>
                {t('tabs.postNeed')}
              </Link>
            </li>
            <li>
              <Link to="/providesolutionForm" onClick={close}>
                {t('tabs.postOffer')}
              </Link>
            </li>
          </ul>
        )}
      </DisclosureMenu>
      <NavLink to="/myorders">
        <PackageCheck aria-hidden="true" size={22} />
        <span>{t('tabs.orders')}</span>
      </NavLink>
    </nav>
  );
}

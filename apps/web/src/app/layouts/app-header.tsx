import { CircleUser, LogOut, Menu, PanelLeftClose, PanelLeftOpen, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DisclosureMenu } from '../../components/disclosure-menu';
import { DealsInbox } from '../../features/deals/components/deals-inbox';
import { Mailbox } from '../../features/notifications/components/mailbox';
import { LanguageSwitch } from '../../features/settings/components/language-switch';
import { logout } from '../logout';

interface HeaderProps {
  title: string;
  signedIn: boolean;
  narrow: boolean;
  drawerOpen: boolean;
  collapsed: boolean;
  onToggleMenu: () => void;
}

export function AppHeader({ title, signedIn, narrow, drawerOpen, collapsed, onToggleMenu }: HeaderProps) {
  const { t } = useTranslation();
  const menuLabel = narrow
    ? t(drawerOpen ? 'app.closeMenu' : 'app.openMenu')
    : t(collapsed ? 'app.expandMenu' : 'app.collapseMenu');
  const MenuIcon = narrow ? Menu : collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button"
        aria-label={menuLabel}
        aria-controls="side-menu"
        aria-expanded={narrow ? drawerOpen : !collapsed}
        onClick={onToggleMenu}
      >
        <MenuIcon aria-hidden="true" size={22} />
      </button>
      <Link to={signedIn ? '/dashboard' : '/'} className="brand">
        <img src="/icon.svg" alt="" width="28" height="28" />
        <span className={narrow ? 'visually-hidden' : undefined}>{t('app.name')}</span>
      </Link>
      <span className="header-title" aria-hidden="true">
        {title}
      </span>
      <div className="header-actions">
        {signedIn ? (
          <>
            <Link to="/myorders" className="icon-button" aria-label={t('app.cart')}>
              <ShoppingCart aria-hidden="true" size={22} />
            </Link>
            <DealsInbox />
            <Mailbox />
            <DisclosureMenu label={t('app.userMenu')} button={<CircleUser aria-hidden="true" size={24} />}>
              {(close) => (
                <ul className="dropdown-list">
                  <li>
                    <Link to="/profile" onClick={close}>
                      <CircleUser aria-hidden="true" size={18} />
                      {t('app.viewProfile')}
                    </Link>
                  </li>
                  <li>
                    <button type="button" onClick={() => void logout()}>
                      <LogOut aria-hidden="true" size={18} />
                      {t('app.logout')}
                    </button>
                  </li>
                </ul>
              )}
            </DisclosureMenu>
          </>
        ) : (
          <>
            <LanguageSwitch />
            <Link to="/login" className="button button-primary button-small">
              {t('app.login')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}

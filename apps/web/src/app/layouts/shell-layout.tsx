// The page chrome of SPEC 2.2: header, side menu (a drawer below 500 px, a collapsible side
// bar above), the mobile bottom tab, and the content.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OfflineNotice } from '../../components/offline-notice';
import { Spinner } from '../../components/spinner';
import { safeGet } from '../../lib/settings';
import { shareApp } from '../../lib/share';
import { useIsNarrow } from '../../lib/use-media-query';
import { logout } from '../logout';

import { AppHeader } from './app-header';
import { BottomTabs } from './bottom-tabs';
import { SideMenu } from './side-menu';

// The outbox (and its IndexedDB code) loads after the first paint, not in the entry.
const OutboxPanel = lazy(() => import('../../components/outbox-panel').then((m) => ({ default: m.OutboxPanel })));

export function ShellLayout({ title, signedIn, children }: { title: string; signedIn: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: navigating or widening the window closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = narrow && drawerPath === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerPath(open ? pathname : null);
  const [collapsed, setCollapsed] = useState(() => safeGet('sideMenuCollapsed') === 'true');
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerPath(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const toggleMenu = () => {
    if (narrow) return setDrawerOpen(!drawerOpen);
    setCollapsed((c) => {
      localStorage.setItem('sideMenuCollapsed', String(!c));
      return !c;
    });
  };

  const onAction = (action: 'share' | 'logout') => {
    if (action === 'logout') return void logout();
    void shareApp({ subject: t('share.subject'), text: t('share.text'), url: window.location.origin });
  };

  return (
    <div
      className={`shell${collapsed && !narrow ? ' is-collapsed' : ''}${narrow ? ' is-narrow' : ''}${signedIn ? '' : ' is-visitor'}`}
    >
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader
        title={title}
        signedIn={signedIn}
        narrow={narrow}
        drawerOpen={drawerOpen}
        collapsed={collapsed}
        onToggleMenu={toggleMenu}
      />
      <SideMenu
        signedIn={signedIn}
        drawer={narrow}
        open={drawerOpen}
        collapsed={collapsed}
        onAction={onAction}
        onNavigate={() => setDrawerOpen(false)}
      />
      {narrow && drawerOpen ? <div className="scrim" aria-hidden="true" onClick={() => setDrawerOpen(false)} /> : null}
      <main id="main" className="shell-main" tabIndex={-1}>
        <OfflineNotice />
        <Suspense fallback={null}>
          <OutboxPanel />
        </Suspense>
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </main>
      {narrow ? <BottomTabs signedIn={signedIn} /> : null}
    </div>
  );
}

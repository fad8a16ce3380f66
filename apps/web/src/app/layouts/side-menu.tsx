import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { MENU, type MenuItem } from '../menu';
import { useVisitorPrompt } from '../visitor-prompt';

interface SideMenuProps {
  signedIn: boolean;
  /** Narrow screens: an off-canvas drawer, inert while closed. */
  drawer: boolean;
  open: boolean;
  collapsed: boolean;
  onAction: (action: 'share' | 'logout') => void;
  onNavigate: () => void;
}

export function SideMenu({ signedIn, drawer, open, collapsed, onAction, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const prompt = useVisitorPrompt();
  const items = MENU.filter((item) => (signedIn ? item.to || item.action : item.visitor !== 'hidden'));
  // A phone's drawer gets its items when it first opens, not with the first screen
  // (on a slow phone they were about 0.15 s of the map's first render); until then it is closed,
  // inert and off screen. Once drawn they stay, for the drawer's closing slide.
  const [drawn, setDrawn] = useState(!drawer || open);
  if (!drawn && (!drawer || open)) setDrawn(true);

  const content = (item: MenuItem) => {
    const Icon = item.icon;
    return (
      <>
        <Icon aria-hidden="true" size={20} className="menu-icon" />
        <span className={collapsed && !drawer ? 'visually-hidden' : 'menu-label'}>{t(`menu.${item.key}`)}</span>
      </>
    );
  };

  const entry = (item: MenuItem) => {
    const target = signedIn ? item.to : typeof item.visitor === 'object' ? item.visitor.to : undefined;
    if (target) {
      return (
        <NavLink
          to={target}
          end
          className="menu-item"
          onClick={onNavigate}
          title={collapsed ? t(`menu.${item.key}`) : undefined}
        >
          {content(item)}
        </NavLink>
      );
    }
    const action = item.action;
    return (
      <button
        type="button"
        className="menu-item"
        title={collapsed ? t(`menu.${item.key}`) : undefined}
        onClick={() => {
          onNavigate();
          if (action) onAction(action);
          else prompt();
        }}
      >
        {content(item)}
      </button>
    );
  };

  return (
    <nav
      id="side-menu"
      aria-label={t('app.mainMenu')}
      className={`side-menu${drawer ? ' is-drawer' : ''}${open ? ' is-open' : ''}${collapsed && !drawer ? ' is-collapsed' : ''}`}
      inert={drawer && !open}
    >
      {drawn ? (
        <ul>
          {items.map((item) => (
            <li key={item.key}>{entry(item)}</li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

import type { RefObject } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { BalanceWidget } from '../../components/balance/balance-widget.tsx';
import { AVIATOR_GAME, launchJdbGame } from '../../lib/game-launch.ts';
import { paths } from '../../paths.ts';
import { HeaderSearch } from './header-search.tsx';
import { RulesButton } from './rules-button.tsx';
import { UserMenu } from './user-menu.tsx';
import { headerLinks } from './nav-links.ts';
import './header.css';

interface HeaderProps {
  userName: string | null;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  onSignOut: () => void;
  /** The hamburger, so focus can come back to it when the drawer closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** While the drawer is open on a phone, the header is out of reach (the drawer is modal). */
  inert: boolean;
}

export function Header({ userName, drawerOpen, onToggleDrawer, onSignOut, toggleRef, inert }: HeaderProps) {
  return (
    <header className="header" data-testid="header" inert={inert}>
      <div className="header-top">
        <button
          ref={toggleRef}
          type="button"
          className="icon-btn hamburger"
          aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={drawerOpen}
          aria-controls="sidebar"
          onClick={onToggleDrawer}
          data-testid="sidebar-toggle"
        >
          <span />
          <span />
          <span />
        </button>
        <Link to={paths.home} className="header-brand" aria-label="Backlay home" data-testid="brand-link">
          <BrandMark />
        </Link>
        <div className="header-tools">
          <HeaderSearch />
          <RulesButton />
          <BalanceWidget />
          <UserMenu userName={userName} onSignOut={onSignOut} />
        </div>
      </div>
      <nav className="header-nav" aria-label="Products">
        {headerLinks.map((label) => (
          <Link
            key={label}
            to={paths.home}
            className="header-link"
            onClick={label === 'Aviator' ? () => void launchJdbGame(AVIATOR_GAME) : undefined}
            data-testid="header-link"
          >
            {label}
          </Link>
        ))}
      </nav>
    </header>
  );
}

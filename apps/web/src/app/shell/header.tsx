import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { BalanceWidget } from '../../components/balance/balance-widget.tsx';
import { AVIATOR_GAME, launchJdbGame } from '../../lib/game-launch.ts';
import { paths } from '../../paths.ts';
import { HeaderSearch } from './header-search.tsx';
import { UserMenu } from './user-menu.tsx';
import { headerLinks } from './nav-links.ts';
import './header.css';

interface HeaderProps {
  userName: string | null;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  onSignOut: () => void;
}

export function Header({ userName, drawerOpen, onToggleDrawer, onSignOut }: HeaderProps) {
  return (
    <header className="header" data-testid="header">
      <div className="header-top">
        <button
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
        <Link to={paths.home} className="header-brand" data-testid="brand-link">
          <BrandMark />
        </Link>
        <div className="header-tools">
          <HeaderSearch />
          <span className="rules-label" data-testid="rules">
            Rules
          </span>
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

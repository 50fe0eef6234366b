import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../paths.ts';
import { roleMay } from '../lib/permissions.ts';
import { useStaffSession } from '../lib/staff-session.ts';
import { ConsoleProvider } from './provider.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { SignOutButton } from './sign-out-button.tsx';

/**
 * The pages an agent may open: its downline, the market analysis and the downline's reports
 * (docs/decisions/0287, 0289, 0294).
 */
const AGENT_PAGES = [
  /^\/downline(\/|$)/,
  /^\/analysis$/,
  /^\/markets\/[^/]+\/book$/,
  /^\/downline-pl$/,
  /^\/live-bets$/,
  /^\/accounts\/[^/]+\/statement$/,
];

/** The signed-in console: header, the navigation the role may use, and the page. */
export function Shell() {
  const session = useStaffSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // A phone's menu closes once a page is chosen.
  useEffect(() => setMenuOpen(false), [pathname]);
  if (!session) return null;
  const role = session.user.staffRole;
  const isAgent = session.user.role === 'agent';
  // An agent reaches only its own pages: the server answers 404 to it everywhere else.
  if (isAgent && !AGENT_PAGES.some((page) => page.test(pathname)))
    return <Navigate to={paths.downline} replace />;
  const items = NAV_ITEMS.filter((item) =>
    isAgent ? item.agents : !item.needs || roleMay(role, item.needs),
  );
  return (
    <ConsoleProvider>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <header className="console-header">
        <button
          type="button"
          className="btn btn-ghost menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <span className="brand">
          Backlay <span className="brand-sub">console</span>
        </span>
        <span className="whoami">
          <span className="whoami-name">{session.user.email}</span>
          <span className="role-badge">{role ?? 'agent'}</span>
        </span>
        <SignOutButton />
      </header>
      <div className="console-body">
        <nav id="console-nav" aria-label="Console" className={menuOpen ? 'console-nav open' : 'console-nav'}>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className="nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="console-main">
          <Outlet />
        </main>
      </div>
    </ConsoleProvider>
  );
}

/** The skip link's target is in the hash router's own territory: focus the main landmark instead. */
function skipToMain(event: React.MouseEvent) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * Whether a sidebar link is the current page: its path or one below it, ignoring case and a trailing
 * slash — what React Router's `NavLink` does by default.
 */
export function isCurrentLink(pathname: string, to: string): boolean {
  const current = pathname.replace(/\/+$/, '').toLowerCase();
  const target = to.replace(/\/+$/, '').toLowerCase();
  return current === target || current.startsWith(`${target}/`);
}

interface SidebarLinkProps {
  to: string;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A `Link` marked `active` and `aria-current="page"` on its own page. Not `NavLink`: React Router is
 * one module in the entry script, so every router API a page uses weighs on the login screen
 * (docs/decisions/0089); this one lives in the shell's chunk.
 */
export function SidebarLink({ to, onClick, children }: SidebarLinkProps) {
  const { pathname } = useLocation();
  const current = isCurrentLink(pathname, to);
  return (
    <Link
      to={to}
      className={current ? 'sidebar-link active' : 'sidebar-link'}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
      data-testid="sidebar-link"
    >
      {children}
    </Link>
  );
}

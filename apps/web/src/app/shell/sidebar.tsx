import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { focusableWithin, trapTabTarget } from './keyboard-nav.ts';
import { sidebarGroups, type SidebarGroup } from './nav-links.ts';
import { SidebarLink } from './sidebar-link.tsx';
import './sidebar.css';

function Group({ group, onNavigate }: { group: SidebarGroup; onNavigate: () => void }) {
  const [open, setOpen] = useState(true);
  const listId = `sidebar-${group.title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="sidebar-group" data-testid="sidebar-group" data-group={group.title}>
      <button
        type="button"
        className="sidebar-group-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        data-testid="sidebar-group-toggle"
      >
        <span>{group.title}</span>
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && (
        <ul id={listId} className="sidebar-links">
          {group.links.map((link) => (
            <li key={link.to}>
              <SidebarLink to={link.to} onClick={onNavigate}>
                {link.label}
              </SidebarLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SidebarProps {
  /** Drawer state on narrow screens; the sidebar is always visible on wide ones. */
  open: boolean;
  onClose: () => void;
}

/**
 * The sidebar; at 900 px and below an off-canvas drawer. The open drawer is a modal dialog: it has its
 * own Close button (it covers the hamburger), takes focus and keeps Tab inside until it closes.
 */
export function Sidebar({ open, onClose }: SidebarProps) {
  const drawer = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open || event.key !== 'Tab' || !drawer.current) return;
    const items = focusableWithin(drawer.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const target = trapTabTarget(index, items.length, event.shiftKey);
    if (target === null) return;
    event.preventDefault();
    items[target]?.focus();
  };

  return (
    <>
      <div className={`sidebar-backdrop${open ? ' is-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <div
        ref={drawer}
        id="sidebar"
        className={`sidebar${open ? ' is-open' : ''}`}
        role={open ? 'dialog' : 'complementary'}
        aria-modal={open ? true : undefined}
        aria-label="Sports and games"
        onKeyDown={onKeyDown}
        data-testid="sidebar"
      >
        <div className="sidebar-drawer-head">
          <span className="sidebar-drawer-title">Menu</span>
          <button
            ref={closeButton}
            type="button"
            className="icon-btn sidebar-close"
            aria-label="Close menu"
            onClick={onClose}
            data-testid="sidebar-close"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {sidebarGroups.map((group) => (
          <Group key={group.title} group={group} onNavigate={onClose} />
        ))}
      </div>
    </>
  );
}

import { useState } from 'react';
import { NavLink } from 'react-router';
import { sidebarGroups, type SidebarGroup } from './nav-links.ts';
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
              <NavLink to={link.to} className="sidebar-link" onClick={onNavigate} data-testid="sidebar-link">
                {link.label}
              </NavLink>
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

export function Sidebar({ open, onClose }: SidebarProps) {
  return (
    <>
      <div className={`sidebar-backdrop${open ? ' is-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <aside
        id="sidebar"
        className={`sidebar${open ? ' is-open' : ''}`}
        aria-label="Sports and games"
        data-testid="sidebar"
      >
        {sidebarGroups.map((group) => (
          <Group key={group.title} group={group} onNavigate={onClose} />
        ))}
      </aside>
    </>
  );
}

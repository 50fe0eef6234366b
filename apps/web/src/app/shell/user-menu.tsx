import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { userMenuLinks } from './nav-links.ts';

/** Closes a popup on a pointer press outside `root` or on Escape. */
function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, root, close]);
}

/** The "Demo" dropdown: report links and Sign out. */
export function UserMenu({ userName, onSignOut }: { userName: string | null; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={userName ?? undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        Demo
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-menu-list" role="menu" data-testid="user-menu-list">
          {userName && <div className="user-menu-name">{userName}</div>}
          {userMenuLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              role="menuitem"
              className="user-menu-item"
              onClick={() => setOpen(false)}
              data-testid="user-menu-item"
            >
              {link.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            className="user-menu-item sign-out"
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
            data-testid="sign-out"
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}

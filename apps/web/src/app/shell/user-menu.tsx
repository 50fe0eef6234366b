import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { menuKeyTarget } from './keyboard-nav.ts';
import { useDismiss } from './use-dismiss.ts';
import { userMenuLinks } from './nav-links.ts';

/** Which item to focus once the menu has rendered: the first, the last, or none (stays on the button). */
type FocusRequest = 'first' | 'last' | null;

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/**
 * The "Demo" menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open it on the first
 * item, ArrowUp on the last; arrows move with wrap, Home/End jump; Escape closes it back onto the button;
 * Tab closes it and moves on.
 */
export function UserMenu({ userName, onSignOut }: { userName: string | null; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const close = useCallback(() => setOpen(false), []);
  const closeToButton = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  useDismiss(open, root, close, closeToButton);

  useEffect(() => {
    if (!open || focusRequest === null) return;
    const items = menuItems(menu.current);
    (focusRequest === 'first' ? items[0] : items.at(-1))?.focus();
    setFocusRequest(null);
  }, [open, focusRequest]);

  const openAt = (request: FocusRequest) => {
    setOpen(true);
    setFocusRequest(request);
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' && event.shiftKey) {
      event.preventDefault();
      closeToButton();
      return;
    }
    const items = menuItems(menu.current);
    const target = menuKeyTarget(
      event.key,
      items.indexOf(document.activeElement as HTMLElement),
      items.length,
    );
    if (target === null) return;
    event.preventDefault();
    items[target]?.focus();
  };

  // Tab moves focus out of the menu on its own; the menu closes once focus has left it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="user-menu" ref={root} onBlur={onBlur}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={userName ?? undefined}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKey}
        data-testid="user-menu"
      >
        Demo
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-menu-list" data-testid="user-menu-list">
          {userName && <div className="user-menu-name">{userName}</div>}
          <div ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKey}>
            {userMenuLinks.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                role="menuitem"
                tabIndex={-1}
                className="user-menu-item"
                onClick={closeToButton}
                data-testid="user-menu-item"
              >
                {link.label}
              </Link>
            ))}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
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
        </div>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The width at which the sidebar turns into a drawer (same as the stylesheets' breakpoint). */
export const DRAWER_MEDIA_QUERY = '(max-width: 900px)';

export interface Drawer {
  open: boolean;
  toggle: () => void;
  /** Closes the drawer and gives focus back to the hamburger that opened it. */
  close: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * Open state of the phone drawer. Every way of closing it (Escape, Close, backdrop, a link) returns
 * focus to the hamburger once the rest of the page is reachable again; growing past the breakpoint
 * closes it, since the wide layout has no drawer.
 */
export function useDrawer(): Drawer {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  // Runs after the render that lifted `inert` from the header, so the hamburger can take focus.
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    toggleRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const narrow = window.matchMedia(DRAWER_MEDIA_QUERY);
    const onResize = () => !narrow.matches && setOpen(false);
    document.addEventListener('keydown', onKey);
    narrow.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKey);
      narrow.removeEventListener('change', onResize);
    };
  }, [open, close]);

  return { open, toggle, close, toggleRef };
}

/** Pure keyboard rules shared by the Demo menu and the drawer's focus trap. */

/**
 * The item a menu key moves to (WAI-ARIA menu pattern): ArrowDown/ArrowUp step with wrap, Home/End jump
 * to the ends. `null` for keys the menu does not handle.
 */
export function menuKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1 + count) % count;
    case 'ArrowUp':
      return index < 0 ? count - 1 : (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Where Tab goes inside a focus trap: from the last item forwards to the first, from the first
 * backwards to the last, from outside to the nearest end. `null` lets the browser move focus normally.
 */
export function trapTabTarget(index: number, count: number, backwards: boolean): number | null {
  if (count <= 0) return null;
  if (index < 0) return backwards ? count - 1 : 0;
  if (!backwards && index === count - 1) return 0;
  if (backwards && index === 0) return count - 1;
  return null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab can reach inside `root`, in document order. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

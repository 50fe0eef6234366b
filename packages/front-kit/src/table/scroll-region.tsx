import type { ReactNode } from 'react';

/**
 * A sideways-scrolling box around a wide table. It is a named, focusable region so keyboard users can
 * scroll it with the arrow keys (WCAG 2.1.1) and screen readers announce what it holds.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

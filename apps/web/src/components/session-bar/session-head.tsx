import type { ReactNode } from 'react';
import { SessionBar } from './session-bar.tsx';

/** A game page's title with the session bar on the same line. */
export function SessionHead({ children }: { children: ReactNode }) {
  return (
    <div className="session-head">
      <h1 className="page-title">{children}</h1>
      <SessionBar />
    </div>
  );
}

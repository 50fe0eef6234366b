import type { ReactNode } from 'react';

/** The page's heading with its controls (CSV export, refresh state) beside it. */
export function PageHead({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-head">
      <h1 className="page-title">{title}</h1>
      {children && <div className="page-tools">{children}</div>}
    </div>
  );
}

import type { ReactNode } from 'react';

export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="empty-state" data-testid={testId ?? 'empty-state'}>
      {children}
    </div>
  );
}

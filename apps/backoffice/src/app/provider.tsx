import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { HttpError } from '../lib/http.ts';

/** Refusals (4xx) are answers, not hiccups: asking again would only repeat them. */
const retryable = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof HttpError && error.status < 500);

export function ConsoleProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: retryable, staleTime: 2_000, refetchOnWindowFocus: true },
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

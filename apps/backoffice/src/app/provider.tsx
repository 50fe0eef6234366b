import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@backlay/front-kit/api-error';
import { ApiResponseError } from '@backlay/front-kit/http';

/** Refusals (4xx) and answers of the wrong shape are not hiccups: asking again would only repeat them. */
const retryable = (failures: number, error: unknown) =>
  failures < 2 && !((error instanceof ApiError && error.status < 500) || error instanceof ApiResponseError);

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

import { useCallback, useEffect, useRef, useState } from 'react';

export interface RequestCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
}

export interface RequestState<TInput, TResult> {
  mutate: (input: TInput, callbacks?: RequestCallbacks<TResult>) => void;
  isPending: boolean;
}

/**
 * A one-shot server call with a pending flag, shaped like TanStack Query's `useMutation` for the
 * screens that run outside the player's signed-in shell: its login screen ships without the query
 * library (docs/decisions/0081). Callbacks of a call that finishes after unmount are dropped.
 */
export function useRequest<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
): RequestState<TInput, TResult> {
  const [pendingCount, setPendingCount] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (input: TInput, callbacks: RequestCallbacks<TResult> = {}) => {
      setPendingCount((count) => count + 1);
      const settle = (report: () => void) => {
        if (!mounted.current) return;
        setPendingCount((count) => count - 1);
        report();
      };
      run(input).then(
        (result) => settle(() => callbacks.onSuccess?.(result)),
        (error: unknown) => settle(() => callbacks.onError?.(error)),
      );
    },
    [run],
  );
  return { mutate, isPending: pendingCount > 0 };
}

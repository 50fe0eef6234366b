import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * One change an operator makes (a deposit, a suspension): runs it, then refreshes what it affects and
 * says what happened. The server's refusal (a 403 naming the role needed, a 409) stays as `error`.
 */
export function useChange<Input>(
  run: (input: Input) => Promise<unknown>,
  affects: readonly QueryKey[],
  describe: (input: Input) => string,
) {
  const client = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onMutate: () => setDone(null),
    onSuccess: async (_answer, input) => {
      setDone(describe(input));
      await Promise.all(affects.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  return {
    run: (input: Input) => mutation.mutate(input),
    busy: mutation.isPending,
    error: mutation.error,
    done,
  };
}

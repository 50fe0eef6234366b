import { useChange } from '../../lib/use-change.ts';
import { feedsKey, startFeed } from './api.ts';
import type { CreateFeedBody } from '@backlay/contracts';

/**
 * Starts a feed. The form's values are read into a body inside the change, so a value the form refuses
 * shows where the server's refusals do.
 */
export function useStartFeed(done: string) {
  return useChange(
    async (build: () => CreateFeedBody) => startFeed(build()),
    [feedsKey],
    () => done,
  );
}
